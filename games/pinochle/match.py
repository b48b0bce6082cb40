"""A match of Pinochle: hands until a side reaches the target (docs/rules/pinochle.md, "The match").

The first dealer comes from the fair ``dealer`` draw (``below(seats)``: 2, 3, 4, 6 or 8). The
deal moves one seat after each hand, also after an ``all_passed`` hand, but not after a nines
``redeal`` (the same dealer deals again). Only played hands change the totals and are checked
for the end. Dealing, recording a hand once and the JSON round trip are the kit's
(``games.kit.match``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games import kit

from . import checks
from .errors import IllegalAction
from .options import Options
from .round import Round


def _unique_highest(totals: Sequence[int], among: Sequence[int]) -> int | None:
    """The side of ``among`` with the highest total, if no other of them is level with it."""
    if not among:
        return None
    top = max(totals[s] for s in among)
    best = [s for s in among if totals[s] == top]
    return best[0] if len(best) == 1 else None


def match_winner(
    totals: Sequence[int],
    declarer_side: int,
    target: int,
    tie_rule: str,
    minus_target_loses: bool,
) -> int | None:
    """Who has won after a played hand, or None to play on.

    ``bidder_first``: the declaring side at or over the target wins; otherwise the unique highest
    of the others at or over it. ``higher_total``: the unique highest of everyone at or over the
    target. Then, with ``minus_target_loses`` and no winner yet: every side at or below −target
    loses and the unique highest of the rest wins (if every side is that low, the unique highest
    of all).
    """
    sides = range(len(totals))
    reached = [s for s in sides if totals[s] >= target]
    if tie_rule == "bidder_first":
        if totals[declarer_side] >= target:
            return declarer_side
        winner = _unique_highest(totals, [s for s in reached if s != declarer_side])
    else:
        winner = _unique_highest(totals, reached)
    if winner is None and minus_target_loses:
        losers = [s for s in sides if totals[s] <= -target]
        if losers:
            rest = [s for s in sides if s not in losers]
            winner = _unique_highest(totals, rest or list(sides))
    return winner


class Match(kit.Match[Options, Round]):
    """Hands until a side wins. ``totals`` and ``winner`` are per side ("unit", ``seat % sides``):
    per team ([A, B], 0 = team A; eight-handed four teams), or per seat three-handed and
    cutthroat."""

    round_class = Round
    refusal: ClassVar[type[IllegalAction]] = IllegalAction
    round_word: ClassVar[str] = "hand"
    game: ClassVar[str] = "pinochle"

    def check_round(self, rnd: Round) -> None:
        if rnd.options != self.options:
            raise IllegalAction("bad_round", "this hand was not dealt with this match's options")

    @classmethod
    def summary(cls, result: Mapping[str, Any]) -> dict[str, Any]:
        """The reason, points and declarer; pinochling's ``swept`` and each seat's ``checks``
        where those options are on."""
        kept = {
            "reason": result["reason"],
            "team_points": list(result["team_points"]),
            "declarer": result["declarer"],
        }
        if "swept" in result:
            kept["swept"] = result["swept"]
        if "checks" in result:
            kept["checks"] = list(result["checks"])
        return kept

    def keeps_dealer(self, summary: Mapping[str, Any]) -> bool:
        """A nines redeal: the same dealer deals again."""
        return bool(summary["reason"] == "redeal")

    def counts(self, summary: Mapping[str, Any]) -> bool:
        """Only played and conceded hands change the totals and are checked for the end."""
        return summary["reason"] in ("played", "conceded")

    def winner_after(self, summary: Mapping[str, Any]) -> int | None:
        """The declaring side first (``tie_rule``). Two-handed with a turn-up has no declarer:
        the higher total of the seats at or over the target, level: one more hand."""
        declarer = summary["declarer"]
        o = self.options
        if summary.get("swept") is not None:
            return int(summary["swept"])  # pinochling: a side took every trick
        if declarer is None:  # two-handed, trump by the turn-up
            return match_winner(self.totals, 0, o.target, "higher_total", o.minus_target_loses)
        side = declarer % o.sides
        return match_winner(self.totals, side, o.target, o.tie_rule, o.minus_target_loses)

    @property
    def checks(self) -> list[int]:
        """Check Pinochle: each seat's checks over every recorded hand, plus ``check_bonus``
        for the winner once the match is over (all 0 without ``checks``)."""
        o = self.options
        per_seat = [0] * o.players
        for summary in self.results:
            for seat, n in enumerate(summary.get("checks") or ()):
                per_seat[seat] += n
        if o.checks and self.winner is not None:
            per_seat[self.winner] += o.check_bonus  # the game: the winner is a seat
        return per_seat

    @property
    def check_net(self) -> list[int]:
        """Each seat's net of ``checks``: what the others owe it less what it owes them."""
        return checks.net(self.checks)

    def view(self) -> dict[str, Any]:
        return {
            "target": self.options.target,
            "totals": list(self.totals),
            "hands": [
                {"reason": r["reason"], "team_points": list(r["team_points"])} for r in self.results
            ],
            "dealer": self.dealer,
            "over": self.over,
            "winner": self.winner,
        }
