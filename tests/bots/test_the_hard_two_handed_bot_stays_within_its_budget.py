"""The hard two-handed bot's solver stays within its budget: past its time or its node cap it
gives up and the bot plays the baseline's card; within them it answers."""

from __future__ import annotations

import itertools

from games.pinochle import Options, Round, bots, twosearch


def first_strict_view() -> dict:
    """A seat's view at the strict stage's first trick (12 cards each), baseline play before."""
    r = Round.deal(Options(variant="two"), 0, secret=f"{7400:064x}")
    while r.turn is not None:
        view = r.view(r.turn)
        if view["phase"] == "play" and not view["stock_count"]:
            return view
        r.apply(r.turn, bots.next_action(view))
    raise AssertionError("the hand ended before the strict stage")


def test_a_search_past_its_time_gives_the_baseline_card():
    view = first_strict_view()
    assert len(view["hand"]) == 12
    ticks = itertools.count()
    clock = lambda: next(ticks) / 1000  # noqa: E731  (each reading: one more millisecond)
    assert twosearch.card_values(view, budget_ms=5, clock=clock) is None
    readings = next(ticks)
    assert readings < 10  # it stopped at the first look at the clock past the budget
    assert bots.hard(view, budget_ms=5, clock=clock) == bots.next_action(view)


def test_a_search_past_its_node_cap_gives_the_baseline_card():
    view = first_strict_view()
    assert twosearch.card_values(view, node_cap=50) is None
    base = bots.next_action(view)["card"]
    assert twosearch.choose_card(view, base, node_cap=50) == base


def test_within_its_budget_it_values_every_legal_card():
    view = first_strict_view()
    values = twosearch.card_values(view, budget_ms=5000)
    assert values is not None
    assert set(values) == {a["card"] for a in view["legal"]}
    # everything left to win: the counters still out and the last trick
    assert 0 <= max(values.values()) <= 24 + 1
