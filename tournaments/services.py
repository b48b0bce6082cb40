"""Tournament services: create (admins), register (the fee into the event's pot), cancel (every
fee back) and pay out (the pot less the house fee, by the prize split). Each locks the
tournament row first and the ledger's accounts last; each ledger posting is keyed, so running
a service twice changes nothing the second time."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from accounts import coins

from .models import PARTNERSHIP_MODES, Entrant, Registration, Round, Tournament
from .refusals import TournamentRefusal

State = Tournament.State


def create(user: Any, **fields: Any) -> Tournament:
    """A new tournament by an admin (staff); validated as the admin form validates it."""
    if not getattr(user, "is_staff", False):
        raise TournamentRefusal("admins_only")
    if (
        fields.get("format") == Tournament.Format.DUPLICATE
        and (fields.get("game"), fields.get("mode")) not in PARTNERSHIP_MODES
    ):
        raise TournamentRefusal("duplicate_needs_pairs")
    tournament = Tournament(created_by=user, **fields)
    tournament.full_clean()
    tournament.save()
    return tournament


def _locked(tournament_id: Any) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=int(tournament_id))
    except (Tournament.DoesNotExist, TypeError, ValueError):
        raise TournamentRefusal("no_such_tournament") from None


def register(tournament_id: Any, user: Any, join_code: str = "", pair_code: str = "") -> Entrant:
    """Enter ``user``, paying the entry fee into the event's pot. In a partnership event the
    first of a pair registers without a ``pair_code`` and gets one (``Entrant.pair_code``) to
    pass to their partner, who registers with it and joins the pair: each pays their own fee,
    and nobody can be put in a pair without registering themselves."""
    pair_code = (pair_code or "").strip()
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.private and join_code != tournament.join_code:
            raise TournamentRefusal("join_code_needed")
        if Registration.objects.filter(tournament=tournament, user=user).exists():
            raise TournamentRefusal("already_registered")
        if tournament.state != State.UPCOMING or timezone.now() >= tournament.starts_at:
            raise TournamentRefusal("registration_closed")
        if pair_code and not tournament.partnership:
            raise TournamentRefusal("pairs_only")
        if tournament.registrations.count() >= tournament.capacity:
            raise TournamentRefusal("tournament_full")
        name = getattr(user, "display_name", "") or user.username
        if pair_code:
            entrant = (
                Entrant.objects.select_for_update()
                .filter(tournament=tournament, pair_code=pair_code, withdrawn=False)
                .first()
            )
            if entrant is None:
                raise TournamentRefusal("no_such_pair")
            if entrant.players.count() >= tournament.side_size:
                raise TournamentRefusal("pair_full")
            entrant.name = f"{entrant.name} & {name}"
            entrant.save(update_fields=["name"])
        else:
            entrant = Entrant.objects.create(
                tournament=tournament,
                name=name,
                pair_code=new_pair_code() if tournament.partnership else "",
            )
        Registration.objects.create(tournament=tournament, entrant=entrant, user=user)
        try:
            coins.pay_entry(tournament.pk, user.pk, tournament.entry_fee)
        except coins.NotEnoughCoins:
            raise TournamentRefusal("entry_fee_unpaid") from None
        return entrant


def new_pair_code() -> str:
    return secrets.token_hex(4)


def open_or_next_round(tournament: Tournament) -> Round | int | None:
    """For a round-based event (Swiss, duplicate) locked by the caller: the round still being
    played, else the number of the round to make next (the event starts at its first: running,
    pairs still alone withdrawn), else None once every round is played."""
    last = tournament.round_set.order_by("-number").first()
    if last is not None and last.state != Round.State.DONE:
        return last
    number = (last.number if last else 0) + 1
    if number > (tournament.rounds or 0):
        return None
    if tournament.state == Tournament.State.UPCOMING:
        tournament.state = Tournament.State.RUNNING
        tournament.save(update_fields=["state"])
        withdraw_incomplete(tournament)
    return number


def withdraw_incomplete(tournament: Tournament) -> list[int]:
    """At the start of a partnership event: a pair (or six-handed's team of three) still waiting
    for a partner cannot play;
    it is withdrawn and its player's fee goes back (keyed: once). The caller holds the
    tournament's lock. Returns the withdrawn entrants."""
    if not tournament.partnership:
        return []
    lonely = [
        entrant
        for entrant in Entrant.objects.filter(tournament=tournament, withdrawn=False)
        .annotate(size=Count("players"))
        .filter(size__lt=tournament.side_size)
    ]
    for entrant in lonely:
        entrant.withdrawn = True
        entrant.save(update_fields=["withdrawn"])
        for user_id in entrant.players.values_list("user_id", flat=True):
            coins.refund_entries(tournament.pk, user_id)
    return [e.pk for e in lonely]


def pause(tournament_id: Any, user: Any, paused: bool = True) -> Entrant:
    """An arena player pauses (is not paired again until they return) or returns. A match in
    play goes on; a pair pauses or returns together. Running it twice changes nothing."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.format != Tournament.Format.ARENA:
            raise TournamentRefusal("arena_only")
        if tournament.state in (State.FINISHED, State.CANCELLED):
            raise TournamentRefusal("tournament_over")
        registration = (
            Registration.objects.select_related("entrant")
            .filter(tournament=tournament, user_id=int(getattr(user, "pk", 0) or 0))
            .first()
        )
        if registration is None:
            raise TournamentRefusal("not_registered")
        entrant = registration.entrant
        entrant.paused = paused
        fields = ["paused"]
        if not paused and entrant.absent:  # back: paired again
            entrant.absent = False
            fields.append("absent")
        entrant.save(update_fields=fields)
        return entrant


def mark_back(tournament_id: int, user_id: int) -> bool:
    """A player marked absent at an arena's start opened its page: their side is paired again
    (a pair as soon as one of its players is back). Returns whether anything changed."""
    return bool(
        Entrant.objects.filter(
            tournament_id=tournament_id,
            tournament__format=Tournament.Format.ARENA,
            players__user_id=user_id,
            absent=True,
        ).update(absent=False)
    )


def mark_absent(tournament: Tournament) -> set[int]:
    """At the start (of the event, or of a Swiss round): each side with a player who is not
    here (on the event's page or at one of its tables) is absent, every other side is not.
    The caller holds the tournament's lock. Returns the absent sides."""
    from . import presence

    tables = [
        t
        for t in tournament.pairings.values_list("table_id", flat=True).distinct()
        if t is not None
    ]
    absent: set[int] = set()
    for entrant in Entrant.objects.filter(tournament=tournament, withdrawn=False).prefetch_related(
        "players"
    ):
        away = any(
            not presence.is_here(tournament.pk, r.user_id, tables) for r in entrant.players.all()
        )
        if away:
            absent.add(entrant.pk)
        if entrant.absent != away:
            entrant.absent = away
            entrant.save(update_fields=["absent"])
    return absent


def cancel(tournament_id: Any) -> int:
    """Cancel an event that has not finished: every entry fee back. Returns the fees refunded
    now (0 when run again)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.state == State.FINISHED:
            raise TournamentRefusal("not_cancellable")
        tournament.state = State.CANCELLED
        tournament.save(update_fields=["state"])
        return len(coins.refund_entries(tournament.pk))


def split_for(places: int, split: Sequence[int]) -> list[int]:
    """The prize split for the places there are: with fewer entrants than paid places, the
    unclaimed percents go to the places filled, in proportion (remainders to first place)."""
    used = list(split[:places])
    if not used or sum(used) == 0:
        return []
    scaled = [100 * p // sum(used) for p in used]
    scaled[0] += 100 - sum(scaled)
    return scaled


def pay_out(tournament_id: Any, order: Sequence[int]) -> bool:
    """Finish the event and pay its pot: ``order`` is the entrants' final order (best first,
    from the format's standings). Returns whether coins moved now (False when run again)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.state == State.CANCELLED:
            raise TournamentRefusal("not_cancellable")
        if tournament.state != State.FINISHED:
            tournament.state = State.FINISHED
            tournament.finished_at = timezone.now()
            tournament.save(update_fields=["state", "finished_at"])
        percents = split_for(len(order), tournament.prize_split)
        players: dict[int, list[int]] = {}
        for entrant_id, user_id in Registration.objects.filter(tournament=tournament).values_list(
            "entrant_id", "user_id"
        ):
            players.setdefault(entrant_id, []).append(user_id)
        places = [
            (sorted(players.get(entrant_id, [])), percent)
            for entrant_id, percent in zip(order, percents, strict=False)
        ]
        txn = coins.pay_prizes(tournament.pk, places, tournament.house_fee_percent)
        return txn is not None
