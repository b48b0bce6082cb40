"""A match's life: start, each round's secret, seeds and deal, the end of a round, the end of
the match (or its abandonment) and closing its table.

Callers hold the locks named in each docstring (``locks``: match → round); every visible change
goes out through ``broadcast.publish``; Celery gets its next work through ``schedule``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import fair, registry, settlement
from games.models import Match, MatchPlayer, Round
from games.seats import SeatState
from lobby import services as lobby
from ratings import services as ratings
from sahrat import replica

from ..refusals import GameRefusal
from . import schedule
from .broadcast import new_event, publish
from .locks import engine, lock, lock_match_by_id, lock_round, remember
from .state import seat_of


def start_match(table: Any, deals: Sequence[Mapping[str, str]] = ()) -> Match:
    """Open the match of a full table the caller has locked, and its first round: every seat
    held as the lobby left it (a player, with their rating as it stands, or a bot), each
    player's stake into the pot at a coin table (or ``not_enough_coins``, and the caller's
    transaction rolls back whole). ``deals``: the match's set deals (``Match.deals``)."""
    game = registry.get(table.game)
    options = game.options(table.options)
    seats = table.seat_map()
    shown = ratings.shown_for(
        [s.user_id for s in seats if s is not None and s.user_id], game.id, game.mode_of(options)
    )
    states = [
        SeatState.robot()
        if seat is None or seat.user_id is None  # a bot's seat has no user
        else SeatState.player(
            seat.user_id,
            seat.shown_name,
            shown[seat.user_id].figure,
            shown[seat.user_id].provisional,
        )
        for seat in seats
    ]
    match = Match(
        table=table,
        game=game.id,
        options=table.options,
        players=table.players,
        totals=["0"] * game.sides(options),
        deals=[{"secret": d["secret"], "client_seed": d["client_seed"]} for d in deals],
    )
    match.set_seats(states)
    match.save()
    MatchPlayer.objects.bulk_create(
        [
            MatchPlayer(match=match, user_id=s.user, seat=n, side=game.side_of(options, n))
            for n, s in enumerate(states)
            if s.user is not None
        ]
    )
    settlement.stake(match)
    open_round(match, 1)
    return match


def open_round(match: Match, number: int) -> Round:
    """Fix the round's secret (the one committed at the end of the last round, if any) and
    publish its commitment; the seeds come next, then the deal. Holds the match lock."""
    if match.deals:  # a set deal: its secret and seed, the same at every table that has it
        if number > len(match.deals):
            raise ValueError(f"match {match.pk} has no set deal for round {number}")
        secret = match.deals[number - 1]["secret"]
    else:
        secret = match.next_secret or fair.new_secret()
    if match.next_secret:
        match.next_secret = match.next_commitment = ""
        match.save(update_fields=["next_secret", "next_commitment"])
    rnd = Round.objects.create(
        match=match,
        number=number,
        secret=secret,
        commitment=fair.commitment(secret),
        seeds=[None] * match.players,
    )
    if match.deals or all(s.bot for s in match.seat_states):
        deal(match, rnd)
        return rnd
    publish(match, rnd, None)
    rnd.save(update_fields=["event_no"])
    round_id = rnd.pk
    transaction.on_commit(lambda: schedule.deal_round(round_id))
    return rnd


def submit_seed(table_id: int, user: Any, seed: Any) -> None:
    """A seated human's seed for the round being opened; the deal happens once all are in.
    A seed that arrives after the deal (the seed wait ran out) is not used; the published
    client seed shows what was."""
    if not isinstance(seed, str) or not fair.SEED_RE.fullmatch(seed):
        raise GameRefusal("bad_seed")
    with transaction.atomic():
        match, rnd = lock(table_id)
        seat = seat_of(match, user)
        if seat is None:
            raise GameRefusal("not_seated")
        if rnd.status != Round.Status.SEEDING:
            return  # a seed that arrives after the deal is simply not used
        seeds = list(rnd.seeds)
        seeds[seat] = seed
        rnd.seeds = seeds
        states = match.seat_states
        waiting = [n for n, s in enumerate(states) if not s.bot and not s.away and seeds[n] is None]
        if waiting:
            publish(match, rnd, None)
            rnd.save(update_fields=["seeds", "event_no"])
        else:
            deal(match, rnd)


