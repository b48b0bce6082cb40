"""Cards are codes: rank + suit (``AS``, ``TH``, ``2C``) or ``JK``. Copies are interchangeable."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Final

from .errors import InvalidCard

RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"
JOKER: Final = "JK"

#: The 106 cards in canonical order: copy 1, 2; suit S H D C; rank A..K; then two jokers.
CANONICAL_DECK: Final[tuple[str, ...]] = tuple(
    [r + s for _copy in (1, 2) for s in SUITS for r in RANKS] + [JOKER, JOKER]
)

#: Rank value on the run line: A=1 (it may also stand at 14), 2..10, J=11, Q=12, K=13.
RANK_VALUE: Final[dict[str, int]] = {r: i + 1 for i, r in enumerate(RANKS)}
#: Rank letter for a run position 1..14 (both ends are the Ace).
POSITION_RANK: Final[dict[int, str]] = {**{i + 1: r for i, r in enumerate(RANKS)}, 14: "A"}

_HALF, _ONE, _TWO, _FOUR = Decimal("0.5"), Decimal(1), Decimal(2), Decimal(4)


def _points_of(code: str) -> Decimal:
    if code == JOKER:
        return _FOUR
    rank = code[0]
    if rank == "2":
        return _TWO
    if rank in "3456":
        return _HALF
    return _ONE


#: Every real code (and JK) with its points.
POINTS: Final[dict[str, Decimal]] = {c: _points_of(c) for c in set(CANONICAL_DECK)}
#: Position of each code in the canonical deck (first copy), used to break ties.
CANONICAL_INDEX: Final[dict[str, int]] = {c: CANONICAL_DECK.index(c) for c in set(CANONICAL_DECK)}
ALL_CODES: Final[frozenset[str]] = frozenset(CANONICAL_DECK)


def is_joker(code: str) -> bool:
    return code == JOKER


def is_banakil(code: str) -> bool:
    """Every 2 is a banakil («بنكل»), a wild, wherever it lies."""
    return code[0] == "2"


def is_wild(code: str) -> bool:
    return code == JOKER or code[0] == "2"


def check_card(code: object) -> str:
    """Return the code if it names a card, else raise ``InvalidCard``."""
    if isinstance(code, str) and code in ALL_CODES:
        return code
    raise InvalidCard("bad_card", f"{code!r} is not a card (codes look like AS, TH, 2C, JK)")


def parse_cards(text: str | Iterable[str]) -> list[str]:
    """``"AS TH 2C JK"`` (or a list of codes) -> list of checked codes."""
    items = text.split() if isinstance(text, str) else list(text)
    return [check_card(c.upper() if isinstance(c, str) else c) for c in items]


def card_points(card: str) -> Decimal:
    """Points of one card as an exact decimal: 3–6 ½, 7–K 1, A 1, 2 two, joker four."""
    return POINTS[check_card(card.upper() if isinstance(card, str) else card)]


def sort_key(code: str) -> int:
    return CANONICAL_INDEX[code]


def sort_cards(codes: Iterable[str]) -> list[str]:
    return sorted(codes, key=CANONICAL_INDEX.__getitem__)


def points_of(codes: Iterable[str]) -> Decimal:
    return sum(map(POINTS.__getitem__, codes), Decimal(0))
