"""Every Pinochle mode opens at tables (issue #30 gave two-handed, six- and eight-handed their
table page): cutthroat, two-handed (with its choice of trump, ``two_trump``), six- and
eight-handed (with ``quadruple_pinochle_100``) open through the API and the create form with
their seats and defaults, and the form and «Play against bots» offer them. (The kitty and
concession: test_the_kitty_and_concession_open_at_tables_where_the_rules_allow_them.py.)"""

import pytest

from lobby.models import Table

pytestmark = pytest.mark.django_db


def test_the_api_opens_a_cutthroat_table_with_its_seats_and_defaults(client_for, alice):
    made = client_for(alice).post(
        "/api/tables/",
        {"game": "pinochle", "options": {"variant": "cutthroat"}},
        content_type="application/json",
    )
    assert made.status_code == 201, made.content
    table = Table.objects.get()
    assert table.players == 3 and table.target == 100
    assert table.options["min_bid"] == 20 and table.options["variant"] == "cutthroat"


def opened_by_the_api(client, options: dict) -> Table:
    """The Pinochle table the API opens with these options, which it keeps as given."""
    made = client.post(
        "/api/tables/",
        {"game": "pinochle", "options": options},
        content_type="application/json",
    )
    assert made.status_code == 201, made.content
    table = Table.objects.get()
    for name, value in options.items():
        assert table.options[name] == value
    return table


@pytest.mark.parametrize(
    ("options", "players", "target", "min_bid"),
    [
        ({"variant": "two"}, 2, 100, 20),
        ({"variant": "two", "two_trump": "auction"}, 2, 100, 20),
        ({"variant": "six"}, 6, 500, 75),
        ({"variant": "eight", "quadruple_pinochle_100": True}, 8, 500, 15),
    ],
)
def test_the_api_opens_two_six_and_eight_handed_tables(
    client_for, alice, options, players, target, min_bid
):
    table = opened_by_the_api(client_for(alice), options)
    assert table.players == players and table.target == target
    assert table.options["min_bid"] == min_bid


def test_the_form_and_play_against_bots_offer_every_mode(client_for, alice):
    page = client_for(alice, language="en").get("/tables/new/?game=pinochle").content.decode()
    assert '<option value="cutthroat">Cutthroat: three players, no widow</option>' in page
    assert '<option value="two">Two-handed, with a stock</option>' in page
    assert '<option value="six">Six players, two teams, triple deck</option>' in page
    assert '<option value="eight">Eight players, four teams</option>' in page
    for name in ("two_trump", "quadruple_pinochle_100", "pinochling", "checks"):
        assert f'name="{name}"' in page
    ar = client_for(alice, language="ar").get("/tables/new/?game=pinochle").content.decode()
    assert "كات ثروت: ثلاثة لاعبين بلا يد الأرملة" in ar
    lobby = client_for(alice, language="en").get("/").content.decode()
    for mode in ("cutthroat", "two", "six", "eight"):
        assert f'value="pinochle:{mode}"' in lobby


#: what a browser posts from the Pinochle create form left at its defaults (every option the
#: form shows, whatever the variant), the variant aside
FORM = {
    "game": "pinochle",
    "turn_seconds": "20",
    "all_pass": "dealer_stuck",
    "pass_cards": "0",
    "first_lead": "declarer",
    "must_beat": "always",
    "save_meld": "trick",
    "tie_rule": "bidder_first",
    "nines_redeal": "five",
    "check_bonus": "5",
    "two_trump": "turn_up",
    "kitty": "none",
    "bot_level": "medium",
    "stake": "0",
}


def test_the_form_opens_a_cutthroat_table(client_for, alice):
    response = client_for(alice, language="en").post(
        "/tables/new/", {**FORM, "variant": "cutthroat", "bots": "on"}
    )
    assert response.status_code == 302, response.context["form"].errors
    table = Table.objects.get()
    assert table.players == 3 and table.options["variant"] == "cutthroat"
