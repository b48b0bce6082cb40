"""The games Sahrat plays, and everything the platform needs from each: one entry per game.

The live layer, the lobby's create-table form and API, history, replay, Verify, archiving and coin
settlement speak to a ``Game`` from here, never to an engine package directly. Adding a game means
an engine package under ``games/``, its entry (a module of this package, listed once in ``GAMES``
below), its table client (static/table/<id>.js), its replay board (static/history/<id>.js) and
its templates (templates/games/<id>/), and nothing else. What an entry holds: ``game.Game``.

Pure Python (no Django): labels are English msgids marked with ``gettext_noop`` so
``make messages`` finds them; the platform translates them where it shows them.
"""

from __future__ import annotations

from games.option_spec import BOT_LEVELS, DEFAULT_BOT_LEVEL

from .banakil import BANAKIL
from .game import (
    NO_CLOCK,
    Game,
    Match,
    Mode,
    Options,
    Round,
    SideBets,
    bot_level,
    bots_may_sit,
    gettext_noop,
    score_text,
    with_score,
)
from .pinochle import PINOCHLE

__all__ = [
    "BOT_LEVELS",
    "DEFAULT",
    "DEFAULT_BOT_LEVEL",
    "GAMES",
    "NO_CLOCK",
    "Game",
    "Match",
    "Mode",
    "Options",
    "Round",
    "SideBets",
    "UnknownGame",
    "bot_level",
    "bots_may_sit",
    "choices",
    "get",
    "gettext_noop",
    "score_text",
    "with_score",
]

GAMES: dict[str, Game] = {game.id: game for game in (BANAKIL, PINOCHLE)}
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
