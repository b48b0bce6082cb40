"""A game's table options as one typed, validated, immutable value built from its spec table.

An engine declares its ``Options`` as a frozen dataclass over ``TableOptions`` whose fields are
its ``specs`` (``games.option_spec.OptionSpec``: name, kind, default, choices or bounds), in the
same order. This module checks every value against its spec (``bad_option``), refuses unknown
names (``unknown_option``), fills in the defaults that depend on other options, and gives the
JSON round trip. The engine declares only its differences: ``specs``, ``filled_in`` and
``fill_in`` (the defaults a mode or variant decides), ``check_together`` (rules across options)
and ``invalid`` (its own refusal class).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final, Self, cast

from games.errors import GameError, gettext_noop
from games.option_spec import OptionSpec

#: how many built options ``from_dict`` keeps (replays build the same options again and again)
_KEPT: Final = 256


class TableOptions:
    """Every table option of one game. A subclass is ``@dataclass(frozen=True, slots=True)``
    with one field per spec. ``bots``, ``bot_level``, ``private``, ``stake`` and ``rated``
    belong to the platform (the rules never read them): a coin table (``stake`` > 0) never
    seats bots, and neither does a rated one (``rated``: its match moves its players' ratings;
    left as None it is resolved here, rated when the table is public, has a turn clock and no
    bots; a rated table also needs the clock, or a player losing could stall it for ever)."""

    __slots__ = ()

    #: the options, in field order: the lobby's form, the API and the checks are built from it
    specs: ClassVar[tuple[OptionSpec, ...]]
    #: options given as their spec's default (0 or "") that ``fill_in`` resolves on creation
    filled_in: ClassVar[frozenset[str]] = frozenset()
    #: the engine's refusal for a bad option (a ``GameError`` subclass)
    invalid: ClassVar[type[GameError]]

    target: int
    bots: bool
    stake: int
    rated: bool | None  # a game with the platform's ``rated`` spec (every game but a toy's)

    @property
    def players(self) -> int:
        """Seats at the table."""
        raise NotImplementedError

    @property
    def sides(self) -> int:
        """Scoring sides: teams, or each seat for itself."""
        raise NotImplementedError

    def __post_init__(self) -> None:
        for spec in self.specs:
            self._check(spec, getattr(self, spec.name))
        self.check_together()
        if self.stake and getattr(self, "turn_seconds", 0) is None:
            raise self.invalid(
                "bad_option", gettext_noop("turn_seconds: a coin table needs a turn clock")
            )
        for name, value in self.fill_in().items():
            if getattr(self, name) == _spec(type(self), name).default:
                object.__setattr__(self, name, value)
        if self.stake and self.bots:
            object.__setattr__(self, "bots", False)  # coin tables never seat bots
        if "rated" in _names(type(self)):
            object.__setattr__(self, "rated", self._rated())

    def _rated(self) -> bool:
        """The ``rated`` option resolved: refused with bots or without a turn clock; left as
        None, on when the table may be rated and is public."""
        rated = self.rated
        clock = getattr(self, "turn_seconds", None) is not None
        if rated is None:
            return not self.bots and clock and not getattr(self, "private", False)
        if rated and self.bots:
            raise self.invalid("bad_option", "rated: a rated table seats no bots")
        if rated and not clock:
            raise self.invalid("bad_option", "rated: a rated table needs a turn clock")
        return rated

    def check_together(self) -> None:
        """Refuse values that are each valid but not together (none by default)."""

    def fill_in(self) -> Mapping[str, Any]:
        """The resolved value of each ``filled_in`` option (called once the values are valid)."""
        return {}

    @classmethod
    def _check(cls, spec: OptionSpec, value: object) -> None:
        name = spec.name
        if value is None and spec.optional:
            return
        if spec.kind is bool:
            if not isinstance(value, bool):
                raise cls.invalid("bad_option", f"{name} must be true or false")
            return
        if spec.kind is str:
            if not isinstance(value, str):
                raise cls.invalid("bad_option", f"{name} must be text")
        elif not isinstance(value, int) or isinstance(value, bool):
            raise cls.invalid("bad_option", f"{name} must be a whole number")
        if value == spec.default and name in cls.filled_in:
            return
        if (spec.choices or spec.kind is str) and value not in spec.choices:
            allowed = ", ".join(str(c) for c in spec.choices)
            raise cls.invalid("bad_option", f"{name} must be one of {allowed}")
        if spec.minimum is not None and value < spec.minimum:  # type: ignore[operator]
            raise cls.invalid("bad_option", f"{name} must be at least {spec.minimum}")
        if spec.maximum is not None and value > spec.maximum:  # type: ignore[operator]
            raise cls.invalid("bad_option", f"{name} must be at most {spec.maximum}")

    @property
    def is_coin_table(self) -> bool:
        return self.stake > 0

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, resolved (JSON-ready: each is a plain int, bool, str or None)."""
        return {name: getattr(self, name) for name in _names(type(self))}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Build from a JSON-like mapping; unknown names and bad values raise ``invalid``."""
        if not isinstance(data, Mapping):
            raise cls.invalid("bad_option", "options must be an object")
        unknown = sorted(str(k) for k in set(data) - set(_names(cls)))
        if unknown:
            raise cls.invalid("unknown_option", f"unknown option {unknown[0]!r}")
        try:
            key = (cls, tuple(sorted((k, type(v).__name__, v) for k, v in data.items())))
            kept = _BUILT.get(key)
        except TypeError:  # an unhashable value: not kept, the checks refuse it
            key, kept = None, None
        if kept is not None:
            return cast(Self, kept)
        options = cls(**dict(data))
        if key is not None:
            if len(_BUILT) >= _KEPT:
                _BUILT.clear()
            _BUILT[key] = options
        return options


_NAMES: dict[type[TableOptions], tuple[str, ...]] = {}
#: options already built from a mapping, by class and items; options are immutable, so one
#: value serves every caller
_BUILT: dict[tuple[type[TableOptions], tuple[tuple[str, str, Any], ...]], TableOptions] = {}


def _names(cls: type[TableOptions]) -> tuple[str, ...]:
    """The option names of ``cls``, in spec order (its fields)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(s.name for s in cls.specs)
    return names


def _spec(cls: type[TableOptions], name: str) -> OptionSpec:
    return next(s for s in cls.specs if s.name == name)
