"""A match of Pinochle: hands until a side reaches the target (docs/rules/pinochle.md, "The match").

The first dealer comes from the fair ``dealer`` draw (``below(4)``, or ``below(3)``
three-handed). The deal moves one seat after each hand, also after an ``all_passed`` hand, but
not after a nines ``redeal`` (the same dealer deals again). Only played hands change the totals
and are checked for the end.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games import fair

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


class Match:
    """Hands until a side wins. ``totals`` and ``winner`` are per team ([A, B], 0 = team A), or
    per seat three-handed."""

    def __init__(self, options: Options, first_dealer: int) -> None:
        if (
            isinstance(first_dealer, bool)
            or not isinstance(first_dealer, int)
            or not 0 <= first_dealer < options.players
        ):
            raise IllegalAction("bad_dealer", "the first dealer is a seat of the table")
        self.options = options
        self.first_dealer = first_dealer
        self.dealer = first_dealer  # the dealer of the next hand
        self.totals = [0] * options.sides
        self.results: list[dict[str, Any]] = []  # each recorded hand's result
        self._winner: int | None = None

    @classmethod
    def from_draw(cls, options: Options, secret: str, client_seed: str) -> Match:
        """A match whose first dealer is drawn from round 1's secret and client seed."""
        return cls(options, fair.first_dealer(secret, client_seed, options.players))

    @property
    def over(self) -> bool:
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The winning team (0 = A, 1 = B), or seat three-handed, once the match is over."""
        return self._winner

    def deal(
        self,
        deck: Sequence[str] | None = None,
        secret: str | None = None,
        client_seed: str | None = None,
    ) -> Round:
        """The next hand, dealt by the match's dealer; refused (``match_over``) once over."""
        if self.over:
            raise IllegalAction("match_over", "the match is over")
        return Round.deal(
            self.options, self.dealer, deck=deck, secret=secret, client_seed=client_seed
        )

    def record(self, rnd: Round) -> None:
        """Count a finished hand: its points (if played), the next dealer, the end check."""
        if rnd.result is None:
            raise IllegalAction("round_not_over", "the hand is still being played")
        if self.over:
            raise IllegalAction("match_over", "the match is over")
        if rnd.dealer != self.dealer:
            raise IllegalAction("bad_dealer", "this hand was not dealt by this match's dealer")
        if rnd.options != self.options:
            raise IllegalAction("bad_round", "this hand was not dealt with this match's options")
        self._add(rnd.result)

    def _add(self, result: Mapping[str, Any]) -> None:
        reason = result["reason"]
        summary = {
            "reason": reason,
            "team_points": list(result["team_points"]),
            "declarer": result["declarer"],
        }
        self.results.append(summary)
        if reason == "redeal":
            return
        self.dealer = (self.dealer + 1) % self.options.players
        if reason != "played":
            return
        self.totals = [t + p for t, p in zip(self.totals, result["team_points"], strict=True)]
        declarer = result["declarer"]
        side = declarer if self.options.variant == "three" else declarer % 2
        o = self.options
        self._winner = match_winner(self.totals, side, o.target, o.tie_rule, o.minus_target_loses)

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

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "pinochle",
            "options": self.options.to_dict(),
            "first_dealer": self.first_dealer,
            "results": [dict(r, team_points=list(r["team_points"])) for r in self.results],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> Match:
        d = json.loads(data) if isinstance(data, str) else data
        m = cls(Options.from_dict(d["options"]), d["first_dealer"])
        for result in d["results"]:
            m._add(result)
        return m