def deal_due(round_id: int) -> None:
    """The seed wait is over: deal with the seeds that came (idempotent)."""
    with transaction.atomic():
        locked = lock_round(round_id)
        if locked is None:
            return
        match, rnd = locked
        if rnd.status == Round.Status.SEEDING and match.status == Match.Status.PLAYING:
            deal(match, rnd)


def deal(match: Match, rnd: Round) -> None:
    """Deal the round from its secret and the seeds (holds match → round). The first deal of a
    match draws its first dealer from the same secret and seeds."""
    game = match.game_entry
    if match.deals:
        rnd.client_seed = match.deals[rnd.number - 1]["client_seed"]
    else:
        rnd.client_seed = fair.client_seed(["" if s is None else s for s in rnd.seeds])
    if match.record is None:
        drawn = game.match_from_draw(match.game_options, rnd.secret, rnd.client_seed)
        match.first_dealer = drawn.dealer
        match.record = json.loads(drawn.to_json())
        match.save(update_fields=["first_dealer", "record"])
    rnd.dealer = match.engine_match().dealer
    engine = game.deal(
        match.game_options, rnd.dealer, secret=rnd.secret, client_seed=rnd.client_seed
    )
    rnd.status = Round.Status.PLAYING
    rnd.dealt_at = timezone.now()
    rnd.state = engine.to_dict()
    rnd.action_count = 0
    start_turn(match, rnd, engine)
    if engine.over:  # a misdeal the rules end at once (Pinochle's nines)
        finish_round(match, rnd, engine)
    publish(match, rnd, engine, new_turn=True)
    rnd.save()
    remember(rnd.pk, engine)


def start_turn(match: Match, rnd: Round, engine: registry.Round) -> None:
    """A new turn: its deadline (none at a table with no clock), and the seat back to a player
    who returned meanwhile."""
    rnd.turn_no = engine.turn_no
    rnd.turn_seat = engine.turn
    seconds = match.game_options.turn_seconds
    rnd.deadline = None if seconds is None else timezone.now() + timedelta(seconds=seconds)
    states = match.seat_states
    taken_over = [s.take_over() for s in states]
    if taken_over != states:
        match.set_seats(taken_over)
        match.save(update_fields=["seats"])


def next_round(match_id: int, number: int) -> None:
    """Open round ``number`` after the score sheet of the last one (idempotent)."""
    with transaction.atomic():
        match = lock_match_by_id(match_id)
        if match is None or match.status != Match.Status.PLAYING:
            return
        if match.rounds.filter(number=number).exists():
            return
        last = match.rounds.order_by("-number").first()
        if last is None or last.number != number - 1 or last.status != Round.Status.FINISHED:
            return
        open_round(match, number)


def finish_round(match: Match, rnd: Round, engine: registry.Round) -> None:
    """The round is over (holds match → round): its result into the engine's match, then the
    next round's secret, or the end of the match."""
    rnd.status = Round.Status.FINISHED
    rnd.finished_at = timezone.now()
    rnd.deadline = None
    rnd.turn_seat = None
    rnd.state = engine.to_dict()  # the whole round, as Verify and history read it
    rnd.result = engine.view(None)["result"]
    record = match.engine_match()
    record.record(engine)
    match.record = json.loads(record.to_json())
    match.totals = [registry.score_text(t) for t in record.totals]
    if record.over or (match.deals and rnd.number >= len(match.deals)):
        match.status = Match.Status.FINISHED
        match.winner = record.winner if record.over else _ahead(record.totals)
        match.finished_at = timezone.now()
    elif match.deals:  # the next set deal's commitment goes on the score sheet
        match.next_commitment = fair.commitment(match.deals[rnd.number]["secret"])
    else:  # the next round's secret is fixed now: its commitment goes on the score sheet
        match.next_secret = fair.new_secret()
        match.next_commitment = fair.commitment(match.next_secret)
    match.save()
    set_deals = bool(match.deals)
    round_id, match_id, number, table_id = rnd.pk, match.pk, rnd.number, match.table_id
    over = match.status != Match.Status.PLAYING

    def after() -> None:
        if not set_deals:  # a set deal's secret is revealed by whoever set it
            schedule.reveal_secret(round_id)
        if over:
            close_table(table_id)
            schedule.archive_match(match_id)
        else:
            schedule.open_next_round(match_id, number + 1)

    transaction.on_commit(after)


