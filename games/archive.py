"""Archiving a match that is over: its rounds' logs compressed, a summary for history, coins.

``archive_match`` is idempotent: it locks the match row and does nothing when the archive is
already there, so a second run (the on-commit task and the beat sweep racing, a retry) neither
writes nor pays twice.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.banakil.round import _dec

from .models import Action, Archive, Match, Round

OVER = (Match.Status.FINISHED, Match.Status.ABANDONED)
#: matches archived per beat run at most (the next run takes the rest)
SWEEP_BATCH = 200


def _turns(actions: Iterable[Action], players: int) -> tuple[list[int], list[int]]:
    """Time-out turns and bot turns per seat. A turn ends with a throw (or the round's end);
    it counts as a time-out (or bot) turn when any of its actions was played that way."""
    timeouts, bot_turns = [0] * players, [0] * players
    kinds: set[str] = set()
    seat: int | None = None

    def close() -> None:
        if seat is not None:
            timeouts[seat] += Action.Actor.TIMEOUT in kinds
            bot_turns[seat] += Action.Actor.BOT in kinds

    for action in actions:
        if seat is not None and action.seat != seat:
            close()
            kinds = set()
        seat = action.seat
        kinds.add(action.actor)
        if action.payload.get("type") == "throw":
            close()
            kinds, seat = set(), None
    close()
    return timeouts, bot_turns


def round_summary(rnd: Round, players: int) -> dict[str, Any]:
    """One round's line of the score sheet, with its melds, nazla, time-outs and bot turns."""
    actions = list(rnd.actions.all())
    timeouts, bot_turns = _turns(actions, players)
    line: dict[str, Any] = {
        "id": rnd.pk,
        "number": rnd.number,
        "dealer": rnd.dealer,
        "dealt": rnd.state is not None,
        "finished": rnd.status == Round.Status.FINISHED,
        "played_out": bool(rnd.result),
        "actions": len(actions),
        "timeouts": timeouts,
        "bot_turns": bot_turns,
        "points": None,
        "reason": None,
        "out_seat": None,
        "nazla": False,
        "meld_points": None,
        "hand_points": None,
        "bonus": None,
        "melds": [],
    }
    if rnd.result:
        res = rnd.result
        line.update(
            points=res["team_points"],
            reason=res["reason"],
            out_seat=res["out_seat"],
            nazla=res["nazla"],
            meld_points=res["meld_points"],
            hand_points=res["hand_points"],
            bonus=res["bonus"],
        )
    if rnd.state is not None:
        view = rnd.engine().view(None)
        line["melds"] = [
            {k: m[k] for k in ("owner", "team", "kind", "cards", "points")} for m in view["melds"]
        ]
    return line


def match_summary(match: Match, rounds: list[Round]) -> dict[str, Any]:
    """What history shows of a match; computed from the live rows (archive or not)."""
    running = [0.0, 0.0]
    lines = []
    for rnd in rounds:
        line = round_summary(rnd, match.players)
        if line["points"]:
            running = [running[t] + float(line["points"][t]) for t in (0, 1)]
        line["totals"] = [_num(x) for x in running]
        lines.append(line)
    return {
        "match": match.pk,
        "status": match.status,
        "players": match.players,
        "options": match.options,
        "seats": [
            {"user": s.get("user"), "name": s.get("name"), "bot": bool(s.get("bot"))}
            for s in match.seats
        ],
        "first_dealer": match.first_dealer,
        "started_at": match.started_at.isoformat() if match.started_at else None,
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        "rounds": lines,
        "totals": [_dec(match.total_a), _dec(match.total_b)],
        "winner": match.winner_team,
        "coins": None,
    }


def _num(x: float) -> str:
    return str(int(x)) if x == int(x) else str(x)


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
    return json.loads(zlib.decompress(bytes(archive.log)))


def _settle_coins(match: Match) -> dict[int, int]:
    """The coin step (issue 6's ledger): a finished match pays out, an abandoned one refunds.

    It runs inside ``archive_match``'s transaction, under the match lock and only when no
    archive exists yet; the ledger is idempotent too (keyed transactions), so a match is paid
    once. Returns each human's coins from the match ({user id: coins}).
    """
    from accounts.coins import refund_match, settle_match

    if match.status == Match.Status.FINISHED:
        return settle_match(match)
    return refund_match(match)


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
        coins = _settle_coins(match)
        summary["coins"] = {str(user): amount for user, amount in coins.items()}
        Archive.objects.create(
            match=match,
            status=match.status,
            log=zlib.compress(json.dumps(log, separators=(",", ":")).encode(), 9),
            summary=summary,
        )
    from .services import announce

    announce(match_id)  # the table's match-end sheet shows each seat's coins
    return True


def archive_pending() -> int:
    """The beat sweep: archive every finished or abandoned match that has no archive yet."""
    ids = list(
        Match.objects.filter(status__in=OVER, archive__isnull=True)
        .order_by("pk")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    return sum(archive_match(match_id) for match_id in ids)
