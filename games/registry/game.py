"""What the platform needs from a game's engine (``Game``), and helpers every game shares.

Pure Python (no Django): labels are English msgids marked with ``gettext_noop`` so ``make
messages`` finds them; the platform translates them where it shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.kit import score_text as score_text  # a score as text, as every engine writes it
from games.option_spec import BOT_LEVELS, DEFAULT_BOT_LEVEL, OptionSpec


def gettext_noop(message: str) -> str:
    """Marks a string for translation; the platform calls ``gettext`` on it when shown."""
    return message


#: the turn clock's words, the same in every game: its help on the form, and a table without it
TURN_SECONDS_HELP = gettext_noop(
    "Leave empty for no clock, to practise at your own pace (free tables only)."
)
NO_CLOCK = gettext_noop("No clock")

#: the platform options' words (``option_spec.PLATFORM_SPECS``), the same in every game: a
#: ``Game`` adds them to its own labels, help and choice labels
PLATFORM_LABELS: Mapping[str, str] = {
    "bots": gettext_noop("Bots may fill empty seats (free tables)"),
    "bot_level": gettext_noop("Bot level"),
    "private": gettext_noop("Private table (join by invite link)"),
    "stake": gettext_noop("Stake in coins (0 = free table)"),
    "rated": gettext_noop("Rated match"),
}
PLATFORM_HELP: Mapping[str, str] = {
    "bot_level": gettext_noop(
        "Easy for learning, medium plays the usual way, hard thinks ahead about the cards "
        "it cannot see."
    ),
    "stake": gettext_noop("A coin table never seats bots."),
    "rated": gettext_noop(
        "A rated match moves its players' ratings. A rated table seats no bots and needs a turn "
        "clock; by default a public table without bots is rated, a private one is not."
    ),
}
PLATFORM_CHOICES: Mapping[tuple[str, Any], str] = {
    ("turn_seconds", None): NO_CLOCK,
    ("bot_level", "easy"): gettext_noop("Easy"),
    ("bot_level", "medium"): gettext_noop("Medium"),
    ("bot_level", "hard"): gettext_noop("Hard"),
    ("rated", None): gettext_noop("Automatic: public, no bots"),
    ("rated", True): gettext_noop("Rated"),
    ("rated", False): gettext_noop("Not rated"),
}


class Options(Protocol):
    """A game's table options: what every engine's ``Options`` offers the platform."""

    @property
    def players(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def turn_seconds(self) -> int | None: ...
    @property
    def bots(self) -> bool: ...
    @property
    def private(self) -> bool: ...
    @property
    def stake(self) -> int: ...
    @property
    def rated(self) -> bool | None: ...
    @property
    def is_coin_table(self) -> bool: ...
    def to_dict(self) -> dict[str, Any]: ...


class Round(Protocol):
    """A round of any game: a deal plus the actions applied to it, one way to change it."""

    actions: list[tuple[int, dict[str, Any]]]
    dealer: int

    @property
    def turn(self) -> int | None: ...
    @property
    def turn_no(self) -> int: ...
    @property
    def result(self) -> dict[str, Any] | None: ...
    @property
    def over(self) -> bool: ...
    def apply(self, seat: int, action: Mapping[str, Any]) -> Any: ...
    def view(self, seat: int | None) -> dict[str, Any]: ...
    def views(self) -> list[dict[str, Any]]: ...
    def legal_actions(self) -> list[dict[str, Any]]: ...
    def timeout_actions(self) -> list[dict[str, Any]]: ...
    def to_dict(self) -> dict[str, Any]: ...


class Match(Protocol):
    """A match of any game: its dealer, its rounds recorded, its end and its winning side."""

    @property
    def dealer(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def totals(self) -> Sequence[Any]: ...
    def record(self, rnd: Any) -> None: ...
    def to_json(self) -> str: ...


@dataclass(frozen=True)
class Mode:
    """One way a game is played (partners, one against one, a variant): history and the
    leaderboard filter by it; ``options`` are the table options that choose it."""

    key: str
    label: str
    options: Mapping[str, Any]
    #: whether players may open a table of it: False while the engine plays it but its table
    #: page is still being built (a table nobody could play properly is not offered)
    at_tables: bool = True


@dataclass(frozen=True)
class SideBets:
    """What a game's side bets (Pinochle's checks) are worth at a coin table: ``unit`` coins a
    bet, and ``reserve``, the coins each player puts in beside the stake when the match starts:
    the most they can lose on side bets; what is left of it comes back at the end."""

    unit: int
    reserve: int


def no_side_bets(options: Any) -> SideBets | None:
    """A game (or a table) without side bets paid in coins."""
    return None


def no_side_bet_net(options: Any, record: Mapping[str, Any] | None) -> list[int]:
    return [0] * options.players


#: a match's record (its JSON, or None), read when called
RecordReader = Callable[[], Mapping[str, Any] | None]


def no_match_state(options: Any, record: RecordReader) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    #: its table options: built and validated by the engine, described for forms by ``specs``
    options: Callable[[Mapping[str, Any]], Options]
    specs: tuple[OptionSpec, ...]
    #: its options' labels and help (the platform options' words are added: ``PLATFORM_*``)
    option_labels: Mapping[str, str]
    option_help: Mapping[str, str]
    #: labels of an option's choices, by (option name, value)
    choice_labels: Mapping[tuple[str, Any], str]
    #: the engine's refusals: ``InvalidOptions`` for a bad option, ``IllegalAction`` for a move
    invalid_options: type[Exception]
    illegal_action: type[Exception]
    #: ``deal(options, dealer, secret=, client_seed=)`` and the round back from ``to_dict()``
    deal: Callable[..., Round]
    round_from_json: Callable[[Mapping[str, Any]], Round]
    #: a match from round 1's secret and seed (the fair draw of the first dealer), or its JSON
    match_from_draw: Callable[[Any, str, str], Match]
    match_from_json: Callable[[Mapping[str, Any]], Match]
    #: the bots by level (``BOT_LEVELS``: a seat's view with the match's score, ``with_score``,
    #: → its action) and the table's hints (view → hints)
    bots: Mapping[str, Callable[[dict[str, Any]], dict[str, Any]]]
    hints: Callable[[dict[str, Any]], dict[str, Any]]
    #: the sides that score (teams, or seats each for themselves) and a seat's side
    sides: Callable[[Any], int]
    side_of: Callable[[Any, int], int]
    modes: tuple[Mode, ...]
    mode_of: Callable[[Any], str]
    #: history, replay and Verify: a round's score-sheet line, its steps, its deal and the check
    round_line: Callable[[Mapping[str, Any] | None, Mapping[str, Any] | None], dict[str, Any]]
    ends_turn: Callable[[Mapping[str, Any]], bool]
    replay_steps: Callable[[Mapping[str, Any]], list[dict[str, Any]]]
    dealt: Callable[[Mapping[str, Any]], dict[str, Any]]
    check_deal: Callable[[Mapping[str, Any]], list[tuple[str, bool]]]
    #: the words its replay board (static/history/<id>.js) shows, by key: English msgids the
    #: replay page translates (the frame's own words and the card names come from the platform)
    replay_words: Mapping[str, str]
    #: an action as seats other than its own may see it (the cards of a pass or a discard are
    #: hidden); the game's actions are all public when it has none of those
    public_action: Callable[[Mapping[str, Any]], dict[str, Any]] = dict
    #: a finished round's replay steps while its match goes on, as a seat (None: a spectator)
    #: may see them; a game whose finished rounds hide nothing returns them as they are
    replay_seen_by: Callable[[list[dict[str, Any]], int | None], list[dict[str, Any]]] = (
        lambda steps, _viewer: steps
    )
    #: the game's own words on the live table page, by key (English msgids): its client
    #: (static/table/<id>.js) reads them beside the words every table shares
    table_words: Mapping[str, str] = field(default_factory=dict)
    #: «Play against bots» offers these besides ``modes``: a mode with a house rule on, its
    #: options whole (its key is the form's only: history knows the table by ``mode_of``)
    bot_extras: tuple[Mode, ...] = ()
    #: the house rules a table's card names, by (option, value): short English msgids
    house_rules: Mapping[tuple[str, Any], str] = field(default_factory=dict)
    #: side bets settled in coins at a coin table (Pinochle's checks): what they are worth at a
    #: table with these options (None: no side bets there, or a free table), and each seat's net
    #: of them in coins' units, from the match's record (the engine's match as JSON; it sums to
    #: 0 over the seats)
    side_bets: Callable[[Any], SideBets | None] = no_side_bets
    side_bet_net: Callable[[Any, Mapping[str, Any] | None], list[int]] = no_side_bet_net
    #: the game's own public figures of a match in the table's ``state`` message (``match``),
    #: from its options and record (Pinochle: each seat's checks so far). The record comes as a
    #: function to call only when the figures need it: every move builds a state, and the
    #: match's record is read from the database on demand (``locks.locked_matches``)
    match_state: Callable[[Any, RecordReader], dict[str, Any]] = no_match_state
    #: the options a match of set deals compared across tables (a duplicate round's boards)
    #: plays with over its table's: no house rule that ends the match before its last deal
    #: (the platform also puts the ``target`` out of reach)
    set_deal_options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """The platform options' words join the game's own (a game may word one its way)."""
        object.__setattr__(self, "option_labels", {**PLATFORM_LABELS, **self.option_labels})
        object.__setattr__(self, "option_help", {**PLATFORM_HELP, **self.option_help})
        object.__setattr__(self, "choice_labels", {**PLATFORM_CHOICES, **self.choice_labels})

    @property
    def bot(self) -> Callable[[dict[str, Any]], dict[str, Any]]:
        """The baseline bot (the medium level)."""
        return self.bots[DEFAULT_BOT_LEVEL]

    def bot_for(self, options: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
        """The bot that plays at a table with these options: its ``bot_level``."""
        return self.bots[bot_level(options)]


def with_score(view: Mapping[str, Any], target: Any, totals: Sequence[Any]) -> dict[str, Any]:
    """What a bot reads: its seat's view, and under ``"match"`` the match's target and each
    side's total before this round, as the table state shows them to every seat (public, so a
    bot playing for the match's result sees nothing a player does not)."""
    return {**view, "match": {"target": target, "totals": [score_text(t) for t in totals]}}


def bot_level(options: Any) -> str:
    """The level of a table's bots (a table stored before levels existed: the default)."""
    level = getattr(options, "bot_level", DEFAULT_BOT_LEVEL)
    return level if level in BOT_LEVELS else DEFAULT_BOT_LEVEL


def bots_may_sit(options: Any) -> bool:
    """May a bot play a seat at a table with these options (from the start, for a player who
    left, or for one away too long)? Only at free tables with bots on."""
    return bool(options.bots) and not options.is_coin_table
