"""A toy game built on the engine kit, as a new variant would be: its options are a spec table,
its round deals and plays its own rules, and everything else is the kit's.

Each seat is dealt ``hand`` cards, the rest of the deck is a stock (hidden); a turn plays one card
of the hand, then draws the stock's top if any is left. Seat ``s`` scores for side ``s % sides``:
a card's rank (A = 1 ... K = 13) is its points. Any number of seats from 2 to 8.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games import kit
from games.errors import GameError
from games.option_spec import BOT_LEVEL, DEFAULT_BOT_LEVEL, OptionSpec

RANKS = "A23456789TJQK"
DECK = tuple(r + s for s in "SHDC" for r in RANKS)


class ToyError(GameError):
    """A refusal of the toy game."""


SPECS = (
    OptionSpec("players", int, 4, choices=(2, 3, 4, 6, 8)),
    OptionSpec("sides", int, 2, minimum=1, maximum=8),
    OptionSpec("hand", int, 0, minimum=1, maximum=6),
    OptionSpec("target", int, 40, minimum=1, maximum=1000),
    OptionSpec("bots", bool, True, engine=False),
    BOT_LEVEL,
    OptionSpec("stake", int, 0, minimum=0, maximum=1000, engine=False),
)


@dataclass(frozen=True, slots=True)
class Options(kit.TableOptions):
    specs: ClassVar[tuple[OptionSpec, ...]] = SPECS
    filled_in: ClassVar[frozenset[str]] = frozenset({"hand"})
    invalid: ClassVar[type[GameError]] = ToyError

    players: int = 4
    sides: int = 2
    hand: int = 0  # 0 = as many as the table allows, at most 6
    target: int = 40
    bots: bool = True
    bot_level: str = DEFAULT_BOT_LEVEL
    stake: int = 0

    def check_together(self) -> None:
        if self.players % self.sides:
            raise ToyError("bad_option", "every side has as many seats")

    def fill_in(self) -> Mapping[str, Any]:
        return {"hand": min(6, len(DECK) // self.players)}


class Round(kit.Round[Options]):
    options_class = Options
    refusal: ClassVar[type[GameError]] = ToyError
    game: ClassVar[str] = "toy"

    @classmethod
    def canonical_deck(cls, options: Options) -> tuple[str, ...]:
        return DECK

    def begin(self) -> None:
        size = self.options.hand
        self.hands = [list(self.deck[s * size : (s + 1) * size]) for s in range(self.players)]
        self.stock = list(self.deck[self.players * size :])
        self.turn = (self.dealer + 1) % self.players
        self.points = [0] * self.options.sides

    def apply(self, seat: int, action: Mapping[str, Any]) -> None:
        if self.result is not None:
            raise ToyError("round_over", "the round is over")
        if seat != self.turn:
            raise ToyError("not_your_turn", "it is not your turn")
        card = action.get("card")
        if action.get("type") != "play" or card not in self.hands[seat]:
            raise ToyError("bad_action", "play a card of your hand")
        self.hands[seat].remove(card)
        self.points[seat % self.options.sides] += RANKS.index(card[0]) + 1
        if self.stock:
            self.hands[seat].append(self.stock.pop(0))
        self.actions.append((seat, {"type": "play", "card": card}))
        self.turn = (seat + 1) % self.players
        if not any(self.hands):
            self.result = {"team_points": list(self.points)}

    def copy(self) -> Round:
        other = super().copy()
        other.hands = [list(h) for h in self.hands]
        other.stock = list(self.stock)
        other.points = list(self.points)
        return other

    def view(self, seat: int | None) -> dict[str, Any]:
        self.check_seat(seat)
        view: dict[str, Any] = {"turn": self.turn, "stock_size": len(self.stock)}
        if seat is not None:
            view["hand"] = list(self.hands[seat])
        return view


class Match(kit.Match[Options, Round]):
    round_class = Round
    refusal: ClassVar[type[GameError]] = ToyError
    game: ClassVar[str] = "toy"

    def winner_after(self, summary: Mapping[str, Any]) -> int | None:
        top = max(self.totals)
        leaders = [s for s, t in enumerate(self.totals) if t == top]
        return leaders[0] if top >= self.options.target and len(leaders) == 1 else None


def play_out(r: Round) -> Round:
    """Play the round to its end, each seat its hand's first card."""
    while r.result is None:
        r.apply(r.turn, {"type": "play", "card": r.hands[r.turn][0]})
    return r
