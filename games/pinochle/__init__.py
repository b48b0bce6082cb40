"""The Pinochle rules engine: pure Python, no Django. The rules: docs/rules/pinochle.md.

Cards are codes (``AS TS KS QS JS 9S``); a round (one hand) is a deal plus a list of action
dicts; ``Round.apply`` is the one way to change it; ``view(seat)`` is what a seat may know;
``meld_of`` is the automatic meld of a set of cards.
"""

from . import bots, hints
from .cards import CANONICAL, CANONICAL_DOUBLE, CANONICAL_SINGLE
from .errors import IllegalAction, InvalidOptions, PinochleError
from .match import Match
from .melds import meld_of
from .options import SPECS, Options
from .round import Round

__all__ = [
    "CANONICAL",
    "CANONICAL_DOUBLE",
    "CANONICAL_SINGLE",
    "SPECS",
    "IllegalAction",
    "InvalidOptions",
    "Match",
    "Options",
    "PinochleError",
    "Round",
    "bots",
    "hints",
    "meld_of",
]
