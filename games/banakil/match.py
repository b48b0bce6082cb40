"""A match («الصكة»): rounds until a team reaches the target at the end of a round.

The higher total wins; level at or above the target: one more round. The deal moves one seat on
each round; the first dealer comes from the fair ``dealer`` draw.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from . import fair
from .errors import IllegalAction
from .options import Options
from .round import Round, _dec


class Match:
    def __init__(self, options: Options, first_dealer: int) -> None:
        if not 0 <= first_dealer < options.players:
            raise IllegalAction("bad_dealer", "the first dealer is a seat of the table")
        self.options = options
        self.first_dealer = first_dealer
        self.totals = [Decimal(0), Decimal(0)]
        self.results: list[dict[str, Any]] = []  # each finished round's result

    @classmethod
    def from_draw(cls, options: Options, secret: str, client_seed: str) -> Match:
        """A match whose first dealer is drawn from round 1's secret and client seed."""
        return cls(options, fair.first_dealer(secret, client_seed, options.players))

    @property
    def dealer(self) -> int:
        """The dealer of the next round to deal."""
        return (self.first_dealer + len(self.results)) % self.options.players

    @property
    def over(self) -> bool:
        a, b = self.totals
        return max(a, b) >= self.options.target and a != b

    @property
    def winner(self) -> int | None:
        """The winning team (0 = team A, 1 = team B), once the match is over."""
        if not self.over:
            return None
        return 0 if self.totals[0] > self.totals[1] else 1

    def deal(
        self,
        deck: Sequence[str] | None = None,
        secret: str | None = None,
        client_seed: str | None = None,
    ) -> Round:
        if self.over:
            raise IllegalAction("match_over", "the match is over")
        return Round.deal(
            self.options, self.dealer, deck=deck, secret=secret, client_seed=client_seed
        )

    def record(self, rnd: Round) -> None:
        """Add a finished round's points to the totals."""
        if rnd.result is None:
            raise IllegalAction("round_not_over", "the round is still being played")
        if rnd.dealer != self.dealer:
            raise IllegalAction("bad_dealer", "this round was not dealt by this match's dealer")
        if self.over:
            raise IllegalAction("match_over", "the match is over")
        points = rnd.result["team_points"]
        self.totals = [self.totals[0] + points[0], self.totals[1] + points[1]]
        self.results.append(rnd.result)

    def view(self) -> dict[str, Any]:
        return {
            "target": self.options.target,
            "totals": [_dec(t) for t in self.totals],
            "rounds": [[_dec(p) for p in r["team_points"]] for r in self.results],
            "dealer": self.dealer,
            "over": self.over,
            "winner": self.winner,
        }

    def to_json(self) -> str:
        return json.dumps(
            {
                "options": self.options.to_dict(),
                "first_dealer": self.first_dealer,
                "rounds": [[_dec(p) for p in r["team_points"]] for r in self.results],
            }
        )

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> Match:
        d = json.loads(data) if isinstance(data, str) else data
        m = cls(Options.from_dict(d["options"]), d["first_dealer"])
        for a, b in d["rounds"]:
            pts = [Decimal(a), Decimal(b)]
            m.totals = [m.totals[0] + pts[0], m.totals[1] + pts[1]]
            m.results.append({"team_points": pts})
        return m
