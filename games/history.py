"""Match history: who may see a match, a user's matches with their outcome, and round replays.

Public matches may be viewed by anyone logged in; a private table's matches only by the people
who played them (anyone else gets a 404, as if the match did not exist). History reads a match's
archive and falls back to the live rows for a match not archived yet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.utils.translation import gettext, pgettext

from accounts import coins as ledger
from accounts.models import player_id

from . import registry
from .archive import match_summary
from .models import Action, Archive, Match, Round
from .seats import SeatState

MODES = tuple(dict.fromkeys(mode.key for game in registry.GAMES.values() for mode in game.modes))
RESULTS = ("won", "lost", "abandoned", "playing")


# --- naming seats ------------------------------------------------------------------------------


def seat_name(number: int, seat: SeatState, *, standing_in: bool = False) -> str:
    """How every page names a seat, in the reader's language: a player by their name, a bot's
    seat by the live table's bot label ("Bot 3", «لاعب آلي 3»); with ``standing_in``, a player's
    seat a bot plays is "Alice (bot standing in)"."""
    if seat.user is None:
        return gettext("Bot {n}").format(n=number + 1)
    if standing_in and seat.bot:
        return gettext("%(name)s (bot standing in)") % {"name": seat.name}
    return seat.name


def seat_names(
    seats: Iterable[SeatState | Mapping[str, Any]], *, standing_in: bool = False
) -> list[str]:
    """Every seat's name (``seat_name``), from a match's ``seat_states`` or an archive summary's
    ``seats``."""
    states = (s if isinstance(s, SeatState) else SeatState.from_dict(s) for s in seats)
    return [seat_name(n, s, standing_in=standing_in) for n, s in enumerate(states)]


def seat_of_user(match: Match, user: Any) -> int | None:
    """The seat the user sat at in this match (whether or not they left it since); never a
    visitor's."""
    user_id = player_id(user)
    if user_id is None:
        return None
    for number, seat in enumerate(match.seat_states):
        if seat.user == user_id:
            return number
    return None


def is_private(match: Match) -> bool:
    return bool(match.options.get("private", False)) or bool(match.table.private)


def can_view(user: Any, match: Match) -> bool:
    if not user.is_authenticated:
        return False
    return not is_private(match) or match.has_player(user)


def viewable_match(user: Any, match_id: int) -> Match:
    match = Match.objects.select_related("table").filter(pk=match_id).first()
    if match is None or not can_view(user, match):
        raise Http404("no such match")
    return match


def viewable_round(user: Any, round_id: int) -> Round:
    rnd = Round.objects.select_related("match", "match__table").filter(pk=round_id).first()
    if rnd is None or not can_view(user, rnd.match):
        raise Http404("no such round")
    return rnd


def mode_of(match: Match) -> str:
    return match.mode or match.game_entry.mode_of(match.game_options)


def matches_of(user: Any, mode: str | None = None) -> QuerySet[Match]:
    """The user's matches, newest first (from the match-player rows; none for a visitor)."""
    user_id = player_id(user)
    if user_id is None:
        return Match.objects.none()
    qs = Match.objects.filter(match_players__user_id=user_id).select_related("table", "archive")
    if mode in MODES:
        qs = qs.filter(mode=mode)
    return qs.order_by("-started_at", "-pk")


def summary_of(match: Match) -> dict[str, Any]:
    """The archived summary, or the same computed from the live rows."""
    archive = Archive.objects.filter(match=match).first()
    if archive is not None:
        summary: dict[str, Any] = archive.summary
        return summary
    return match_summary(match, list(match.rounds.order_by("number").prefetch_related("actions")))


@dataclass
class Outcome:
    """One match as one user's history line."""

    match: Match
    seat: int
    team: int
    result: str
    partners: list[str]
    opponents: list[str]
    mine: str
    theirs: str
    coins: int | None  # the stake result: stakes, winnings, stakes back (None: not settled)
    earned: int | None  # what the match earned by the earning rules (None: not settled)
    rounds: int
    #: the checks' coins: the reserve in, what came back (None: not settled, or no checks at
    #: a coin table)
    checks: int | None = None

    @property
    def mode(self) -> str:
        return mode_of(self.match)

    @property
    def mode_label(self) -> str:
        return self.match.mode_label or self.mode

    @property
    def partners_text(self) -> str:
        return pgettext("list separator", ", ").join(self.partners)

    @property
    def opponents_text(self) -> str:
        return pgettext("list separator", ", ").join(self.opponents)

    @property
    def coins_shown(self) -> str:
        """Coins won or lost at the stake, signed ("+450", "-500", "0"); empty when there is no
        figure."""
        return _signed(self.coins)

    @property
    def earned_shown(self) -> str:
        """Coins the match earned by the earning rules, signed ("+150", "0"); empty when there
        is no figure."""
        return _signed(self.earned)

    @property
    def checks_shown(self) -> str:
        """Coins won or lost on checks, signed; empty when the match had no checks in coins."""
        return _signed(self.checks)


