"""The kitty and concession through the live layer (issue #30): a table created with each plays
its hands through the service functions the socket and the Celery tasks call. The declarer takes
the kitty, names trump and puts four aside; or deals the kitty out and every seat's own view
shows the card it got, in its hand; a concession ends the hand with the declaring side at minus
the contract and the match goes on; the clock's time-outs deal the kitty out and play on."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import live
from games.models import Action, Match, Round
from games.pinochle import bots

from .conftest import latest_round, start_table, step

pytestmark = pytest.mark.django_db

QUIET = {"nines_redeal": "off", "target": 1000}


def play_until(table: Any, done: Any, choose: Any = None, limit: int = 2000) -> Round:
    """Step the table until ``done(round)`` holds for its latest round."""
    for _ in range(limit):
        rnd = latest_round(table)
        if done(rnd):
            return rnd
        assert step(table, choose), "the match ended first"
    raise AssertionError("the moment never came")


def finished(rnd: Round) -> bool:
    return rnd.status == Round.Status.FINISHED


def in_phase(phase: str) -> Any:
    return lambda rnd: rnd.status == Round.Status.PLAYING and rnd.engine().phase == phase


def test_a_kitty_to_the_declarer_is_taken_trump_named_and_four_put_aside(alice):
    table = start_table([alice], {"kitty": "declarer", **QUIET}, bots_fill=True, game="pinochle")
    rnd = play_until(table, finished)
    engine = rnd.engine()
    kinds = [a["type"] for _seat, a in engine.actions]
    assert kinds.index("trump") + 1 == kinds.index("discard")
    seat, discard = next((s, a) for s, a in engine.actions if a["type"] == "discard")
    assert seat == engine.declarer and len(discard["cards"]) == 4
    assert sorted(engine.discarded or ()) == sorted(discard["cards"])
    assert kinds.count("play") == 44 and rnd.result["reason"] == "played"
    assert sum(rnd.result["counters"]) == 25  # the discard's counters count, the hand still 25
    assert sum(1 for a in Action.objects.filter(round=rnd) if a.payload["type"] == "discard") == 1


def test_a_kitty_dealt_out_shows_each_seat_its_own_card_in_its_hand(alice, bob, carol, dave):
    users = [alice, bob, carol, dave]
    table = start_table(users, {"kitty": "deal_out", **QUIET}, game="pinochle")
    rnd = play_until(table, in_phase("trump"))
    given = rnd.engine().kitty_given
    assert given is not None and sorted(given) == sorted(rnd.engine().kitty or ())
    declarer = rnd.engine().declarer
    for seat, user in enumerate(users):
        view = live.snapshot(table.pk, user)["view"]
        assert view["kitty_card"] == given[seat] and given[seat] in view["hand"]
        assert len(view["hand"]) == 12
        if seat == declarer:
            assert view["kitty_given"] == given and sorted(view["kitty"]) == sorted(given)
        else:
            assert view["kitty"] is None and view["kitty_given"] is None
    rnd = play_until(table, finished)
    assert rnd.result["reason"] == "played"
    assert [a["type"] for _s, a in rnd.engine().actions].count("play") == 48


def test_a_concession_scores_minus_the_contract_and_the_match_goes_on(alice, bob, carol, dave):
    table = start_table([alice, bob, carol, dave], {"concede": True, **QUIET}, game="pinochle")

    def concede(view: dict[str, Any]) -> dict[str, Any]:
        return {"type": "concede"} if view["phase"] == "concede" else bots.next_action(view)

    rnd = play_until(table, finished, concede)
    result = rnd.result
    assert result["reason"] == "conceded" and result["made"] is False
    declaring = result["declarer"] % 2
    assert result["team_points"][declaring] == -result["contract"]
    assert result["team_points"][1 - declaring] == result["meld"][1 - declaring]
    assert result["counters"] == [0, 0]
    assert not any(a["type"] == "play" for _s, a in rnd.engine().actions)
    match = Match.objects.get(table=table)
    assert match.status == Match.Status.PLAYING
    assert [float(t) for t in match.totals] == [float(p) for p in result["team_points"]]
    assert step(table)  # the next hand comes
    assert latest_round(table).number == 2


def expire(rnd: Round) -> None:
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() - timedelta(seconds=1))


def test_the_clock_deals_the_kitty_out_and_plays_on(alice, bob, carol, dave):
    table = start_table(
        [alice, bob, carol, dave],
        {"kitty": "deal_out", "concede": True, "turn_seconds": 30, **QUIET},
        game="pinochle",
    )
    for phase, kind in (("kitty", "give_kitty"), ("concede", "play_on")):
        rnd = play_until(table, in_phase(phase))
        expected = rnd.engine().timeout_actions()
        assert [a["type"] for a in expected] == [kind]
        expire(rnd)
        assert live.turn_timed_out(rnd.pk, rnd.turn_no)
        last = Action.objects.filter(round=rnd).order_by("-seq").first()
        assert last.payload == expected[0] and last.actor == Action.Actor.TIMEOUT
    assert latest_round(table).engine().phase == "play"
