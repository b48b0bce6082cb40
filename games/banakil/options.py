"""Table options of ``docs/rules/banakil.md``: a typed, validated value with Sahrat's defaults."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from games.option_spec import BOT_LEVEL, DEFAULT_BOT_LEVEL, TURN_SECONDS, OptionSpec

from .errors import InvalidOptions

DEFAULT_TARGET: Final[dict[int, int]] = {4: 222, 2: 150}


@dataclass(frozen=True, slots=True)
class Options:
    """Every table option. ``target`` defaults by mode: 222 for 4 players, 150 for one against one.

    ``stake`` 0 is a free table; a coin table's stake comes from the admin's stake levels (checked
    by the platform, not here).
    """

    players: int = 4
    target: int = 0  # 0 = the mode's default, filled in on creation
    turn_seconds: int | None = 20  # None: no turn clock
    out_bonus: int = 20
    nazla_bonus: int = 51
    nazla_bonus_no_melds: int = 102
    nazla_final_throw: bool = True
    pile_card_must_be_used: bool = True
    partner_layoff_needs_own_meld: bool = True
    bots: bool = True
    bot_level: str = DEFAULT_BOT_LEVEL
    private: bool = False
    stake: int = field(default=0)

    def __post_init__(self) -> None:
        for spec in SPECS:
            value = getattr(self, spec.name)
            if spec.kind is bool:
                if not isinstance(value, bool):
                    raise InvalidOptions("bad_option", f"{spec.name} must be true or false")
                continue
            if spec.kind is str:
                if value not in spec.choices:
                    allowed = ", ".join(str(c) for c in spec.choices)
                    raise InvalidOptions("bad_option", f"{spec.name} must be one of {allowed}")
                continue
            if value is None and spec.optional:
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidOptions("bad_option", f"{spec.name} must be a whole number")
            if spec.name == "target" and value == 0:
                continue
            if spec.choices and value not in spec.choices:
                allowed = ", ".join(str(c) for c in spec.choices)
                raise InvalidOptions("bad_option", f"{spec.name} must be one of {allowed}")
            if spec.minimum is not None and value < spec.minimum:
                raise InvalidOptions("bad_option", f"{spec.name} must be at least {spec.minimum}")
            if spec.maximum is not None and value > spec.maximum:
                raise InvalidOptions("bad_option", f"{spec.name} must be at most {spec.maximum}")
        if self.target == 0:
            object.__setattr__(self, "target", DEFAULT_TARGET[self.players])
        if self.stake and self.turn_seconds is None:
            raise InvalidOptions("bad_option", "turn_seconds: a coin table needs a turn clock")
        if self.stake and self.bots:
            object.__setattr__(self, "bots", False)  # coin tables never seat bots

    @property
    def is_coin_table(self) -> bool:
        return self.stake > 0

    def to_dict(self) -> dict[str, Any]:
        # dataclasses.asdict, less its deep copy: every field is a plain int, bool or str
        return {name: getattr(self, name) for name in _FIELD_NAMES}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        """Build from a JSON-like mapping; unknown names and bad values raise ``InvalidOptions``."""
        if not isinstance(data, Mapping):
            raise InvalidOptions("bad_option", "options must be an object")
        unknown = set(data) - {s.name for s in SPECS}
        if unknown:
            raise InvalidOptions("unknown_option", f"unknown option {sorted(unknown)[0]!r}")
        return cls(**dict(data))


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
    OptionSpec("bots", bool, True, engine=False),
    BOT_LEVEL,
    OptionSpec("private", bool, False, engine=False),
    OptionSpec("stake", int, 0, minimum=0, maximum=1_000_000, engine=False),
)


_FIELD_NAMES: Final = tuple(f.name for f in dataclasses.fields(Options))
