"""Table options of Pinochle (docs/rules/pinochle.md, "Every table option"): typed, validated.

``target``, ``min_bid`` and ``save_meld`` given as 0 / "" take the variant's default when the
options are built, so an ``Options`` always holds resolved values (what views and logs show).
The checks, the JSON round trip and the coin table's rule are the kit's (``games.kit.options``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from games.kit import TableOptions
from games.option_spec import BOT_LEVEL, DEFAULT_BOT_LEVEL, TURN_SECONDS, OptionSpec

from .errors import InvalidOptions

#: the defaults that depend on the variant: target, min_bid, save_meld
VARIANT_DEFAULTS: Final[dict[str, tuple[int, int, str]]] = {
    "single": (150, 15, "trick"),
    "double": (500, 50, "counters20"),
    "three": (100, 20, "trick"),
    "two": (100, 20, "off"),  # two-handed: meld always counts (save_meld is not used)
}
MAX_BID: Final = 1000
#: seats at the table where it is not 4
_SEATS: Final[dict[str, int]] = {"three": 3, "two": 2}

SPECS: Final[tuple[OptionSpec, ...]] = (
    OptionSpec("variant", str, "single", choices=("single", "double", "three", "two")),
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
    OptionSpec("two_trump", str, "turn_up", choices=("turn_up", "auction")),
    OptionSpec("bots", bool, True, engine=False),
    BOT_LEVEL,
    OptionSpec("private", bool, False, engine=False),
    OptionSpec("stake", int, 0, minimum=0, maximum=1_000_000, engine=False),
)


@dataclass(frozen=True, slots=True)
class Options(TableOptions):
    """Every table option, with Sahrat's defaults (single deck, four players in partnerships).

    ``bots``, ``bot_level``, ``private`` and ``stake`` belong to the platform; the rules never
    read them. A coin table (``stake`` > 0) never seats bots.
    """

    specs: ClassVar[tuple[OptionSpec, ...]] = SPECS
    filled_in: ClassVar[frozenset[str]] = frozenset({"target", "min_bid", "save_meld"})
    invalid: ClassVar[type[InvalidOptions]] = InvalidOptions

    variant: str = "single"
    target: int = 0  # 0 = the variant's default
    turn_seconds: int | None = 20  # None: no turn clock (free tables only)
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
    two_trump: str = "turn_up"  # two-handed: trump from the turn-up, or by an auction
    bots: bool = True
    bot_level: str = DEFAULT_BOT_LEVEL
    private: bool = False
    stake: int = 0

    def check_together(self) -> None:
        if self.variant == "three" and self.pass_cards != 0:
            raise InvalidOptions("bad_option", "three-handed Pinochle passes no cards")
        if self.variant == "two" and self.pass_cards != 0:
            raise InvalidOptions("bad_option", "two-handed Pinochle passes no cards")
        if self.variant != "two" and self.two_trump != "turn_up":
            raise InvalidOptions("bad_option", "two_trump is an option of two-handed Pinochle")

    def fill_in(self) -> Mapping[str, Any]:
        target, min_bid, save_meld = VARIANT_DEFAULTS[self.variant]
        return {"target": target, "min_bid": min_bid, "save_meld": save_meld}

    @property
    def players(self) -> int:
        """Seats at the table: 4 (two partnerships), 3 for three-handed, 2 for two-handed."""
        return _SEATS.get(self.variant, 4)

    @property
    def sides(self) -> int:
        """Scoring sides: two teams, or each seat for itself (three- and two-handed)."""
        return 3 if self.variant == "three" else 2
