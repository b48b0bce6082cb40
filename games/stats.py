"""Players' statistics and the leaderboard, added up in the database from ``MatchPlayer`` rows
(each player's seat, side, rounds gone out and nazlas, the last two filled when the match is
archived) joined to their ``Match`` (game, mode, status, winner, finish time). Coins come from
the ledger's postings (``accounts.coins.match_coins``), as on every page that shows a match's.

A player's statistics are one grouped query; the leaderboard is one grouped query per game and
mode, kept in Django's cache for ``CACHE_SECONDS`` (it simply expires: a win shows up within a
few minutes). Private tables' matches count too: only the numbers are shown, never a match.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core.cache import cache
from django.db.models import Count, F, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext

from accounts import coins as ledger
from accounts.models import player_id

from . import registry
from .models import Match, MatchPlayer

#: the leaderboard counts wins in matches finished this recently
WINDOW = timedelta(days=30)
TOP = 50
CACHE_SECONDS = 300
CACHE_PREFIX = "leaderboard-v1"

FINISHED = Match.Status.FINISHED
ABANDONED = Match.Status.ABANDONED


def mode_label(game_id: str, mode: str) -> str:
    game = registry.GAMES.get(game_id)
    if game is None:
        return mode
    return next((gettext(m.label) for m in game.modes if m.key == mode), mode)


def game_title(game_id: str) -> str:
    game = registry.GAMES.get(game_id)
    return gettext(game.title) if game is not None else game_id


def win_rate(wins: int, matches: int) -> int | None:
    """Wins per finished match, in whole percent (None before the first finished match)."""
    return round(100 * wins / matches) if matches else None


@dataclass(frozen=True)
class Stats:
    """A player's record in one game and mode."""

    game: str
    mode: str
    matches: int  # finished matches (a winner was decided)
    wins: int
    abandoned: int
    went_out: int  # rounds the player went out in («تخلّص»)
    nazlas: int  # of them, all in one turn («نزلة وحدة»)
    coins: int  # the stake results added up (coins won less coins lost at coin tables)
    earned: int  # the coins these matches earned by the earning rules (daily bonus, free match)
    checks: int = 0  # the checks' coins added up (Pinochle's check reserve in, what came back)

    @property
    def game_title(self) -> str:
        return game_title(self.game)

    @property
    def mode_label(self) -> str:
        return mode_label(self.game, self.mode)

    @property
    def win_rate(self) -> int | None:
        return win_rate(self.wins, self.matches)

    @property
    def coins_shown(self) -> str:
        return f"+{self.coins}" if self.coins > 0 else str(self.coins)

    @property
    def earned_shown(self) -> str:
        return f"+{self.earned}" if self.earned > 0 else str(self.earned)

    @property
    def checks_shown(self) -> str:
        return f"+{self.checks}" if self.checks > 0 else str(self.checks)


def player_stats(user: Any) -> list[Stats]:
    """The player's statistics per game and mode, over every match that is over (one grouped
    query), and their coin figures from the ledger (``_coins_by_mode``)."""
    user_id = player_id(user)
    if user_id is None:
        return []
    rows = (
        MatchPlayer.objects.filter(user_id=user_id, match__status__in=(FINISHED, ABANDONED))
        .values("match__game", "match__mode")
        .annotate(
            matches=Count("pk", filter=Q(match__status=FINISHED)),
            wins=Count("pk", filter=Q(match__status=FINISHED, match__winner=F("side"))),
            abandoned=Count("pk", filter=Q(match__status=ABANDONED)),
            went_out=Sum("went_out"),
            nazlas=Sum("nazlas"),
        )
        .order_by("match__game", "match__mode")
    )
    coins = _coins_by_mode(user_id)
    lines = []
    for row in rows:
        game, mode = row["match__game"], row["match__mode"]
        figure = coins.get((game, mode), ledger.MatchCoins())
        lines.append(
            Stats(
                game=game,
                mode=mode,
                matches=row["matches"],
                wins=row["wins"],
                abandoned=row["abandoned"],
                went_out=row["went_out"] or 0,
                nazlas=row["nazlas"] or 0,
                coins=figure.stake,
                earned=figure.earned,
                checks=figure.checks,
            )
        )
    return lines


def _coins_by_mode(user_id: int) -> dict[tuple[str, str], ledger.MatchCoins]:
    """The player's coin figures of their settled (archived) matches, added up per game and
    mode: the same ledger figures the match pages show, so they add up to what the wallet
    credited for those matches."""
    figures = ledger.match_coins(users=[user_id])
    settled = Match.objects.filter(
        pk__in={match_id for match_id, _user in figures}, archive__isnull=False
    ).values_list("pk", "game", "mode")
    sums: dict[tuple[str, str], ledger.MatchCoins] = {}
    for match_id, game, mode in settled:
        figure = figures[(match_id, user_id)]
        before = sums.get((game, mode), ledger.MatchCoins())
        sums[(game, mode)] = before + figure
    return sums


# --- the leaderboard ---------------------------------------------------------------------------


def boards() -> list[tuple[str, str]]:
    """Every (game, mode) that has a leaderboard."""
    return [(game.id, mode.key) for game in registry.GAMES.values() for mode in game.modes]


def cache_key(game: str, mode: str) -> str:
    return f"{CACHE_PREFIX}:{game}:{mode}"


def leaderboard(game: str, mode: str, now: datetime | None = None) -> dict[str, Any]:
    """The top ``TOP`` players of a game and mode by wins in matches finished in the last
    ``WINDOW`` (ties: fewer matches first, then the username), and when it was computed. From
    the cache when it is there."""
    key = cache_key(game, mode)
    board: dict[str, Any] | None = cache.get(key)
    if board is None:
        board = compute_leaderboard(game, mode, now)
        cache.set(key, board, CACHE_SECONDS)
    return board


def compute_leaderboard(game: str, mode: str, now: datetime | None = None) -> dict[str, Any]:
    now = now or timezone.now()
    rows = (
        MatchPlayer.objects.filter(
            match__game=game,
            match__mode=mode,
            match__status=FINISHED,
            match__finished_at__gte=now - WINDOW,
        )
        .values("user_id", "user__username", "user__display_name")
        .annotate(
            matches=Count("pk"),
            wins=Count("pk", filter=Q(match__winner=F("side"))),
            nazlas=Sum("nazlas"),
        )
        .filter(wins__gt=0)
        .order_by("-wins", "matches", "user__username")[:TOP]
    )
    players = [
        {
            "rank": rank,
            "username": row["user__username"],
            "name": row["user__display_name"] or row["user__username"],
            "wins": row["wins"],
            "matches": row["matches"],
            "win_rate": win_rate(row["wins"], row["matches"]),
            "nazlas": row["nazlas"] or 0,
        }
        for rank, row in enumerate(rows, start=1)
    ]
    return {"game": game, "mode": mode, "since": now - WINDOW, "at": now, "players": players}