def outcome(
    match: Match, user: Any, figures: Mapping[tuple[int, int], ledger.MatchCoins] | None = None
) -> Outcome | None:
    """The match as the user's history line; its coins (once the match is settled) from
    ``figures`` (``accounts.coins.match_coins``) when the caller read them for many matches."""
    seat = seat_of_user(match, user)
    if seat is None:
        return None
    team = match.side_of(seat)
    archive = getattr(match, "archive", None) if has_archive(match) else None
    totals = archive.summary["totals"] if archive else list(match.totals)
    if match.status == Match.Status.PLAYING:
        result = "playing"
    elif match.status == Match.Status.ABANDONED or match.winner is None:
        result = "abandoned"
    else:
        result = "won" if match.winner == team else "lost"
    coins = earned = checks = None
    if archive:  # settled: the figures the wallet's postings give
        if figures is None:
            figures = ledger.match_coins(matches=[match.pk], users=[user.pk])
        figure = figures.get((match.pk, user.pk), ledger.MatchCoins())
        coins, earned = figure.stake, figure.earned
        if match.game_entry.side_bets(match.game_options) is not None:
            checks = figure.checks
    names = seat_names(match.seat_states)
    sides = [match.side_of(n) for n in range(match.players)]
    return Outcome(
        match=match,
        seat=seat,
        team=team,
        result=result,
        partners=[names[n] for n in range(match.players) if sides[n] == team and n != seat],
        opponents=[names[n] for n in range(match.players) if sides[n] != team],
        mine=_clean(totals[team]),
        theirs=_clean(max((t for n, t in enumerate(totals) if n != team), key=float)),
        coins=coins,
        earned=earned,
        rounds=len(archive.summary["rounds"]) if archive else match.rounds.count(),
        checks=checks,
    )


def _signed(coins: Any) -> str:
    if not isinstance(coins, int):
        return ""
    return f"+{coins}" if coins > 0 else str(coins)


def has_archive(match: Match) -> bool:
    try:
        match.archive  # noqa: B018 - the reverse one-to-one raises when there is none
    except Archive.DoesNotExist:
        return False
    return True


def _clean(value: Any) -> str:
    text = str(value)
    return text[:-2] if text.endswith(".0") else text


def history(user: Any, mode: str | None = None, result: str | None = None) -> list[Outcome]:
    lines = []
    user_id = player_id(user)
    figures = ledger.match_coins(users=[user_id]) if user_id is not None else {}
    for match in matches_of(user, mode if mode in MODES else None):
        line = outcome(match, user, figures)
        if line is None:
            continue
        if result in RESULTS and line.result != result:
            continue
        lines.append(line)
    return lines


# --- replay ------------------------------------------------------------------------------------


def replay_steps(rnd: Round, user: Any = None) -> list[dict[str, Any]]:
    """Every state of a finished round, from the deal to the end, computed by the game's engine
    from the deal and the action log (every hand is in every step: the round is over). While
    the match goes on, what the game keeps to one seat (two-handed Pinochle's draws) is shown to
    ``user``'s seat only (``Game.replay_seen_by``). A step a bot played for a player's seat (who
    left or went away) says so: ``bot`` is true."""
    if rnd.status != Round.Status.FINISHED or rnd.state is None:
        raise Http404("this round cannot be replayed")
    match = rnd.match
    steps = match.game_entry.replay_steps(rnd.state)
    if match.status == Match.Status.PLAYING:
        steps = match.game_entry.replay_seen_by(steps, seat_of_user(match, user))
    humans = {n for n, s in enumerate(rnd.match.seat_states) if s.human}
    actors = list(rnd.actions.order_by("seq").values_list("seat", "actor"))
    played = [step for step in steps if step.get("seat") is not None]
    bot_steps = (
        [seat in humans and actor == Action.Actor.BOT for seat, actor in actors]
        if len(actors) == len(played)
        else [False] * len(played)
    )
    for step, by_bot in zip(played, bot_steps, strict=True):
        step["bot"] = by_bot
    return steps
