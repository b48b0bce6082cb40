"""The games Sahrat plays, and everything the platform needs from each: one entry per game.

The live layer, the lobby's create-table form and API, history, replay, Verify, archiving and coin
settlement speak to a ``Game`` from here, never to an engine package directly. Adding a game means
an engine package under ``games/``, its entry below, its table client (static/table/<id>.js) and
its templates (templates/games/<id>/) — nothing else.

Pure Python (no Django): labels are English msgids marked with ``gettext_noop`` so
``make messages`` finds them; the platform translates them where it shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol

from games import banakil
from games.banakil import pages as banakil_pages
from games.banakil.options import SPECS as BANAKIL_SPECS
from games.option_spec import OptionSpec


def gettext_noop(message: str) -> str:
    """Marks a string for translation; the platform calls ``gettext`` on it when shown."""
    return message


class Options(Protocol):
    """A game's table options: what every engine's ``Options`` offers the platform."""

    @property
    def players(self) -> int: ...
    @property
    def target(self) -> int: ...
    @property
    def turn_seconds(self) -> int: ...
    @property
    def bots(self) -> bool: ...
    @property
    def private(self) -> bool: ...
    @property
    def stake(self) -> int: ...
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
    """One way a game is played (partners, one against one, a variant): history filters by it."""

    key: str
    label: str


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    #: its table options: built and validated by the engine, described for forms by ``specs``
    options: Callable[[Mapping[str, Any]], Options]
    specs: tuple[OptionSpec, ...]
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
    #: the baseline bot (a seat's view → its action) and the table's hints (view → hints)
    bot: Callable[[dict[str, Any]], dict[str, Any]]
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


def score_text(value: Any) -> str:
    """A score as text for JSON and pages: ``37.5``, ``20``, ``-3`` (engines count in int or
    Decimal)."""
    if isinstance(value, Decimal):
        text = format(value.normalize(), "f")
        return "0" if text == "-0" else text
    return str(value)


def bots_may_sit(options: Any) -> bool:
    """May a bot play a seat at a table with these options (from the start, for a player who
    left, or for one away too long)? Only at free tables with bots on."""
    return bool(options.bots) and not options.is_coin_table


def _banakil_side(options: Any, seat: int) -> int:
    return seat % 2


BANAKIL = Game(
    id="banakil",
    title=gettext_noop("Banakil"),
    options=banakil.Options.from_dict,
    specs=BANAKIL_SPECS,
    option_labels={
        "players": gettext_noop("Players"),
        "target": gettext_noop("Match target (points)"),
        "turn_seconds": gettext_noop("Turn time (seconds)"),
        "out_bonus": gettext_noop("Go-out bonus"),
        "nazla_bonus": gettext_noop("All-in-one-turn bonus"),
        "nazla_bonus_no_melds": gettext_noop(
            "All-in-one-turn bonus when the other team has no meld down"
        ),
        "nazla_final_throw": gettext_noop("All in one turn may end with a throw"),
        "pile_card_must_be_used": gettext_noop("A card taken from the table pile must go down"),
        "partner_layoff_needs_own_meld": gettext_noop(
            "Lay off on partner's melds only after your own meld"
        ),
        "bots": gettext_noop("Bots may fill empty seats (free tables)"),
        "private": gettext_noop("Private table (join by invite link)"),
        "stake": gettext_noop("Stake in coins (0 = free table)"),
    },
    option_help={
        "target": gettext_noop(
            "Leave empty for the mode's default: 222 for partners, 150 for one against one."
        ),
        "stake": gettext_noop("A coin table never seats bots."),
    },
    choice_labels={
        ("players", 4): gettext_noop("Partners (4 players)"),
        ("players", 2): gettext_noop("One against one"),
    },
    invalid_options=banakil.InvalidOptions,
    illegal_action=banakil.IllegalAction,
    deal=banakil.Round.deal,
    round_from_json=banakil.Round.from_json,
    match_from_draw=banakil.Match.from_draw,
    match_from_json=banakil.Match.from_json,
    bot=banakil.bots.next_action,
    hints=banakil.hints.hints,
    sides=lambda options: 2,
    side_of=_banakil_side,
    modes=(Mode("2v2", gettext_noop("Partners")), Mode("1v1", gettext_noop("One against one"))),
    mode_of=lambda options: "2v2" if options.players == 4 else "1v1",
    round_line=banakil_pages.round_line,
    ends_turn=banakil_pages.ends_turn,
    replay_steps=banakil_pages.replay_steps,
    dealt=banakil_pages.dealt,
    check_deal=banakil_pages.check_deal,
)

GAMES: dict[str, Game] = {game.id: game for game in (BANAKIL,)}
DEFAULT = BANAKIL.id


class UnknownGame(ValueError):
    """A game id Sahrat does not play."""

    code = "unknown_game"


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r}") from None


def choices() -> list[tuple[str, str]]:
    """(id, title msgid) of every game, for a form's or a filter's choices."""
    return [(game.id, game.title) for game in GAMES.values()]
