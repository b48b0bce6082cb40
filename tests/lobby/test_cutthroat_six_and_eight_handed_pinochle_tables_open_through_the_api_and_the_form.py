"""Version 2's Pinochle variants that are played (cutthroat, six-handed, eight-handed; two-handed
has its own test) open through the API and the create form with their seats and the variant's
defaults; the parts of version 2 not played yet (kitty, concession, pinochling, checks) are
refused with ``bad_option`` and left off the form."""

import pytest

from lobby.models import Table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("variant", "players", "target", "min_bid"),
    [("cutthroat", 3, 100, 20), ("six", 6, 500, 75), ("eight", 8, 500, 15)],
)
def test_the_api_opens_a_table_of_each_variant_with_its_seats_and_defaults(
    client_for, alice, variant, players, target, min_bid
):
    made = client_for(alice).post(
        "/api/tables/",
        {"game": "pinochle", "options": {"variant": variant}},
        content_type="application/json",
    )
    assert made.status_code == 201, made.content
    table = Table.objects.get()
    assert table.players == players and table.target == target
    assert table.options["min_bid"] == min_bid and table.options["variant"] == variant


@pytest.mark.parametrize(
    "options",
    [
        {"kitty": "declarer"},
        {"concede": True},
        {"pinochling": True},
        {"variant": "three", "checks": True},
    ],
)
def test_the_parts_not_played_yet_are_refused_as_a_bad_option(client_for, alice, options):
    refused = client_for(alice).post(
        "/api/tables/",
        {"game": "pinochle", "options": options},
        content_type="application/json",
    )
    assert refused.status_code == 400 and refused.json()["code"] == "bad_option"
    assert not Table.objects.exists()


def test_the_form_offers_the_played_variants_and_not_the_parts_to_come(client_for, alice):
    page = client_for(alice, language="en").get("/tables/new/?game=pinochle").content.decode()
    for value, label in [
        ("two", "Two-handed, with a stock"),
        ("cutthroat", "Cutthroat: three players, no widow"),
        ("six", "Six players, two teams, triple deck"),
        ("eight", "Eight players, four teams"),
    ]:
        assert f'<option value="{value}">{label}</option>' in page
    assert 'name="quadruple_pinochle_100"' in page and 'name="two_trump"' in page
    for name in ("kitty", "concede", "pinochling", "checks", "check_bonus"):
        assert f'name="{name}"' not in page
    ar = client_for(alice, language="ar").get("/tables/new/?game=pinochle").content.decode()
    assert "كات ثروت: ثلاثة لاعبين بلا يد الأرملة" in ar and "ثمانية لاعبين، أربعة فرق" in ar


def test_the_form_opens_an_eight_handed_table(client_for, alice):
    response = client_for(alice, language="en").post(
        "/tables/new/",
        {
            "game": "pinochle",
            "variant": "eight",
            "turn_seconds": "20",
            "all_pass": "dealer_stuck",
            "pass_cards": "2",
            "first_lead": "declarer",
            "must_beat": "always",
            "save_meld": "trick",
            "tie_rule": "bidder_first",
            "nines_redeal": "five",
            "two_trump": "turn_up",
            "bot_level": "medium",
            "stake": "0",
            "bots": "on",
            "quadruple_pinochle_100": "on",
        },
    )
    assert response.status_code == 302, response.context["form"].errors
    table = Table.objects.get()
    assert table.players == 8 and table.options["quadruple_pinochle_100"] is True
    assert table.options["pass_cards"] == 2
