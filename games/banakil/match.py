"""A match («الصكة»): rounds until a team reaches the target at the end of a round.

The higher total wins; level at or above the target: one more round. The deal moves one seat on
each round; the first dealer comes from the fair ``dealer`` draw. Dealing, recording a round once
and the JSON round trip are the kit's (``games.kit.match``); here is how Banakil's match ends and
how it has always written its rounds (each as its two teams' exact points).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, ClassVar

from games import kit

from .errors import IllegalAction
from .options import Options
from .round import Round, _dec


class Match(kit.Match[Options, Round]):
    round_class = Round
    refusal: ClassVar[type[IllegalAction]] = IllegalAction
    zero: ClassVar[Decimal] = Decimal(0)
    results_key: ClassVar[str] = "rounds"

    def winner_after(self, summary: Mapping[str, Any]) -> int | None:
        """The higher total, once a team is at or above the target and the two differ."""
        a, b = self.totals
        if max(a, b) >= self.options.target and a != b:
            return 0 if a > b else 1
        return None

    @classmethod
    def summary_json(cls, summary: Mapping[str, Any]) -> Any:
        return [_dec(p) for p in summary["team_points"]]

    @classmethod
    def summary_from_json(cls, data: Any) -> dict[str, Any]:
        return {"team_points": [Decimal(p) for p in data]}

    def view(self) -> dict[str, Any]:
        return {
            "target": self.options.target,
            "totals": [_dec(t) for t in self.totals],
            "rounds": [self.summary_json(r) for r in self.results],
            "dealer": self.dealer,
            "over": self.over,
            "winner": self.winner,
        }