def _ahead(totals: Sequence[Any]) -> int | None:
    """The side with the most points after a match of set deals (None: a tie at the top)."""
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


def reveal(round_id: int) -> None:
    """Reveal a finished round's secret (idempotent): Verify can now re-derive the deal, and a
    table still showing that round's score sheet shows the secret too."""
    with transaction.atomic():
        locked = lock_round(round_id)
        if locked is None:
            return
        match, rnd = locked
        if rnd.status != Round.Status.FINISHED or rnd.revealed_at is not None:
            return
        rnd.revealed_at = timezone.now()
        rnd.save(update_fields=["revealed_at"])
        if not match.rounds.filter(number__gt=rnd.number).exists():
            new_event(match, rnd)
        transaction.on_commit(lambda: pin_players(match.pk))


def pin_players(match_id: int) -> None:
    """A match's players read their history and Verify on the primary for a while: they show
    what was just written, even on a replica a moment behind (sahrat/replica.py)."""
    if replica.configured():
        replica.pin_to_primary(
            MatchPlayer.objects.filter(match_id=match_id).values_list("user_id", flat=True)
        )


def abandon(match: Match, rnd: Round, why: str, *, close: bool = True) -> None:
    """Every human seat is away or gone (holds match → round): the match ends with no winner
    (coin stakes go back when it is archived), and keeps ``why`` (``Match.Abandoned``) for the
    end sheet and its page. ``close`` False: the caller closes the table."""
    match.status = Match.Status.ABANDONED
    match.abandoned_why = why
    match.finished_at = timezone.now()
    match.save()
    rnd.status = Round.Status.FINISHED
    rnd.finished_at = timezone.now()
    rnd.deadline = None
    found = engine(match, rnd) if rnd.state else None
    if found is not None:
        rnd.state = found.to_dict()  # the whole round so far, as history reads it
    publish(match, rnd, found)
    rnd.save()
    match_id, table_id = match.pk, match.table_id

    def after() -> None:
        if close:
            close_table(table_id)
        schedule.archive_match(match_id)

    transaction.on_commit(after)


def make_public(match_id: int) -> bool:
    """Open a finished private match to everyone (its page, its replays, its Verify): the
    private flag off on its table and its options (a platform option: the deal does not read
    it). Whoever ran it decides when (a duplicate round once every table has played every
    board). Nothing while it plays; returns whether it changed."""
    table_id = Match.objects.filter(pk=match_id).values_list("table_id", flat=True).first()
    if table_id is None:
        return False
    with transaction.atomic():
        table = lobby.lock_table(table_id)  # the lock order: table, then match
        match = lock_match_by_id(match_id)
        if match is None or match.status == Match.Status.PLAYING:
            return False
        changed = bool(match.options.get("private")) or bool(table.private)
        match.options = {**match.options, "private": False}
        match.save(update_fields=["options"])
        table.private = False
        table.save(update_fields=["private"])
        return changed


def close_table(table_id: int) -> None:
    """The table's match is over: the lobby closes the table and frees its seats. Its own
    transaction, taken after the match's has committed (table before match in the lock order);
    the sweep sends it again if it was lost. Idempotent."""
    with transaction.atomic():
        table = lobby.lock_table(table_id)
        if table.matches.filter(status=Match.Status.PLAYING).exists():
            return
        lobby.finish_table(table)
