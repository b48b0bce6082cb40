"""A rematch: when a match is over, its players ask to play again; each sits at their old seat
of a new table with the same game and options, and once every player is back it starts (bots
in the seats bots held, at a free table). Everyone still on the old table sees who is back."""

import pytest
from asgiref.sync import sync_to_async

from games import live
from games.models import Match
from games.refusals import GameRefusal
from lobby.models import Table
from lobby.refusals import LobbyRefusal
from tests.coins.conftest import default_coin_rules, end, player, start_coin_match  # noqa: F401

from .conftest import play_to_the_end, start_table
from .test_the_table_socket import connect

pytestmark = pytest.mark.django_db


def finished_table(players, **options):
    table = start_table(players, {"target": 20, **options}, bots_fill=True)
    play_to_the_end(table)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return table


def test_the_first_to_ask_opens_the_table_and_the_last_starts_it(alice, bob):
    old = finished_table([alice, bob])
    again = live.rematch(alice, old.pk)
    assert again.rematch_of_id == old.pk and again.status == Table.Status.WAITING
    assert (again.game, again.options) == (old.game, old.options)
    assert list(again.seats.values_list("number", "user")) == [(0, alice.pk)]
    state = live.snapshot(old.pk, bob)
    assert state["match"]["rematch"] == {"table": again.pk, "status": "waiting", "seats": [0]}
    assert live.rematch(bob, old.pk).pk == again.pk
    again.refresh_from_db()
    assert again.status == Table.Status.PLAYING
    match = Match.objects.get(table=again)
    states = match.seat_states
    assert [s.user for s in states] == [alice.pk, bob.pk, None, None]
    assert states[2].bot and states[3].bot
    assert live.snapshot(old.pk, alice)["match"]["rematch"]["status"] == "playing"


def test_asking_twice_keeps_one_seat(alice, bob):
    old = finished_table([alice, bob])
    first = live.rematch(alice, old.pk)
    assert live.rematch(alice, old.pk).pk == first.pk
    assert first.seats.count() == 1


def test_only_the_matchs_players_may_ask_and_only_once_it_is_over(
    alice, bob, carol, dave, outsider
):
    table = start_table([carol, dave], {"players": 2})
    with pytest.raises(GameRefusal) as refusal:
        live.rematch(carol, table.pk)
    assert refusal.value.code == "match_not_over"
    old = finished_table([alice, bob])
    with pytest.raises(GameRefusal) as refusal:
        live.rematch(outsider, old.pk)
    assert refusal.value.code == "not_a_player"


def test_a_coin_rematch_needs_the_stake_again(player):  # noqa: F811
    alice, bob = player("alice", 100), player("bob", 500)
    old = end(start_coin_match([alice, bob], 100), winner=1)  # alice lost her 100
    again = live.rematch(bob, old.table_id)
    with pytest.raises(LobbyRefusal) as refusal:
        live.rematch(alice, old.table_id)
    assert refusal.value.code == "not_enough_coins"
    assert again.seats.count() == 1 and Table.objects.get(pk=again.pk).status == "waiting"


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_asking_over_the_socket_answers_the_new_tables_address(socket, alice, bob):
    old = await sync_to_async(finished_table)([alice, bob])
    ws, _state = await connect(socket, alice, old)
    await ws.send_json_to({"type": "rematch"})
    while (reply := await ws.receive_json_from(timeout=5))["type"] == "state":
        pass
    again = await sync_to_async(Table.objects.get)(rematch_of=old)
    assert reply == {"type": "rematch", "table": again.pk, "url": f"/tables/{again.pk}/"}
    await ws.disconnect()
