"""The Banakil rules engine: pure Python, no Django. See ``docs/rules/banakil.md``.

Cards are codes (``AS TH 2C JK``); a round is a deal plus a list of action dicts; ``Round.apply``
is the one way to change it; ``view(seat)`` is what a seat may know.
"""

from . import bots, fair, hints
from .cards import CANONICAL_DECK, card_points, parse_cards
from .errors import BanakilError, IllegalAction, InvalidCard, InvalidMeld, InvalidOptions
from .match import Match
from .melds import Meld, check_meld
from .options import Options
from .round import Round

__all__ = [
    "CANONICAL_DECK",
    "BanakilError",
    "IllegalAction",
    "InvalidCard",
    "InvalidMeld",
    "InvalidOptions",
    "Match",
    "Meld",
    "Options",
    "Round",
    "bots",
    "card_points",
    "check_meld",
    "fair",
    "hints",
    "parse_cards",
]
