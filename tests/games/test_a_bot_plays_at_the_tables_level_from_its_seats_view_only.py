"""The live layer hands a bot exactly the engine's view of its seat, with the match's score as
every seat's state shows it (``registry.with_score``), and plays the bot of the table's level
(``bot_level``), for a bot's seat from the start and for a player who left; every seat's state
names the level while a bot plays it."""

from __future__ import annotations

from typing import Any

import pytest

from games import live, registry
from games.models import Match, Round

from .conftest import deal_now, latest_round, start_table, step

pytestmark = pytest.mark.django_db


@pytest.fixture
def calls(monkeypatch) -> list[tuple[str, str, dict[str, Any]]]:
    """Record what each level's bot receives (each still plays its own move)."""
    seen: list[tuple[str, str, dict[str, Any]]] = []
    for game in registry.GAMES.values():
        for level, bot in dict(game.bots).items():

            def recording(view, _bot=bot, _game=game.id, _level=level):
                seen.append((_game, _level, view))
                return _bot(view)

            monkeypatch.setitem(game.bots, level, recording)
    return seen


def bot_turn(table, watcher) -> tuple[int, dict[str, Any]]:
    """Play the next bot move as the Celery task would; the seat, and the view the engine gave
    that seat just before with the match's target and totals as ``watcher``'s state shows
    them."""
    rnd = latest_round(table)
    seat = rnd.turn_seat
    view = rnd.engine().view(seat)
    shown = live.snapshot(table.pk, watcher)["match"]
    assert live.bot_moves(rnd.pk, rnd.turn_no, rnd.event_no)
    return seat, {**view, "match": {"target": shown["target"], "totals": shown["totals"]}}


@pytest.mark.parametrize("game", ["banakil", "pinochle"])
def test_a_bot_from_the_start_gets_its_seats_view_and_plays_the_tables_level(alice, calls, game):
    table = start_table([alice], {"bot_level": "hard"}, bots_fill=True, game=game)
    deal_now(table)
    while latest_round(table).status != Round.Status.PLAYING:  # a misdeal ends a round at once
        step(table)
    for _ in range(3):
        rnd = latest_round(table)
        if rnd.turn_seat == 0:
            break
        seat, view = bot_turn(table, alice)
        got_game, level, got = calls[-1]
        assert (got_game, level) == (game, "hard")
        assert got == view and got["seat"] == seat  # that seat's view and the score, no more
    state = live.snapshot(table.pk, alice)
    levels = [s["bot_level"] for s in state["seats"]]
    assert levels[0] is None and set(levels[1:]) == {"hard"}


def test_a_bot_standing_in_for_a_player_who_left_plays_at_the_tables_level(
    alice, bob, carol, dave, calls
):
    table = start_table([alice, bob, carol, dave], {"bot_level": "easy"})
    rnd = deal_now(table)
    leaver = [alice, bob, carol, dave][rnd.turn_seat]
    live.leave(leaver, table.pk)
    match = Match.objects.get(table=table)
    assert match.seat_states[rnd.turn_seat].bot
    watcher = next(u for u in (alice, bob, carol, dave) if u != leaver)
    seat, view = bot_turn(table, watcher)
    assert calls[-1] == ("banakil", "easy", view) and seat == rnd.turn_seat
    seats = live.snapshot(table.pk, watcher)["seats"]
    assert seats[seat]["bot_level"] == "easy"
    assert [s["bot_level"] for n, s in enumerate(seats) if n != seat] == [None] * 3


def test_a_table_made_before_levels_plays_the_medium_bot(alice, calls):
    table = start_table([alice], {}, bots_fill=True)
    match = Match.objects.get(table=table)
    stored = dict(match.options)
    stored.pop("bot_level", None)  # an older table's options
    Match.objects.filter(pk=match.pk).update(options=stored)
    deal_now(table)
    while latest_round(table).turn_seat == 0:  # alice first: she plays her turn
        rnd = latest_round(table)
        view = live.snapshot(table.pk, alice)["view"]
        live.play(table.pk, alice, registry.get("banakil").bot(view), rnd.turn_no)
    bot_turn(table, alice)
    assert calls[-1][1] == "medium"
