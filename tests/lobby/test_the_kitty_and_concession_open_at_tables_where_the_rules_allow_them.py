"""The kitty («القطّة») and concession («التسليم») are played at tables (issue #30): the API, the
create form and «Play against bots» open tables with them; a kitty off the single deck and
concession two-handed are refused with the engine's own reason; the form says the kitty is for
partners with one deck; a table's card in the lobby names its house rules in both languages."""

import pytest

from lobby.models import Table

from .test_every_pinochle_mode_opens_at_tables import FORM, opened_by_the_api

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "options",
    [
        {"kitty": "declarer"},
        {"kitty": "deal_out", "concede": True},
        {"variant": "three", "concede": True},
        {"variant": "eight", "concede": True, "pinochling": True},
    ],
)
def test_the_api_opens_tables_with_the_kitty_and_concession(client_for, alice, options):
    opened_by_the_api(client_for(alice), options)


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"variant": "double", "kitty": "declarer"}, "a kitty is played only with a single deck"),
        ({"variant": "three", "kitty": "deal_out"}, "a kitty is played only with a single deck"),
        ({"variant": "two", "concede": True}, "two-handed Pinochle has no concession"),
    ],
)
def test_a_kitty_off_the_single_deck_and_concession_two_handed_are_refused_with_the_reason(
    client_for, alice, options, reason
):
    refused = client_for(alice, language="en").post(
        "/api/tables/",
        {"game": "pinochle", "options": options},
        content_type="application/json",
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "bad_option" and reason in refused.json()["message"]
    assert not Table.objects.exists()


def test_the_form_offers_the_kitty_for_one_deck_and_concession_in_both_languages(client_for, alice):
    page = client_for(alice, language="en").get("/tables/new/?game=pinochle").content.decode()
    assert 'name="kitty"' in page and 'name="concede"' in page
    assert "The kitty (partners, one deck only)" in page
    assert "Partners with one deck only (any other variant refuses it)" in page
    for value, words in (
        ("none", "No kitty"),
        ("declarer", "To the declarer, who puts four aside"),
        ("deal_out", "Dealt out by the declarer, one card to each player"),
    ):
        assert f'<option value="{value}"' in page and words in page
    assert "The declarer may concede before the first lead" in page
    ar = client_for(alice, language="ar").get("/tables/new/?game=pinochle").content.decode()
    assert "القطّة (شراكة بورق واحد بس)" in ar
    assert "صاحب المزايدة يقدر يسلّم قبل أول ورقة" in ar


def test_the_form_refuses_a_three_handed_kitty_with_the_engines_reason(client_for, alice):
    form = {**FORM, "variant": "three", "kitty": "declarer"}
    response = client_for(alice, language="en").post("/tables/new/", form)
    assert response.status_code == 200
    errors = str(response.context["form"].non_field_errors())
    assert "a kitty is played only with a single deck" in errors
    assert not Table.objects.exists()
    made = client_for(alice, language="en").post(
        "/tables/new/", {**form, "variant": "single", "kitty": "deal_out", "concede": "on"}
    )
    assert made.status_code == 302, made.context["form"].errors
    table = Table.objects.get()
    assert table.options["kitty"] == "deal_out" and table.options["concede"] is True


def test_play_against_bots_offers_the_kitty_and_concession_and_starts_such_a_table(
    client_for, alice
):
    client = client_for(alice, language="en")
    lobby = client.get("/").content.decode()
    for key, words in (
        ("single_kitty", "Partners, one deck, the kitty to the declarer"),
        ("single_kitty_out", "Partners, one deck, the kitty dealt out"),
        ("three_concede", "Three-handed, the declarer may concede"),
    ):
        assert f'<option value="pinochle:{key}">Pinochle · {words}</option>' in lobby
    chosen = {"mode": "pinochle:single_kitty_out", "clock": "off"}
    started = client.post("/tables/play-bots/", chosen)
    assert started.status_code == 302
    table = Table.objects.get()
    assert table.game == "pinochle" and table.status == Table.Status.PLAYING
    assert table.options["kitty"] == "deal_out" and table.options["variant"] == "single"
    assert table.seats.filter(is_bot=True).count() == 3


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "the kitty dealt out · concession"),
        ("ar", "القطّة تتوزع · التسليم"),
    ],
)
def test_a_tables_card_in_the_lobby_names_its_house_rules(client_for, alice, bob, language, words):
    client_for(alice).post(
        "/api/tables/",
        {"game": "pinochle", "options": {"kitty": "deal_out", "concede": True}},
        content_type="application/json",
    )
    client_for(bob).post(
        "/api/tables/", {"game": "pinochle", "options": {}}, content_type="application/json"
    )
    page = client_for(alice, language=language).get("/").content.decode()
    assert page.count('data-testid="table-house-rules"') == 1
    assert words in page
