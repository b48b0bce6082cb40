"""The frame of every game's match: rounds until a side wins, the deal moving on.

The first dealer comes from the fair ``dealer`` draw of round 1's secret and client seed. Each
finished round is recorded once, by the match's dealer, before the match is over; its points go
into the totals (one per scoring side) and the match checks for its end. An engine's ``Match``
declares its differences: ``round_class``, ``refusal``, the word its refusals use for a round
(``round_word``), ``zero`` (int or Decimal points), which results move the deal or count
(``keeps_dealer``, ``counts``), who has won (``winner_after``), what it keeps of a result and
how it writes it (``summary``, ``summary_json``, ``summary_from_json``, ``results_key``,
``game``), and any further check of a recorded round (``check_round``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, ClassVar, Generic, Self, TypeVar

from games import fair
from games.errors import GameError

from .options import TableOptions
from .round import Round, Written, is_seat

O = TypeVar("O", bound=TableOptions)  # noqa: E741
R = TypeVar("R", bound=Round[Any])


def score_text(value: Any) -> str:
    """A score as text for JSON and pages: ``37.5``, ``20``, ``-3`` (engines count in int or
    Decimal)."""
    if isinstance(value, Decimal):
        text = format(value.normalize(), "f")
        return "0" if text == "-0" else text
    return str(value)


class Match(Written, Generic[O, R]):
    """Rounds until a side wins. ``totals`` and ``winner`` are per scoring side
    (``options.sides``: teams [A, B], or seats each for themselves)."""

    round_class: type[R]
    #: the engine's refusal (its ``IllegalAction``)
    refusal: ClassVar[type[GameError]]
    #: what the game calls a round in its refusals ("round", "hand")
    round_word: ClassVar[str] = "round"
    #: the points' zero: ``0``, or ``Decimal(0)`` for a game with half points
    zero: ClassVar[int | Decimal] = 0
    #: the key of its recorded results in its JSON
    results_key: ClassVar[str] = "results"

    def __init__(self, options: O, first_dealer: int) -> None:
        if not is_seat(first_dealer, options.players):
            raise self.refusal("bad_dealer", "the first dealer is a seat of the table")
        self.options = options
        self.first_dealer = first_dealer
        self.dealer = first_dealer  # the dealer of the next round
        self.totals: list[Any] = [self.zero] * options.sides
        self.results: list[dict[str, Any]] = []  # what the match keeps of each recorded round
        self._winner: int | None = None

    @classmethod
    def from_draw(cls, options: O, secret: str, client_seed: str) -> Self:
        """A match whose first dealer is drawn from round 1's secret and client seed."""
        return cls(options, fair.first_dealer(secret, client_seed, options.players))

    @property
    def over(self) -> bool:
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The winning side, once the match is over."""
        return self._winner

    def deal(
        self,
        deck: Sequence[str] | None = None,
        secret: str | None = None,
        client_seed: str | None = None,
    ) -> R:
        """The next round, dealt by the match's dealer; refused (``match_over``) once over."""
        if self.over:
            raise self.refusal("match_over", "the match is over")
        return self.round_class.deal(
            self.options, self.dealer, deck=deck, secret=secret, client_seed=client_seed
        )

    def record(self, rnd: R) -> None:
        """Count a finished round once: its points, the next dealer, the end check."""
        word = self.round_word
        if rnd.result is None:
            raise self.refusal("round_not_over", f"the {word} is still being played")
        if self.over:
            raise self.refusal("match_over", "the match is over")
        if rnd.dealer != self.dealer:
            raise self.refusal("bad_dealer", f"this {word} was not dealt by this match's dealer")
        self.check_round(rnd)
        self._add(self.summary(rnd.result))

    def _add(self, summary: dict[str, Any]) -> None:
        self.results.append(summary)
        if self.keeps_dealer(summary):
            return
        self.dealer = (self.dealer + 1) % self.options.players
        if not self.counts(summary):
            return
        self.totals = [t + p for t, p in zip(self.totals, summary["team_points"], strict=True)]
        self._winner = self.winner_after(summary)

    # --- what each game declares -------------------------------------------------------------

    def check_round(self, rnd: R) -> None:
        """Refuse a finished round this match did not deal (beyond its dealer): none here."""

    @classmethod
    def summary(cls, result: Mapping[str, Any]) -> dict[str, Any]:
        """What the match keeps of a round's result: its points by side at least."""
        return {"team_points": list(result["team_points"])}

    def keeps_dealer(self, summary: Mapping[str, Any]) -> bool:
        """Whether the same dealer deals again after this round (a redeal)."""
        return False

    def counts(self, summary: Mapping[str, Any]) -> bool:
        """Whether this round's points count and the end is checked after it."""
        return True

    def winner_after(self, summary: Mapping[str, Any]) -> int | None:
        """The winning side once ``summary``'s points are in the totals, or None to play on."""
        raise NotImplementedError

    @classmethod
    def summary_json(cls, summary: Mapping[str, Any]) -> Any:
        """A kept summary as JSON."""
        return dict(summary, team_points=list(summary["team_points"]))

    @classmethod
    def summary_from_json(cls, data: Any) -> dict[str, Any]:
        """A kept summary back from ``summary_json``."""
        return cls.summary(data)

    # --- the JSON round trip -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = self._game()
        data["options"] = self.options.to_dict()
        data["first_dealer"] = self.first_dealer
        data[self.results_key] = [self.summary_json(r) for r in self.results]
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        m = cls(cls.round_class.options_class.from_dict(data["options"]), data["first_dealer"])
        for item in data[cls.results_key]:
            m._add(cls.summary_from_json(item))
        return m
