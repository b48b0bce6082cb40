"""Table options of ``docs/rules/banakil.md``: a typed, validated value with Sahrat's defaults.

The checks, the JSON round trip and the coin table's rule are the kit's
(``games.kit.options``); here are Banakil's options and the target each mode fills in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from games.kit import TableOptions
from games.option_spec import DEFAULT_BOT_LEVEL, PLATFORM_SPECS, TURN_SECONDS, OptionSpec

from .errors import InvalidOptions

DEFAULT_TARGET: Final[dict[int, int]] = {4: 222, 2: 150}

SPECS: Final[tuple[OptionSpec, ...]] = (
    OptionSpec("players", int, 4, choices=(4, 2)),
    OptionSpec("target", int, 0, minimum=10, maximum=2000),
    TURN_SECONDS,
    OptionSpec("out_bonus", int, 20, minimum=0, maximum=500),
    OptionSpec("nazla_bonus", int, 51, minimum=0, maximum=1000),
    OptionSpec("nazla_bonus_no_melds", int, 102, minimum=0, maximum=1000),
    OptionSpec("nazla_final_throw", bool, True),
    OptionSpec("pile_card_must_be_used", bool, True),
    OptionSpec("partner_layoff_needs_own_meld", bool, True),
    *PLATFORM_SPECS,
)


@dataclass(frozen=True, slots=True)
class Options(TableOptions):
    """Every table option. ``target`` defaults by mode: 222 for 4 players, 150 for one against one.

    ``stake`` 0 is a free table; a coin table's stake comes from the admin's stake levels (checked
    by the platform, not here).
    """

    specs: ClassVar[tuple[OptionSpec, ...]] = SPECS
    filled_in: ClassVar[frozenset[str]] = frozenset({"target"})
    invalid: ClassVar[type[InvalidOptions]] = InvalidOptions

    players: int = 4
    target: int = 0  # 0 = the mode's default, filled in on creation
    turn_seconds: int | None = 20  # None: no turn clock (free tables only)
    out_bonus: int = 20
    nazla_bonus: int = 51
    nazla_bonus_no_melds: int = 102
    nazla_final_throw: bool = True
    pile_card_must_be_used: bool = True
    partner_layoff_needs_own_meld: bool = True
    bots: bool = True
    bot_level: str = DEFAULT_BOT_LEVEL
    private: bool = False
    stake: int = 0
    rated: bool | None = None  # None: the table decides (the kit resolves it on creation)

    @property
    def sides(self) -> int:
        """Two teams (one against one: each seat is its team)."""
        return 2

    def fill_in(self) -> Mapping[str, Any]:
        return {"target": DEFAULT_TARGET[self.players]}
