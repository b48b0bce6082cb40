"""Check Pinochle (option ``checks``, three-handed and cutthroat): the side bets a seat wins or
owes each hand, counted in checks (docs/rules/pinochle.md, "Check Pinochle").

Each check a seat wins, every other seat owes it one; so a seat's net is twice its own checks
minus the others' (three seats: the nets sum to 0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from .cards import SUITS

#: the events, in the order a seat's are listed
EVENTS: Final = (
    "run",
    "aces_around",
    "double_around",
    "roundhouse",
    "double_marriage",
    "double_pinochle",
    "seven_nines",
    "set",
    "conceded",
    "game",
)
#: checks of a declarer set by play, and of one who conceded
SET: Final = -2
CONCEDED: Final = -1


def meld_checks(hand: Sequence[str], trump: str) -> list[tuple[str, int]]:
    """The meld checks of a seat's cards with ``trump`` named: a run 1 each (a double run 2),
    single aces around 1, each double around 2, a roundhouse 2, a double marriage 1 per suit,
    a double pinochle 1. One entry per kind, in ``EVENTS`` order."""
    held = Counter(hand)

    def around(rank: str) -> int:
        return min(held[rank + s] for s in SUITS)

    out: list[tuple[str, int]] = []
    runs = min(held[r + trump] for r in "ATKQJ")
    if runs:
        out.append(("run", runs))
    if around("A") == 1:
        out.append(("aces_around", 1))
    doubles = sum(1 for rank in "AKQJ" if around(rank) >= 2)
    if doubles:
        out.append(("double_around", 2 * doubles))
    if all(held["K" + s] and held["Q" + s] for s in SUITS):
        out.append(("roundhouse", 2))
    double_marriages = sum(1 for s in SUITS if held["K" + s] >= 2 and held["Q" + s] >= 2)
    if double_marriages:
        out.append(("double_marriage", double_marriages))
    if held["QS"] >= 2 and held["JD"] >= 2:
        out.append(("double_pinochle", 1))
    return out


def seven_nines(dealt: Sequence[str]) -> bool:
    """Seven or more 9s among the cards a seat was dealt."""
    return sum(1 for c in dealt if c[0] == "9") >= 7


def net(checks: Sequence[int]) -> list[int]:
    """Each seat's net: its checks from every other seat, less what it pays each of them."""
    total = sum(checks)
    return [len(checks) * c - total for c in checks]
