"""The engine kit: what every rules engine is built from (issue #34).

Pure Python, no Django. A game's engine subclasses ``Round``, ``Match`` and ``TableOptions`` and
declares its differences as data and small hooks; the rules of its own game stay in the engine.
``games.fair`` (the shuffle), ``games.errors`` (the refusal base) and ``games.option_spec`` (an
option's spec) were shared before the kit and stay where they are.
"""

from .match import Match, score_text
from .options import TableOptions
from .round import Action, Round, is_seat

__all__ = ["Action", "Match", "Round", "TableOptions", "is_seat", "score_text"]
