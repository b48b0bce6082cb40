"""What a create-table form or the API needs to know about one table option of any game.

Each engine lists its options as a tuple of ``OptionSpec`` (``SPECS``); the lobby's form, the API
and its schema are built from that list, and the engine's ``Options.from_dict`` stays the
authority on what is valid. Pure Python, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its name, type (``bool``, ``int`` or ``str``), default and bounds.

    ``default`` 0 or "" on an option whose real default depends on another option (a mode's
    or variant's target) means "the engine fills it in". ``engine`` False marks a platform
    option (bots, private, stake) that the rules never read. ``optional``: ``None`` is a
    value too, the option turned off (``turn_seconds`` None: no turn clock).
    """

    name: str
    kind: type
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    engine: bool = True
    optional: bool = False


#: how well a table's bots play: easy (weaker on purpose), medium (the baseline bot), hard (a
#: search over what its seat may know). A platform option of every game, next to ``bots``.
BOT_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
DEFAULT_BOT_LEVEL = "medium"
BOT_LEVEL = OptionSpec("bot_level", str, DEFAULT_BOT_LEVEL, choices=BOT_LEVELS, engine=False)


#: the turn clock of every game: seconds a turn, or None for no clock (free tables only)
TURN_SECONDS = OptionSpec("turn_seconds", int, 20, minimum=5, maximum=300, optional=True)
