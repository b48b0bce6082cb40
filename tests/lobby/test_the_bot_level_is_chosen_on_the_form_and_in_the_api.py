"""A free table's bot level (easy, medium, hard; medium by default) is chosen on the create-table
form and in the API, is stored with the table's options, and the API's schema names it."""

import pytest

from lobby.models import Table

pytestmark = pytest.mark.django_db

FORM = {
    "players": "4",
    "turn_seconds": "20",
    "out_bonus": "20",
    "nazla_bonus": "51",
    "nazla_bonus_no_melds": "102",
    "stake": "0",
    "bots": "on",
}


@pytest.mark.parametrize("game", ["banakil", "pinochle"])
def test_the_form_offers_the_three_levels_in_both_languages(client_for, alice, game):
    form = client_for(alice).get(f"/tables/new/?game={game}").context["form"]
    field = form["bot_level"]
    assert field.initial == "medium"
    assert [value for value, _label in field.field.choices] == ["easy", "medium", "hard"]
    arabic = client_for(alice, language="ar").get(f"/tables/new/?game={game}").content.decode()
    assert all(word in arabic for word in ("مستوى اللاعب الآلي", "سهل", "متوسط", "صعب"))


def test_a_table_opened_on_the_form_keeps_its_level(client_for, alice):
    response = client_for(alice).post("/tables/new/", {**FORM, "bot_level": "hard"})
    assert response.status_code == 302
    assert Table.objects.get().options["bot_level"] == "hard"


def test_a_form_without_a_level_opens_a_medium_table(client_for, alice):
    assert client_for(alice).post("/tables/new/", FORM).status_code == 302
    assert Table.objects.get().options["bot_level"] == "medium"


def test_a_level_that_does_not_exist_is_a_form_error(client_for, alice):
    response = client_for(alice).post("/tables/new/", {**FORM, "bot_level": "genius"})
    assert response.status_code == 200 and "bot_level" in response.context["form"].errors
    assert not Table.objects.exists()


@pytest.mark.parametrize("game", ["banakil", "pinochle"])
def test_the_api_opens_a_table_at_a_level_and_refuses_an_unknown_one(client_for, alice, game):
    client = client_for(alice)
    made = client.post(
        "/api/tables/",
        {"game": game, "options": {"bot_level": "easy"}},
        content_type="application/json",
    )
    assert made.status_code == 201, made.content
    assert made.json()["options"]["bot_level"] == "easy"
    Table.objects.all().delete()
    refused = client.post(
        "/api/tables/",
        {"game": game, "options": {"bot_level": "genius"}},
        content_type="application/json",
    )
    assert refused.status_code == 400 and refused.json()["code"] == "bad_option"


def test_the_api_schema_names_the_bot_level_option(client):
    schema = client.get("/api/schema/?format=json").content.decode()
    assert (
        "bot_level, how well the table's bots play: easy, medium, hard (default medium)" in schema
    )
