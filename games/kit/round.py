"""The frame of every game's round: a deal, then actions, then a result.

A round is its deal (a deck, or a secret and client seed) + options + dealer + the ordered list
of accepted actions. This module holds what that means for every game: checking the dealer and
the deck, dealing fairly (``games.fair``), replaying the actions, and the JSON round trip.
An engine's ``Round`` subclasses it and declares its differences: ``canonical_deck`` (the deck it
shuffles), ``options_class``, ``refusal`` (its ``IllegalAction``), ``deck_refusal`` (what a bad
deck is told), and the names it has always written (``game``, ``deal_refusal``); its ``begin``
deals the cards and its ``apply`` is the one way to change the round.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar, Generic, Self, TypeVar

from games import fair
from games.errors import GameError

from .options import TableOptions

Action = dict[str, Any]
O = TypeVar("O", bound=TableOptions)  # noqa: E741


class Written:
    """A round or a match as JSON: its data (``to_dict``) and the value rebuilt from that data
    (``from_data``), in one text form for every game (keys sorted, no spaces: the same state
    gives the same string)."""

    #: the game's name in the JSON (``None``: the key is left out)
    game: ClassVar[str | None] = None

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        raise NotImplementedError

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> Self:
        """The value of ``to_json``'s text (or of ``to_dict``'s data)."""
        return cls.from_data(json.loads(data) if isinstance(data, str) else data)

    def _game(self) -> dict[str, Any]:
        """The data's first key: the game's name, where the game writes it."""
        return {} if self.game is None else {"game": self.game}


def is_seat(value: object, players: int) -> bool:
    """Whether ``value`` names a seat of a table of ``players`` (a plain int, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


class Round(Written, Generic[O]):
    """A round in play. Seats are 0..n-1 in play order."""

    #: the code of a deal given both or neither of a deck and a secret
    deal_refusal: ClassVar[str] = "bad_deck"
    #: the engine's refusal of an action (its ``IllegalAction``)
    refusal: ClassVar[type[GameError]]
    options_class: type[O]

    options: O
    players: int
    dealer: int
    deck: tuple[str, ...]
    secret: str | None
    client_seed: str | None
    actions: list[tuple[int, Action]]
    result: dict[str, Any] | None

    def __init__(
        self,
        options: O,
        dealer: int,
        deck: Sequence[str],
        secret: str | None = None,
        client_seed: str | None = None,
    ) -> None:
        """Check the options, the dealer and the deck, keep what every round holds, then deal
        the cards (``begin``)."""
        if not isinstance(options, self.options_class):
            game = self.options_class.__module__.rpartition(".")[0]
            raise TypeError(f"options must be a {game}.{self.options_class.__name__}")
        n = options.players
        if not is_seat(dealer, n):
            raise self.refusal("bad_dealer", f"the dealer is a seat from 0 to {n - 1}")
        canonical = self.canonical_deck(options)
        if (
            not isinstance(deck, Sequence)
            or isinstance(deck, str)
            or len(deck) != len(canonical)
            or not all(isinstance(c, str) for c in deck)
            or Counter(deck) != _count(canonical)
        ):
            raise self.refusal("bad_deck", self.deck_refusal(options))
        self.options = options
        self._options_view = options.to_dict()  # views repeat it: computed once
        self.players = n
        self.dealer = dealer
        self.deck = tuple(deck)
        self.secret = secret
        self.client_seed = client_seed
        self.actions = []
        self.result = None
        self.begin()

    # --- what each game declares -------------------------------------------------------------

    def begin(self) -> None:
        """Deal ``self.deck`` to the seats and set the round's first state (its own rules)."""
        raise NotImplementedError

    @classmethod
    def canonical_deck(cls, options: O) -> tuple[str, ...]:
        """The deck these options play with, in its canonical order (before the fair shuffle)."""
        raise NotImplementedError

    @classmethod
    def deck_refusal(cls, options: O) -> str:
        """What a deck that is not the game's cards is told (code ``bad_deck``)."""
        return f"a deck is the {len(cls.canonical_deck(options))} cards of the game"

    # --- construction ------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        options: O,
        dealer: int,
        deck: Sequence[str] | None = None,
        secret: str | None = None,
        client_seed: str | None = None,
    ) -> Self:
        """Deal from an explicit deck (tests), or from ``secret`` + ``client_seed`` (fairly):
        ``deck = shuffle(canonical deck, secret, "deal", client_seed)``; no client seed means
        every seat's seed empty."""
        if (deck is None) == (secret is None):
            raise cls.refusal(cls.deal_refusal, "deal from a deck or from a secret, not both")
        if secret is not None:
            seed = client_seed if client_seed is not None else "|" * (options.players - 1)
            shuffled = fair.shuffle(cls.canonical_deck(options), secret, "deal", seed)
            return cls(options, dealer, shuffled, secret, seed)
        assert deck is not None
        return cls(options, dealer, deck)

    @classmethod
    def replay(
        cls,
        options: O,
        dealer: int,
        actions: Iterable[tuple[int, Mapping[str, Any]] | Sequence[Any]],
        deck: Sequence[str] | None = None,
        secret: str | None = None,
        client_seed: str | None = None,
    ) -> Self:
        """Rebuild a round from its deal and its action list (``(seat, action)`` pairs)."""
        r = cls.deal(options, dealer, deck=deck, secret=secret, client_seed=client_seed)
        for seat, action in actions:
            r.apply(seat, action)
        return r

    def apply(self, seat: int, action: Mapping[str, Any]) -> Any:
        """Play ``action`` for ``seat``, or raise ``refusal`` and change nothing."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """The round as data: options, dealer, the deal (secret and seed, or the deck) and the
        accepted actions. ``from_json`` replays it."""
        data = self._game()
        data["v"] = 1
        data["options"] = self.options.to_dict()
        data["dealer"] = self.dealer
        data["actions"] = [[seat, dict(action)] for seat, action in self.actions]
        if self.secret is not None:
            data["secret"], data["client_seed"] = self.secret, self.client_seed
        else:
            data["deck"] = list(self.deck)
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The round of ``to_dict``, rebuilt by replaying its actions."""
        return cls.replay(
            cls.options_class.from_dict(data["options"]),
            data["dealer"],
            data["actions"],
            deck=data.get("deck"),
            secret=data.get("secret"),
            client_seed=data.get("client_seed"),
        )

    def copy(self) -> Self:
        """An independent copy (for trying moves), far cheaper than a replay: the engine copies
        its own lists after this."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.actions = list(self.actions)
        return other

    @property
    def over(self) -> bool:
        return self.result is not None

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see; ``None``: the public view (each engine says what)."""
        raise NotImplementedError

    def views(self) -> list[dict[str, Any]]:
        """Every seat's view in seat order, then the public one: what a new state sends. An
        engine whose views share most of their parts builds those once here, so the views it
        returns may share lists: they are for encoding, not for changing."""
        return [self.view(seat) for seat in range(self.players)] + [self.view(None)]

    def check_seat(self, seat: int | None) -> None:
        """A view's seat: ``None`` (the public view) or a seat of the table, else ``bad_seat``."""
        if seat is not None and not is_seat(seat, self.players):
            raise self.refusal("bad_seat", "no such seat")


@lru_cache(maxsize=16)
def _count(canonical: tuple[str, ...]) -> Counter[str]:
    return Counter(canonical)
