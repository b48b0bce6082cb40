"""Archiving a match that is over: its rounds' logs compressed, a summary for history, coins,
and a rated match's rating changes, all in one transaction.

``archive_match`` is idempotent: it locks the match row and does nothing when the archive is
already there, so a second run (the on-commit task and the beat sweep racing, a retry) neither
writes nor pays nor rates twice (the coins and the ratings are keyed by the match as well).
"""

from __future__ import annotations

import json
import zlib
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from ratings import services as ratings

from . import rated, registry, settlement
from .live.broadcast import announce
from .live.rounds import pin_players
from .models import Action, Archive, Match, MatchPlayer, Round
from .turns import turns

OVER = (Match.Status.FINISHED, Match.Status.ABANDONED)
#: matches archived per beat run at most (the next run takes the rest)
SWEEP_BATCH = 200


def round_summary(match: Match, rnd: Round) -> dict[str, Any]:
    """One round's line of the score sheet: how it ended, its points, time-out and bot turns,
    and the game's own part (melds, contract…)."""
    game = match.game_entry
    timeouts, bot_turns = [0] * match.players, [0] * match.players
    actions = list(rnd.actions.all())
    for seat, actors in turns(actions, game.ends_turn):
        timeouts[seat] += Action.Actor.TIMEOUT in actors
        bot_turns[seat] += Action.Actor.BOT in actors
    result = rnd.result or None
    return {
        "id": rnd.pk,
        "number": rnd.number,
        "dealer": rnd.dealer,
        "dealt": rnd.state is not None,
        "finished": rnd.status == Round.Status.FINISHED,
        "played_out": bool(result),
        "actions": len(actions),
        "timeouts": timeouts,
        "bot_turns": bot_turns,
        "points": result["team_points"] if result else None,
        "reason": result["reason"] if result else None,
        **game.round_line(rnd.state, result),
    }


def match_summary(match: Match, rounds: list[Round]) -> dict[str, Any]:
    """What history shows of a match; computed from the live rows (archive or not)."""
    running = [Decimal(0)] * match.sides
    lines = []
    for rnd in rounds:
        line = round_summary(match, rnd)
        if line["points"]:
            running = [running[side] + Decimal(line["points"][side]) for side in range(match.sides)]
        line["totals"] = [registry.score_text(x) for x in running]
        lines.append(line)
    return {
        "match": match.pk,
        "game": match.game,
        "status": match.status,
        "players": match.players,
        "options": match.options,
        "seats": [
            {"user": s.user, "name": s.name, "bot": s.bot, "left": s.left}
            for s in match.seat_states
        ],
        "sides": [match.side_of(n) for n in range(match.players)],
        "first_dealer": match.first_dealer,
        "started_at": match.started_at.isoformat() if match.started_at else None,
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        "rounds": lines,
        "totals": list(match.totals),
        "winner": match.winner,
        "coins": None,
        "checks": None,
        "earned": None,
    }


def round_log(rnd: Round) -> dict[str, Any]:
    return {
        "id": rnd.pk,
        "number": rnd.number,
        "algorithm": rnd.algorithm,
        "secret": rnd.secret,
        "commitment": rnd.commitment,
        "seeds": rnd.seeds,
        "client_seed": rnd.client_seed,
        "dealer": rnd.dealer,
        "state": rnd.state,
        "result": rnd.result,
        "actions": [
            {
                "seq": a.seq,
                "seat": a.seat,
                "actor": a.actor,
                "user": a.user_id,
                "payload": a.payload,
                "at": a.created_at.isoformat(),
            }
            for a in rnd.actions.all()
        ],
    }


def read_log(archive: Archive) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = json.loads(zlib.decompress(bytes(archive.log)))
    return log


def archive_match(match_id: int) -> bool:
    """Archive a finished or abandoned match once. Returns whether this call archived it."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None or match.status not in OVER:
            return False
        if Archive.objects.filter(match=match).exists():
            return False
        # every round of a match that is over has ended: its secret may be shown now
        Round.objects.filter(
            match=match, status=Round.Status.FINISHED, revealed_at__isnull=True
        ).update(revealed_at=timezone.now())
        rounds = list(match.rounds.order_by("number").prefetch_related("actions"))
        summary = match_summary(match, rounds)
        log = [round_log(rnd) for rnd in rounds]
        coins = settlement.settle(match)
        summary["coins"] = {str(user): amount for user, amount in coins["stakes"].items()}
        summary["checks"] = {str(user): amount for user, amount in coins["checks"].items()}
        summary["earned"] = {str(user): amount for user, amount in coins["earned"].items()}
        record_players(match, summary)
        result = rated.result_of(match)
        if result is not None:
            ratings.rate(result)
        Archive.objects.create(
            match=match,
            status=match.status,
            log=zlib.compress(json.dumps(log, separators=(",", ":")).encode(), 9),
            summary=summary,
        )
    announce(match_id)  # the table's match-end sheet shows each seat's coins and rating
    pin_players(match_id)  # their history shows the match at once, replica or not
    return True


def record_players(match: Match, summary: dict[str, Any]) -> None:
    """Each player's part of the archived match on their ``MatchPlayer`` row, for statistics:
    the rounds they went out in, of them all in one turn (nazla), their stake result."""
    for player in MatchPlayer.objects.filter(match=match):
        out = [r for r in summary["rounds"] if r.get("out_seat") == player.seat]
        player.went_out = len(out)
        player.nazlas = sum(1 for r in out if r.get("nazla"))
        player.coins = int((summary.get("coins") or {}).get(str(player.user_id)) or 0)
        player.save(update_fields=["went_out", "nazlas", "coins"])


def archive_pending() -> int:
    """The beat sweep: archive every finished or abandoned match that has no archive yet."""
    ids = list(
        Match.objects.filter(status__in=OVER, archive__isnull=True)
        .order_by("pk")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    return sum(archive_match(match_id) for match_id in ids)
