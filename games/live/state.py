"""What each seat sees of a table: the full ``state`` message (docs/protocol.md).

A seat's message holds its own view from the engine; spectators get the public view. Messages
are built from exactly the state being committed (``broadcast.publish``) or read fresh
(``snapshot``).
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from accounts import coins as ledger
from accounts.models import player_id
from games import registry
from games.models import Action, Archive, Match, Round
from lobby.models import Table
from ratings import services as ratings

from ..refusals import GameRefusal
from .locks import engine_to_read, latest_round, playing_match


def seat_of(match: Match, user: Any) -> int | None:
    """The seat this user plays at this match; a player who left it is a spectator now."""
    user_id = player_id(user)
    for number, seat in enumerate(match.seat_states):
        if seat.held_by(user_id):
            return number
    return None


def message(
    match: Match,
    rnd: Round | None,
    engine: registry.Round | None,
    seat: int | None,
    actor: str | None = None,
) -> dict[str, Any]:
    """The full ``state`` message for one seat (or a spectator: ``seat`` None). ``actor``: who
    made the round's last action, when the caller knows (else it is read from the log)."""
    return Messages(match, rnd, engine, actor).to(seat)


class Messages:
    """Every recipient's ``state`` message of one moment: the parts all of them share (seats,
    match, round, clock) built once, then each seat's own view and last action."""

    def __init__(
        self,
        match: Match,
        rnd: Round | None,
        engine: registry.Round | None,
        actor: str | None = None,
    ) -> None:
        self.match, self.rnd, self.engine = match, rnd, engine
        self.shared = _shared(match, rnd)
        self.last = _last(rnd, engine, actor)

    def to(self, seat: int | None) -> dict[str, Any]:
        """The message for ``seat`` (None: the spectators')."""
        engine = self.engine
        return self._message(seat, engine.view(seat) if engine is not None else None)

    def every(self) -> list[dict[str, Any]]:
        """Every seat's message in seat order, then the spectators': the engine's views built
        together (``views``), which share their public parts."""
        seats: list[int | None] = [*range(self.match.players), None]
        engine = self.engine
        if engine is None:
            return [self._message(seat, None) for seat in seats]
        views = engine.views()
        return [self._message(seat, view) for seat, view in zip(seats, views, strict=True)]

    def _message(self, seat: int | None, view: dict[str, Any] | None) -> dict[str, Any]:
        return {
            **self.shared,
            "you": seat,
            "view": view,
            "last": _shown(self.match, self.last, seat),
        }


def _shared(match: Match, rnd: Round | None) -> dict[str, Any]:
    """The parts of a ``state`` message that every recipient gets alike."""
    options = match.game_options
    round_part: dict[str, Any] | None = None
    clock: dict[str, Any] = {
        "deadline": None,
        "remaining_ms": None,
        "turn_seconds": options.turn_seconds,
    }
    if rnd is not None:
        round_part = {
            "number": rnd.number,
            "status": rnd.status,
            "commitment": rnd.commitment,
            "client_seed": rnd.client_seed if rnd.status != Round.Status.SEEDING else None,
            "seeds_in": [s is not None for s in rnd.seeds],
            "dealer": rnd.dealer,
            "secret": rnd.secret if rnd.revealed_at else None,
            "next_commitment": (
                match.next_commitment
                if rnd.status == Round.Status.FINISHED and match.next_commitment
                else None
            ),
        }
        if rnd.deadline is not None and rnd.status == Round.Status.PLAYING:
            remaining = (rnd.deadline - timezone.now()).total_seconds()
            clock["deadline"] = rnd.deadline.isoformat()
            clock["remaining_ms"] = max(0, int(remaining * 1000))
    level = registry.bot_level(options)
    return {
        "type": "state",
        "table": match.table_id,
        "round_no": rnd.number if rnd is not None else 0,
        "event": rnd.event_no if rnd is not None else 0,
        "seats": [
            {
                "seat": n,
                "team": match.side_of(n),
                "name": s.name,
                "bot": s.bot,
                "bot_level": level if s.bot else None,
                "away": s.away,
                "missed": s.timeouts,
                "returning": s.returning,
                "user": s.user,
                "rating": (
                    {"figure": s.rating, "provisional": s.provisional}
                    if s.rating is not None
                    else None
                ),
            }
            for n, s in enumerate(match.seat_states)
        ],
        "match": {
            "id": match.pk,
            "game": match.game,
            "status": match.status,
            "target": options.target,
            "totals": list(match.totals),
            "winner": match.winner,
            "abandoned_why": match.abandoned_why or None,
            "against_bots": match.against_bots,
            "rated": match.rated,
            **_coins_by_seat(match),
            **match.game_entry.match_state(options, lambda: match.record),
            "ratings": _ratings_by_seat(match),
            "rematch": _rematch(match),
            "event": _event(match),
        },
        "round": round_part,
        "clock": clock,
    }


