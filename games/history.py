"""Match history: who may see a match, a user's matches with their outcome, and round replays.

Public matches may be viewed by anyone logged in; a private table's matches only by the people
who played them (anyone else gets a 404, as if the match did not exist). History reads a match's
archive and falls back to the live rows for a match not archived yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.translation import pgettext

from accounts.models import player_id
from games.banakil import Options
from games.banakil import Round as EngineRound
from games.banakil.cards import sort_cards

from .archive import match_summary
from .models import Archive, Match, Round

MODES = ("2v2", "1v1")
RESULTS = ("won", "lost", "abandoned", "playing")


def seat_of_user(match: Match, user: Any) -> int | None:
    user_id = player_id(user)
    if user_id is None:
        return None
    for number, seat in enumerate(match.seats):
        if seat.get("user") == user_id:
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


def _seat_pattern(user_id: int) -> Q:
    # the seats JSON as text holds `"user": <id>` followed by "," or "}" (SQLite and PostgreSQL)
    return Q(seats__icontains=f'"user": {user_id},') | Q(seats__icontains=f'"user": {user_id}}}')


def mode_of(match: Match) -> str:
    return "1v1" if match.players == 2 else "2v2"


def matches_of(user: Any, mode: str | None = None) -> QuerySet[Match]:
    """The user's matches, newest first (a text match on the seats, confirmed by ``outcome``)."""
    user_id = player_id(user)
    if user_id is None:
        return Match.objects.none()
    qs = Match.objects.filter(_seat_pattern(user_id)).select_related("table", "archive")
    if mode == "1v1":
        qs = qs.filter(players=2)
    elif mode == "2v2":
        qs = qs.filter(players=4)
    return qs.order_by("-started_at", "-pk")


def summary_of(match: Match) -> dict[str, Any]:
    """The archived summary, or the same computed from the live rows."""
    archive = Archive.objects.filter(match=match).first()
    if archive is not None:
        return archive.summary
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
    coins: Any
    rounds: int

    @property
    def mode(self) -> str:
        return mode_of(self.match)

    @property
    def partners_text(self) -> str:
        return pgettext("list separator", ", ").join(self.partners)

    @property
    def opponents_text(self) -> str:
        return pgettext("list separator", ", ").join(self.opponents)

    @property
    def coins_shown(self) -> str:
        """Coins won or lost, signed ("+450", "-500", "0"); empty when there is no figure."""
        if not isinstance(self.coins, int):
            return ""
        return f"+{self.coins}" if self.coins > 0 else str(self.coins)


def outcome(match: Match, user: Any) -> Outcome | None:
    seat = seat_of_user(match, user)
    if seat is None:
        return None
    team = seat % 2
    archive = getattr(match, "archive", None) if has_archive(match) else None
    totals = archive.summary["totals"] if archive else [str(match.total_a), str(match.total_b)]
    if match.status == Match.Status.PLAYING:
        result = "playing"
    elif match.status == Match.Status.ABANDONED or match.winner_team is None:
        result = "abandoned"
    else:
        result = "won" if match.winner_team == team else "lost"
    coins = None
    if archive and isinstance(archive.summary.get("coins"), dict):
        coins = archive.summary["coins"].get(str(user.pk))
    names = [s.get("name") or "" for s in match.seats]
    return Outcome(
        match=match,
        seat=seat,
        team=team,
        result=result,
        partners=[names[n] for n in range(match.players) if n % 2 == team and n != seat],
        opponents=[names[n] for n in range(match.players) if n % 2 != team],
        mine=_clean(totals[team]),
        theirs=_clean(totals[1 - team]),
        coins=coins,
        rounds=len(archive.summary["rounds"]) if archive else match.rounds.count(),
    )


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
    for match in matches_of(user, mode if mode in MODES else None):
        line = outcome(match, user)
        if line is None:
            continue
        if result in RESULTS and line.result != result:
            continue
        lines.append(line)
    return lines


# --- replay ------------------------------------------------------------------------------------


def _step(engine: EngineRound, seat: int | None, action: Any, logged: int) -> dict[str, Any]:
    """One step: the public view plus every hand, and the log entries this action added (a
    stock draw's card included: the round is over)."""
    view = engine.view(None)
    events = []
    for entry in engine.log[logged:]:
        shown = {k: v for k, v in entry.items() if k != "private"}
        if "private" in entry:
            shown["card"] = entry["private"]
        events.append(shown)
    return {
        "seat": seat,
        "action": action,
        "events": events,
        "turn": view["turn"],
        "turn_no": view["turn_no"],
        "phase": view["phase"],
        "hands": [sort_cards(h.elements()) for h in engine.hands],
        "melds": [
            {k: m[k] for k in ("id", "owner", "team", "kind", "cards", "points")}
            for m in view["melds"]
        ],
        "team_meld_points": view["team_meld_points"],
        "pile_top": view["pile_top"],
        "pile_size": view["pile_size"],
        "stock_size": view["stock_size"],
        "restocks": view["restocks"],
        "result": view["result"],
    }


def replay_steps(rnd: Round) -> list[dict[str, Any]]:
    """Every state of a finished round, from the deal to the end, computed by the engine from
    the deal and the action log. All four hands are in every step: the round is over."""
    if rnd.status != Round.Status.FINISHED or rnd.state is None:
        raise Http404("this round cannot be replayed")
    state = rnd.state
    engine = EngineRound.deal(
        Options.from_dict(state["options"]),
        state["dealer"],
        deck=state.get("deck"),
        secret=state.get("secret"),
        client_seed=state.get("client_seed"),
    )
    steps = [_step(engine, None, None, 0)]
    for seat, action in state["actions"]:
        logged = len(engine.log)
        engine.apply(seat, action)
        steps.append(_step(engine, seat, engine.actions[-1][1], logged))
    return steps
