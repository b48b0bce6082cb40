"""Table options of Pinochle (docs/rules/pinochle.md, "Every table option"): typed, validated.

``target``, ``min_bid`` and ``save_meld`` given as 0 / "" take the variant's default when the
options are built, so an ``Options`` always holds resolved values (what views and logs show).
The checks, the JSON round trip and the coin table's rule are the kit's (``games.kit.options``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from games.errors import gettext_noop
from games.kit import TableOptions
from games.option_spec import DEFAULT_BOT_LEVEL, PLATFORM_SPECS, TURN_SECONDS, OptionSpec

from .cards import KITTY_PACKETS, PACKETS, SEATS, SIDES, VARIANTS, partner_of
from .errors import InvalidOptions

#: the defaults that depend on the variant: target, min_bid, save_meld (two-handed uses no save
#: rule: its meld always counts, so "off")
VARIANT_DEFAULTS: Final[dict[str, tuple[int, int, str]]] = {
    "single": (150, 15, "trick"),
    "double": (500, 50, "counters20"),
    "three": (100, 20, "trick"),
    "two": (100, 20, "off"),
    "cutthroat": (100, 20, "trick"),
    "six": (500, 75, "counters20"),
    "eight": (500, 15, "trick"),
}
#: from this bid on, bids are multiples of 5 (the other variants go up by 1)
BID_STEP_FROM: Final[dict[str, int]] = {"double": 60, "six": 100}
#: what the last trick adds to the counters of the side that takes it
LAST_TRICK_BONUS: Final[dict[str, int]] = {
    "single": 1,
    "double": 2,
    "three": 1,
    "two": 1,
    "cutthroat": 1,
    "six": 3,
    "eight": 2,
}
MAX_BID: Final = 1000
#: the variants where partners across may pass cards
_PASSING: Final = frozenset({"single", "double", "eight"})

SPECS: Final[tuple[OptionSpec, ...]] = (
    OptionSpec("variant", str, "single", choices=VARIANTS),
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
    OptionSpec("kitty", str, "none", choices=("none", "declarer", "deal_out")),
    OptionSpec("concede", bool, False),
    OptionSpec("pinochling", bool, False),
    OptionSpec("checks", bool, False),
    OptionSpec("check_bonus", int, 5, choices=(5, 10)),
    OptionSpec("quadruple_pinochle_100", bool, False),
    *PLATFORM_SPECS,
)


@dataclass(frozen=True, slots=True)
class Options(TableOptions):
    """Every table option, with Sahrat's defaults (single deck, four players in partnerships).

    ``bots``, ``bot_level``, ``private``, ``stake`` and ``rated`` belong to the platform (the
    kit checks them); the rules never read them.
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
    two_trump: str = "turn_up"
    kitty: str = "none"
    concede: bool = False
    pinochling: bool = False
    checks: bool = False
    check_bonus: int = 5
    quadruple_pinochle_100: bool = False
    bots: bool = True
    bot_level: str = DEFAULT_BOT_LEVEL
    private: bool = False
    stake: int = 0
    rated: bool | None = None  # None: the table decides (the kit resolves it on creation)

    def check_together(self) -> None:
        """Options that only some variants play (docs/rules/pinochle.md, "Option validity");
        the others that mean nothing in a variant are accepted and ignored."""
        variant = self.variant
        if self.pass_cards and variant not in _PASSING:
            raise InvalidOptions(
                "bad_option",
                gettext_noop("cards pass only between partners across: single, double, eight"),
            )
        if self.kitty != "none" and variant != "single":
            raise InvalidOptions(
                "bad_option", gettext_noop("a kitty is played only with a single deck")
            )
        if self.checks and variant not in ("three", "cutthroat"):
            raise InvalidOptions(
                "bad_option", gettext_noop("checks are played only three-handed and cutthroat")
            )
        if self.concede and variant == "two":
            raise InvalidOptions(
                "bad_option", gettext_noop("two-handed Pinochle has no concession")
            )
        if self.two_trump != "turn_up" and variant != "two":
            raise InvalidOptions("bad_option", gettext_noop("two_trump is a two-handed option"))

    def fill_in(self) -> Mapping[str, Any]:
        target, min_bid, save_meld = VARIANT_DEFAULTS[self.variant]
        return {"target": target, "min_bid": min_bid, "save_meld": save_meld}

    @property
    def players(self) -> int:
        """Seats at the table: 4 (two partnerships), 2, 3, 6 or 8 by the variant."""
        return SEATS[self.variant]

    @property
    def sides(self) -> int:
        """Scoring sides ("units"): teams, or each seat for itself; a seat's is ``seat % sides``."""
        return SIDES[self.variant]

    @property
    def packets(self) -> tuple[int, ...]:
        """The packets of the deal, eldest first, round after round."""
        return KITTY_PACKETS if self.kitty != "none" else PACKETS[self.variant]

    def partner_of(self, seat: int) -> int | None:
        """The partner across (single, double: seat + 2; eight: seat + 4), or None."""
        return partner_of(self.variant, seat)