#: the round's last applied action: its seat, the action, and who made it
LastAction = tuple[int, dict[str, Any], str | None]


def _last(rnd: Round | None, engine: registry.Round | None, actor: str | None) -> LastAction | None:
    """The round's last applied action and who made it (a player, a bot standing in, or the
    clock); read from the log when the caller does not know."""
    if rnd is None or engine is None or not engine.actions:
        return None
    seat, action = engine.actions[-1]
    if actor is None:
        actor = (
            Action.objects.filter(round=rnd, seq=rnd.action_count)
            .values_list("actor", flat=True)
            .first()
        )
    return seat, action, actor


def _shown(match: Match, last: LastAction | None, viewer: int | None) -> dict[str, Any] | None:
    """The last action as ``viewer`` sees it, so a client can say what was played for a seat:
    a seat sees its own action whole, everyone else what the game makes public of it."""
    if last is None:
        return None
    seat, action, actor = last
    shown = dict(action) if viewer == seat else match.game_entry.public_action(action)
    return {"seat": seat, "action": shown, "actor": actor}


def _rematch(match: Match) -> dict[str, Any] | None:
    """Once the match is over: the table where its players play again, if one has asked, its
    status and the seats already back."""
    if match.status == Match.Status.PLAYING:
        return None
    table = Table.objects.filter(rematch_of_id=match.table_id).only("pk", "status").first()
    if table is None:
        return None
    back = sorted(table.seats.filter(user__isnull=False).values_list("number", flat=True))
    return {"table": table.pk, "status": table.status, "seats": back}


def _event(match: Match) -> str | None:
    """Once the match is over: the page of the event its table was opened for, if any (a
    tournament's), where its players go next."""
    if match.status == Match.Status.PLAYING:
        return None
    url = Table.objects.filter(pk=match.table_id).values_list("event_url", flat=True).first()
    return url or None


def _coins_by_seat(match: Match) -> dict[str, list[int | None] | None]:
    """Each seat's coin figures once the match is archived (its coins settled), from the
    ledger's postings (``accounts.coins.match_coins``): ``coins``, the stake result (free
    tables: all 0), ``earned``, the coins the match earned by the earning rules, and at a coin
    table with checks (``Game.side_bets``) ``check_coins``, the checks' coins (the reserve in,
    what came back; otherwise None). A bot's seat: None."""
    if match.status == Match.Status.PLAYING or not Archive.objects.filter(match=match).exists():
        return {"coins": None, "earned": None, "check_coins": None}
    users = [s.user for s in match.seat_states if s.user is not None]
    figures = ledger.match_coins(matches=[match.pk], users=users)
    shown = [
        figures.get((match.pk, s.user), ledger.MatchCoins()) if s.user else None
        for s in match.seat_states
    ]
    checks = match.game_entry.side_bets(match.game_options) is not None
    return {
        "coins": [f.stake if f else None for f in shown],
        "earned": [f.earned if f else None for f in shown],
        "check_coins": [f.checks if f else None for f in shown] if checks else None,
    }


def _ratings_by_seat(match: Match) -> list[dict[str, Any] | None] | None:
    """Once a rated match is archived: what it did to each seat's rating (null for a seat whose
    rating did not move: an abandoned match moves only the side that left)."""
    if match.status == Match.Status.PLAYING or not match.rated:
        return None
    changes = ratings.changes_of(match.pk)
    if not changes:
        return None
    return [changes[s.user].to_json() if s.user in changes else None for s in match.seat_states]


def seat_at(table_id: int, user: Any) -> int | None:
    """This user's seat at the table's current match (None: a spectator). A private table's
    match is shown to its own players only."""
    match = playing_match(table_id)
    seat = seat_of(match, user)
    if seat is None and match.table.private and not match.has_player(user):
        raise GameRefusal("private_table")
    return seat


def snapshot(table_id: int, user: Any) -> dict[str, Any]:
    """The current full message for this user at this table: their seat's, or the public one."""
    match = playing_match(table_id)
    rnd = latest_round(match, lock=False)
    engine = engine_to_read(match, rnd) if rnd is not None and rnd.state else None
    return message(match, rnd, engine, seat_of(match, user))


def hints_for(table_id: int, user: Any) -> dict[str, Any]:
    match = playing_match(table_id)
    seat = seat_of(match, user)
    if seat is None:
        raise GameRefusal("not_seated")
    rnd = latest_round(match, lock=False)
    if rnd is None or rnd.status != Round.Status.PLAYING:
        raise GameRefusal("not_playing")
    engine = engine_to_read(match, rnd)
    return {
        "type": "hints",
        "round_no": rnd.number,
        "event": rnd.event_no,
        "hints": match.game_entry.hints(engine.view(seat)),
    }
