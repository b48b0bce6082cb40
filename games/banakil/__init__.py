"""The Banakil rules engine: pure Python, no Django. See ``shared/spec/rules.md``."""

from . import fair
from .cards import CANONICAL_DECK, card_points, parse_cards
from .errors import BanakilError, IllegalAction, InvalidCard, InvalidMeld, InvalidOptions
from .options import Options

__all__ = [
    "CANONICAL_DECK",
    "BanakilError",
    "IllegalAction",
    "InvalidCard",
    "InvalidMeld",
    "InvalidOptions",
    "Options",
    "card_points",
    "fair",
    "parse_cards",
]
