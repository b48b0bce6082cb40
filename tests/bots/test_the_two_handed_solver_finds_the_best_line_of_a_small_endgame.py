"""The hard two-handed bot's strict-stage solver finds the known best line of a hand-built
endgame: the card the baseline would lead (its ace) is the worse one, and the solver sees it
from a seat's view alone (the other hand inferred from the cards seen)."""

from __future__ import annotations

from collections import Counter

from games.pinochle import bots, twosearch
from games.pinochle.cards import CANONICAL

# Spades trump, must_beat "always", two tricks left, seat 0 to lead.
#   seat 0 holds AC 9D, seat 1 holds TC TD.
# Lead AC: seat 1 must follow with TC; seat 0 wins AC+TC = 2. Then 9D, seat 1 must beat with
#   TD and wins the last trick: seat 0 ends with 2.
# Lead 9D: seat 1 must beat with TD and wins 1 (the ten). It leads TC, seat 0 must beat with AC
#   and wins AC+TC = 2 and the last trick's 1: seat 0 ends with 3.
# So 9D is worth 3, AC 2: the best line leads the nine.
MINE = ("AC", "9D")
THEIRS = ("TC", "TD")


def strict_view() -> dict:
    """Seat 0's view of that endgame: every other card already played in tricks."""
    rest = Counter(CANONICAL["two"])
    rest.subtract(MINE + THEIRS)
    played = sorted(rest.elements())
    tricks = [
        [{"seat": 0, "card": played[i]}, {"seat": 1, "card": played[i + 1]}]
        for i in range(0, len(played), 2)
    ]
    return {
        "seat": 0,
        "turn": 0,
        "result": None,
        "players": 2,
        "phase": "play",
        "trump": "S",
        "declarer": None,
        "hand": list(MINE),
        "hand_counts": [2, 2],
        "trick": [],
        "tricks_played": tricks,
        "stock_count": 0,
        "options": {"variant": "two", "must_beat": "always", "kitty": "none"},
        "legal": [{"type": "play", "card": c} for c in MINE],
    }


def test_the_solver_values_each_lead_by_the_counters_it_still_wins():
    solver = twosearch.Solver("S", "always", 1)
    assert solver.trick((("9D",), THEIRS), 0, "AC", -1, 100) == 2
    assert solver.trick((("AC",), THEIRS), 0, "9D", -1, 100) == 3
    assert solver.value((MINE, THEIRS), 0, -1, 100) == 3


def test_the_hard_bot_leads_the_nine_where_the_baseline_leads_the_ace():
    view = strict_view()
    assert twosearch.unseen(view) == sorted(THEIRS)
    assert bots.next_action(view)["card"] == "AC"
    assert twosearch.card_values(view, first="9D") == {"9D": 3, "AC": 2}
    assert bots.hard(view) == {"type": "play", "card": "9D"}
