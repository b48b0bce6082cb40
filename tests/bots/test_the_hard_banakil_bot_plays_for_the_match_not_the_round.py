"""The hard Banakil bot scores its play-outs by the chance to win the match when its view carries
the match's score (as at a live table), and by the round's margin when it does not."""

from __future__ import annotations

import pytest

from games import registry
from games.banakil import Options, Round, bots, search


def test_a_round_that_ends_the_match_counts_as_won_or_lost():
    assert search.win_chance(230, 200, 222) == 1.0
    assert search.win_chance(200, 230, 222) == 0.0
    assert search.win_chance(225, 224.5, 222) == 1.0
    assert search.win_chance(230, 230, 222) == 0.5  # level past the target: one more round


def test_before_the_target_the_chance_grows_with_the_lead_and_is_even_when_level():
    assert search.win_chance(100, 100, 222) == pytest.approx(0.5)
    chances = [search.win_chance(100 + lead, 100, 222) for lead in (-40, -10, 0, 10, 40)]
    assert chances == sorted(chances) and len(set(chances)) == 5
    for ours, theirs in [(0, 30), (150, 190), (210, 180)]:
        both = search.win_chance(ours, theirs, 222) + search.win_chance(theirs, ours, 222)
        assert both == pytest.approx(1.0)


def test_the_same_lead_counts_for_more_near_the_target():
    early = search.win_chance(30, 0, 222) - search.win_chance(0, 30, 222)
    late = search.win_chance(210, 180, 222) - search.win_chance(180, 210, 222)
    assert late > early


def finished_round() -> Round:
    r = Round.deal(Options(), 0, secret=f"{4321:064x}")
    while r.result is None:
        r.apply(r.turn, bots.next_action(r.view(r.turn)))
    return r


def test_without_the_score_a_play_out_counts_its_margin_and_with_it_the_match():
    r = finished_round()
    view = r.view(0)
    pts = [float(p) for p in r.result["team_points"]]
    assert search.scorer(view)(r, 0) == pts[0] - pts[1]
    level = registry.with_score(view, 222, ["0", "0"])
    assert search.scorer(level)(r, 0) == pytest.approx(search.win_chance(pts[0], pts[1], 222))
    # the team one round's points from the target: this round ends the match, for its winner
    winner = 0 if pts[0] > pts[1] else 1
    close = ["0", "0"]
    close[winner] = "221.5"
    assert search.scorer(registry.with_score(view, 222, close))(r, winner) == 1.0
    assert search.scorer(registry.with_score(view, 222, close))(r, 1 - winner) == 0.0


def test_the_hard_bot_plays_legal_moves_from_a_view_with_the_score():
    r = Round.deal(Options(bot_level="hard"), 1, secret=f"{8765:064x}")
    for _ in range(40):
        if r.result is not None:
            break
        view = registry.with_score(r.view(r.turn), 222, ["180", "205.5"])
        r.apply(r.turn, bots.hard(view, budget_ms=30, samples=6))  # an illegal move raises
