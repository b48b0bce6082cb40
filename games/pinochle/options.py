"""Table options of Pinochle (docs/rules/pinochle.md, "Every table option"): typed, validated.

``target``, ``min_bid`` and ``save_meld`` given as 0 / "" take the variant's default when the
options are built, so an ``Options`` always holds resolved values (what views and logs show).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from games.option_spec import BOT_LEVEL, DEFAULT_BOT_LEVEL, TURN_SECONDS, OptionSpec

from .errors import InvalidOptions

#: the defaults that depend on the variant: target, min_bid, save_meld
VARIANT_DEFAULTS: Final[dict[str, tuple[int, int, str]]] = {
    "single": (150, 15, "trick"),
    "double": (500, 50, "counters20"),
    "three": (100, 20, "trick"),
}
MAX_BID: Final = 1000


@dataclass(frozen=True, slots=True)
class Options:
    """Every table option, with Sahrat's defaults (single deck, four players in partnerships).

    ``bots``, ``bot_level``, ``private`` and ``stake`` belong to the platform; the rules never
    read them. A coin table (``stake`` > 0) never seats bots.
    """

    variant: str = "single"
    target: int = 0  # 0 = the variant's default
    turn_seconds: int | None = 20  # None: no turn clock
    min_bid: int = 0  # 0 = the variant's default
    all_pass: str = "dealer_stuck"
    trump_needs_marriage: bool = False
    pass_cards: int = 0
    first_lead: str = "declarer"
    first_lead_trump: bool = False
    must_beat: str = "always"
    save_meld: str = ""  # "" = the variant's default
    tie_rule: str = "bidder_first"
    minus_target_loses: bool = False
    roundhouse_bonus: bool = False
    nines_redeal: str = "five"
    bots: bool = True
    bot_level: str = DEFAULT_BOT_LEVEL
    private: bool = False
    stake: int = 0

    def __post_init__(self) -> None:
        for spec in SPECS:
            _check(spec, getattr(self, spec.name))
        if self.variant == "three" and self.pass_cards != 0:
            raise InvalidOptions("bad_option", "three-handed Pinochle passes no cards")
        target, min_bid, save_meld = VARIANT_DEFAULTS[self.variant]
        if self.target == 0:
            object.__setattr__(self, "target", target)
        if self.min_bid == 0:
            object.__setattr__(self, "min_bid", min_bid)
        if self.save_meld == "":
            object.__setattr__(self, "save_meld", save_meld)
        if self.stake and self.turn_seconds is None:
            raise InvalidOptions("bad_option", "turn_seconds: a coin table needs a turn clock")
        if self.stake and self.bots:
            object.__setattr__(self, "bots", False)  # coin tables never seat bots

    @property
    def players(self) -> int:
        """Seats at the table: 4 (two partnerships), or 3 for three-handed."""
        return 3 if self.variant == "three" else 4

    @property
    def sides(self) -> int:
        """Scoring sides: two teams, or each of the three seats."""
        return 3 if self.variant == "three" else 2

    @property
    def is_coin_table(self) -> bool:
        return self.stake > 0

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, resolved (JSON-ready)."""
        return {name: getattr(self, name) for name in _FIELD_NAMES}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        """Build from a JSON-like mapping; unknown names and bad values raise ``InvalidOptions``."""
        if not isinstance(data, Mapping):
            raise InvalidOptions("bad_option", "options must be an object")
        unknown = sorted(str(k) for k in set(data) - _NAMES)
        if unknown:
            raise InvalidOptions("unknown_option", f"unknown option {unknown[0]!r}")
        try:
            key = tuple(sorted((k, type(v).__name__, v) for k, v in data.items()))
            cached = _BUILT.get(key)
        except TypeError:  # an unhashable value: no cache, the checks refuse it
            key, cached = None, None
        if cached is not None:
            return cached
        options = cls(**dict(data))
        if key is not None:
            if len(_BUILT) >= 256:
                _BUILT.clear()
            _BUILT[key] = options
        return options


def _check(spec: OptionSpec, value: object) -> None:
    name = spec.name
    if spec.kind is bool:
        if not isinstance(value, bool):
            raise InvalidOptions("bad_option", f"{name} must be true or false")
        return
    if spec.kind is str:
        if not isinstance(value, str):
            raise InvalidOptions("bad_option", f"{name} must be text")
        if value == "" and spec.default == "":
            return
        if value not in spec.choices:
            allowed = ", ".join(str(c) for c in spec.choices)
            raise InvalidOptions("bad_option", f"{name} must be one of {allowed}")
        return
    if value is None and spec.optional:
        return
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidOptions("bad_option", f"{name} must be a whole number")
    if value == 0 and spec.default == 0 and name in ("target", "min_bid"):
        return
    if spec.choices and value not in spec.choices:
        allowed = ", ".join(str(c) for c in spec.choices)
        raise InvalidOptions("bad_option", f"{name} must be one of {allowed}")
    if spec.minimum is not None and value < spec.minimum:
        raise InvalidOptions("bad_option", f"{name} must be at least {spec.minimum}")
    if spec.maximum is not None and value > spec.maximum:
        raise InvalidOptions("bad_option", f"{name} must be at most {spec.maximum}")


SPECS: Final[tuple[OptionSpec, ...]] = (
    OptionSpec("variant", str, "single", choices=("single", "double", "three")),
    OptionSpec("target", int, 0, minimum=10, maximum=10_000),
    TURN_SECONDS,
    OptionSpec("min_bid", int, 0, minimum=0, maximum=MAX_BID),
    OptionSpec("all_pass", str, "dealer_stuck", choices=("dealer_stuck", "redeal")),
    OptionSpec("trump_needs_marriage", bool, False),
    OptionSpec("pass_cards", int, 0, choices=(0, 2, 3, 4)),
    OptionSpec("first_lead", str, "declarer", choices=("declarer", "eldest")),
    OptionSpec("first_lead_trump", bool, False),
    OptionSpec("must_beat", str, "always", choices=("always", "trump_lead", "none")),
    OptionSpec("save_meld", str, "", choices=("trick", "off", "counters20")),
    OptionSpec("tie_rule", str, "bidder_first", choices=("bidder_first", "higher_total")),
    OptionSpec("minus_target_loses", bool, False),
    OptionSpec("roundhouse_bonus", bool, False),
    OptionSpec("nines_redeal", str, "five", choices=("five", "five_no_ace", "off")),
    OptionSpec("bots", bool, True, engine=False),
    BOT_LEVEL,
    OptionSpec("private", bool, False, engine=False),
    OptionSpec("stake", int, 0, minimum=0, maximum=1_000_000, engine=False),
)
_NAMES: Final = frozenset(s.name for s in SPECS)
_FIELD_NAMES: Final = tuple(f.name for f in dataclasses.fields(Options))
#: options already built from a mapping (replays build the same options again and again);
#: ``Options`` is immutable, so one value serves every caller
_BUILT: dict[tuple[tuple[str, str, Any], ...], Options] = {}
