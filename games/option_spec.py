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
    option (bots, private, stake, rated) that the rules never read. ``optional``: ``None`` is
    a value too: the option turned off (``turn_seconds`` None: no turn clock), or left to the
    table to decide (``rated`` None: rated when the table may be, see ``kit.TableOptions``).
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

#: bots may fill empty seats, and play for a player who left or is away (free tables only)
BOTS = OptionSpec("bots", bool, True, engine=False)
#: a private table: seated by its invite link only, never listed in the lobby
PRIVATE = OptionSpec("private", bool, False, engine=False)
#: the stake in coins (0: a free table); a coin table's stake is one of the admin's levels
STAKE = OptionSpec("stake", int, 0, minimum=0, maximum=1_000_000, engine=False)
#: whether the match moves its players' ratings (``ratings``): None, the default, lets the table
#: decide (rated when public, with a clock and no bots); a rated table never seats bots
RATED = OptionSpec("rated", bool, None, engine=False, optional=True)

#: every game's platform options, after its own: the kit checks them alike in every game
PLATFORM_SPECS: tuple[OptionSpec, ...] = (BOTS, BOT_LEVEL, PRIVATE, STAKE, RATED)
