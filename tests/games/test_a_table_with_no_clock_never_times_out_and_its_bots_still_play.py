"""A free table may play with no turn clock (``turn_seconds`` null, for practice): its turns have
no deadline and never time out, the table state says so, and its bots still play their turns
(the sweep sends a stalled bot's turn again). A coin table needs a clock. The option comes
through the engine's options, the create-table form and the API; 0 stays refused."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from games import live, registry
from games.models import Action, Match, Round
from lobby.models import Table

from .conftest import deal_now, latest_round, start_table, step

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", ["banakil", "pinochle"])
def test_no_clock_is_a_null_turn_time_and_zero_stays_refused(game):
    entry = registry.get(game)
    assert entry.options({"turn_seconds": None}).turn_seconds is None
    with pytest.raises(entry.invalid_options):
        entry.options({"turn_seconds": 0})
    with pytest.raises(entry.invalid_options) as coin:
        entry.options({"turn_seconds": None, "stake": 100})
    assert coin.value.code == "bad_option"  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", ["banakil", "pinochle"])
def test_turns_at_a_table_with_no_clock_have_no_deadline_and_bots_play_on(alice, game):
    table = start_table([alice], {"turn_seconds": None}, bots_fill=True, game=game)
    rnd = deal_now(table)
    state = live.snapshot(table.pk, alice)
    assert state["clock"] == {"deadline": None, "remaining_ms": None, "turn_seconds": None}
    later = timezone.now() + timedelta(hours=1)
    assert live.sweep(later)["clocks"] == 0  # nothing to time out, however long it waits
    assert not live.turn_timed_out(rnd.pk, rnd.turn_no)
    for _ in range(40):
        step(table)  # bots play, and alice plays her turns by hand (as the bot would)
    played = Action.objects.filter(round__match__table=table)
    assert played.filter(actor=Action.Actor.BOT).exists()
    assert not played.filter(actor=Action.Actor.TIMEOUT).exists()
    assert Round.objects.filter(match__table=table, deadline__isnull=False).count() == 0


def test_the_sweep_sends_a_stalled_bots_turn_again_at_a_table_with_no_clock(alice):
    table = start_table([alice], {"turn_seconds": None}, bots_fill=True)
    deal_now(table)
    while Match.objects.get(table=table).seat_states[latest_round(table).turn_seat].human:
        step(table)
    assert live.sweep(timezone.now() + timedelta(minutes=1))["bots"] == 1


def test_the_form_left_empty_and_the_api_with_null_open_a_table_with_no_clock(
    alice, bob, client_for
):
    form = {"players": "4", "out_bonus": "20", "nazla_bonus": "51"}
    form |= {"nazla_bonus_no_melds": "102", "stake": "0", "turn_seconds": ""}
    response = client_for(alice, "en").post("/tables/new/", form)
    assert response.status_code == 302
    assert Table.objects.get(created_by=alice).options["turn_seconds"] is None
    api = APIClient()
    api.force_login(bob, backend="django.contrib.auth.backends.ModelBackend")
    made = api.post("/api/tables/", {"options": {"turn_seconds": None}}, format="json")
    assert made.status_code == 201 and made.json()["options"]["turn_seconds"] is None


@pytest.mark.parametrize(("language", "words"), [("en", "No clock"), ("ar", "بدون وقت")])
def test_the_lobby_and_the_waiting_room_show_no_clock(alice, client, client_for, language, words):
    from lobby import services

    table = services.create_table(alice, {"turn_seconds": None})
    client.cookies["django_language"] = language
    assert words in client.get("/").content.decode()
    assert words in client_for(alice, language).get(f"/tables/{table.pk}/").content.decode()
