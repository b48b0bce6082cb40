"""Coins («عملات»): earned by playing, staked at coin tables, never sold, never lost.

Every movement is one ``CoinTransaction`` of balanced ``CoinEntry`` rows (they sum to zero)
between accounts: each player's wallet, the house (table fees, «رسم الطاولة»), one pot per coin
match, and the earnings source. Each transaction has a unique idempotency key
(``stake:<match>:<seat>``, ``payout:<match>``, ``refund:<match>:<seat>``,
``earn:<rule>:<user>:<period>``), so a retried task finds its key and pays nothing twice.

Locks: every service locks the accounts it changes (``select_for_update``, in id order, so two
services never wait on each other in a circle) and checks the key and the balances under those
locks; the database's check constraint keeps any balance but the source's from going below zero.
Callers that hold game locks (table, match) take them first: ledger accounts are always last.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, F, Q, Sum, Window
from django.db.models.functions import Coalesce
from django.utils import timezone

from lobby.refusals import LobbyRefusal

from .models import (
    CoinAccount,
    CoinEntry,
    CoinSettings,
    CoinTransaction,
    EarningRule,
    StakeLevel,
)

Kind = CoinAccount.Kind
TxKind = CoinTransaction.Kind
Rule = EarningRule.Kind


class NotEnoughCoins(LobbyRefusal):
    """A wallet cannot cover a stake; nothing moved."""

    def __init__(self, detail: str | None = None) -> None:
        super().__init__("not_enough_coins", detail)


class LedgerError(Exception):
    """A movement that must never be written (unbalanced, or for a match in the wrong state)."""


# --- reading -----------------------------------------------------------------------------------


def coin_balance(user: Any) -> int:
    """The user's spendable coins (their wallet's balance; 0 before their first coin)."""
    user_id = getattr(user, "pk", None)
    if user_id is None:
        return 0
    balance = (
        CoinAccount.objects.filter(kind=Kind.WALLET, user_id=user_id)
        .values_list("balance", flat=True)
        .first()
    )
    return int(balance or 0)


def stake_levels() -> list[int]:
    """The stakes a coin table may be opened with, smallest first (the admin's stake levels)."""
    return list(StakeLevel.objects.filter(active=True).values_list("amount", flat=True))


def wallet_entries(user: Any) -> Any:
    """The user's wallet entries, newest first, with their transactions and matches."""
    return (
        CoinEntry.objects.filter(account__kind=Kind.WALLET, account__user_id=user.pk)
        .select_related("transaction", "transaction__match")
        .order_by("-pk")
    )


# --- accounts ----------------------------------------------------------------------------------


def wallet(user_id: int) -> CoinAccount:
    account, _created = CoinAccount.objects.get_or_create(kind=Kind.WALLET, user_id=user_id)
    return account


def house() -> CoinAccount:
    account, _created = CoinAccount.objects.get_or_create(kind=Kind.HOUSE)
    return account


def source() -> CoinAccount:
    account, _created = CoinAccount.objects.get_or_create(kind=Kind.SOURCE)
    return account


def _lock(accounts: Iterable[CoinAccount]) -> dict[int, CoinAccount]:
    """Lock these accounts, in id order, and return their fresh rows by id."""
    ids = sorted({account.pk for account in accounts})
    rows = CoinAccount.objects.select_for_update().filter(pk__in=ids).order_by("pk")
    return {row.pk: row for row in rows}


def _done(key: str) -> bool:
    return CoinTransaction.objects.filter(key=key).exists()


def _post(
    key: str,
    kind: str,
    locked: dict[int, CoinAccount],
    legs: Iterable[tuple[int, int]],
    *,
    match_id: int | None = None,
    rule: str = "",
) -> CoinTransaction | None:
    """Write one balanced transaction over accounts the caller has locked (``locked`` holds their
    fresh rows and is kept current). Returns ``None`` when ``key`` was used before: nothing is
    written twice."""
    merged: dict[int, int] = {}
    for account_id, amount in legs:
        merged[account_id] = merged.get(account_id, 0) + int(amount)
    merged = {account_id: amount for account_id, amount in merged.items() if amount}
    if sum(merged.values()) != 0 or not merged:
        raise LedgerError(f"transaction {key} does not balance: {merged}")
    if _done(key):
        return None
    for account_id, amount in merged.items():
        account = locked[account_id]
        if account.kind != Kind.SOURCE and account.balance + amount < 0:
            raise NotEnoughCoins()
    try:
        with transaction.atomic():
            txn = CoinTransaction.objects.create(key=key, kind=kind, rule=rule, match_id=match_id)
    except IntegrityError:
        return None  # the key was used by a transaction that committed while we waited
    entries = []
    for account_id, amount in merged.items():
        account = locked[account_id]
        account.balance += amount
        CoinAccount.objects.filter(pk=account_id).update(balance=account.balance)
        entries.append(
            CoinEntry(
                transaction=txn, account_id=account_id, amount=amount, balance_after=account.balance
            )
        )
    CoinEntry.objects.bulk_create(entries)
    return txn


# --- coin matches ------------------------------------------------------------------------------


def _stake_of(match: Any) -> int:
    return int((match.options or {}).get("stake") or 0)


def stake_match(match: Any) -> list[CoinTransaction]:
    """Move every seat's stake into the match's pot, all or nothing (a free match: nothing).

    Raises ``NotEnoughCoins`` (a ``LobbyRefusal``, code ``not_enough_coins``) when a seat cannot
    cover the stake: the caller's transaction, the table's start, rolls back whole."""
    stake = _stake_of(match)
    if stake <= 0:
        return []
    seats = [(number, seat.get("user")) for number, seat in enumerate(match.seats)]
    if any(user_id is None for _number, user_id in seats):
        raise LedgerError(f"match {match.pk}: a coin table seats no bots")
    with transaction.atomic():
        pot, _created = CoinAccount.objects.get_or_create(
            kind=Kind.POT,
            match_id=match.pk,
            defaults={"fee_percent": CoinSettings.load().fee_percent},
        )
        wallets = {number: wallet(user_id) for number, user_id in seats}
        locked = _lock([pot, *wallets.values()])
        short = [
            match.seats[number].get("name") or str(match.seats[number]["user"])
            for number, account in wallets.items()
            if locked[account.pk].balance < stake and not _done(f"stake:{match.pk}:{number}")
        ]
        if short:
            raise NotEnoughCoins(", ".join(short))
        made = []
        for number, account in wallets.items():
            txn = _post(
                f"stake:{match.pk}:{number}",
                TxKind.STAKE,
                locked,
                [(account.pk, -stake), (pot.pk, stake)],
                match_id=match.pk,
            )
            if txn is not None:
                made.append(txn)
    return made


def _fresh(match: Any) -> Any:
    from games.models import Match

    return Match.objects.get(pk=match.pk)


def settle_match(match: Any) -> dict[int, int]:
    """A finished match: the pot pays the table fee (the percent in force when the stakes went
    in) to the house and the rest to the winning team in equal integer shares, an odd remainder
    to the house; players earn by the earning rules. Idempotent: a second call pays nothing.
    Returns what the match did to each player's wallet (``match_coins``)."""
    from games.models import Match

    match = _fresh(match)
    if match.status != Match.Status.FINISHED or match.winner_team is None:
        raise LedgerError(f"match {match.pk} is not finished")
    with transaction.atomic():
        pot = _lock_for_match(match)
        if pot is not None:
            _pay_out(match, pot)
        grant_for_play(match)
    return match_coins(match)


def _lock_for_match(match: Any) -> CoinAccount | None:
    """Lock, in one ordered go, every account settling or refunding ``match`` may touch: its
    pot, the house, the source and every seat's wallet. Taking them one service at a time could
    cross another match's locks (a payout holding one wallet, a stake holding the other)."""
    pot = CoinAccount.objects.filter(kind=Kind.POT, match_id=match.pk).first()
    users = {seat["user"] for seat in match.seats if seat.get("user") is not None}
    accounts = [house(), source(), *(wallet(user_id) for user_id in sorted(users))]
    _lock([*accounts, pot] if pot is not None else accounts)
    return pot


def _pay_out(match: Any, pot: CoinAccount) -> CoinTransaction | None:
    key = f"payout:{match.pk}"
    winners = [
        seat["user"]
        for number, seat in enumerate(match.seats)
        if number % 2 == match.winner_team and seat.get("user") is not None
    ]
    wallets = [wallet(user_id) for user_id in winners]
    the_house = house()
    locked = _lock([pot, the_house, *wallets])
    if _done(key):
        return None
    coins = locked[pot.pk].balance
    if coins <= 0:
        return None
    percent = pot.fee_percent if pot.fee_percent is not None else CoinSettings.load().fee_percent
    fee = coins * percent // 100
    share = (coins - fee) // len(wallets) if wallets else 0
    legs = [(pot.pk, -coins), (the_house.pk, coins - share * len(wallets))]
    legs += [(account.pk, share) for account in wallets]
    return _post(key, TxKind.PAYOUT, locked, legs, match_id=match.pk)


def refund_match(match: Any) -> dict[int, int]:
    """An abandoned match: every stake goes back to the wallet it came from (players who made
    moves in a finished round still earn the daily bonus). Idempotent. Returns what the match
    did to each player's wallet (``match_coins``)."""
    from games.models import Match

    match = _fresh(match)
    if match.status != Match.Status.ABANDONED:
        raise LedgerError(f"match {match.pk} is not abandoned")
    with transaction.atomic():
        pot = _lock_for_match(match)
        if pot is not None:
            stakes = list(
                CoinEntry.objects.filter(
                    transaction__match_id=match.pk, transaction__kind=TxKind.STAKE, amount__lt=0
                )
                .select_related("transaction", "account")
                .order_by("pk")
            )
            locked = _lock([pot, *(entry.account for entry in stakes)])
            for entry in stakes:
                seat = entry.transaction.key.rsplit(":", 1)[1]
                _post(
                    f"refund:{match.pk}:{seat}",
                    TxKind.REFUND,
                    locked,
                    [(pot.pk, entry.amount), (entry.account_id, -entry.amount)],
                    match_id=match.pk,
                )
        grant_for_play(match)
    return match_coins(match)


def match_coins(match: Any) -> dict[int, int]:
    """Each human seat's coins from this match: stakes, winnings, stakes back and what the match
    earned them, summed ({user id: coins}; 0 for a seat that neither paid nor got anything)."""
    result = {seat["user"]: 0 for seat in match.seats if seat.get("user") is not None}
    moved = (
        CoinEntry.objects.filter(transaction__match_id=match.pk, account__kind=Kind.WALLET)
        .values_list("account__user_id")
        .annotate(total=Sum("amount"))
    )
    for user_id, total in moved:
        result[user_id] = result.get(user_id, 0) + int(total)
    return result


# --- earning -----------------------------------------------------------------------------------


def earn(
    user_id: int,
    kind: str,
    period: str,
    *,
    day: datetime.date | None = None,
    match_id: int | None = None,
) -> CoinTransaction | None:
    """Grant the earning rule ``kind`` to a user once per ``period`` (the key's last part:
    ``once`` for the sign-up grant, the day for the daily bonus, the match for completed
    matches, which also stop at the rule's limit per day). Returns the grant, or ``None``
    (inactive, over the limit, or granted before)."""
    rule = EarningRule.current(kind)
    if not rule.active or rule.amount <= 0:
        return None
    key = f"earn:{kind}:{user_id}:{period}"
    with transaction.atomic():
        account = wallet(user_id)
        the_source = source()
        locked = _lock([account, the_source])
        if _done(key):
            return None
        if rule.daily_limit and kind == Rule.FREE_MATCH:  # the others: once (a day) by key
            today = day or timezone.localdate()
            given = CoinTransaction.objects.filter(
                kind=TxKind.EARN, rule=kind, entries__account=account, created_at__date=today
            ).count()
            if given >= rule.daily_limit:
                return None
        return _post(
            key,
            TxKind.EARN,
            locked,
            [(the_source.pk, -rule.amount), (account.pk, rule.amount)],
            match_id=match_id,
            rule=kind,
        )


def grant_signup(user: Any) -> CoinTransaction | None:
    """The sign-up grant, once per user."""
    return earn(user.pk, Rule.SIGNUP, "once")


def grant_for_play(match: Any) -> list[CoinTransaction]:
    """What a match's players earned: the daily bonus for each player who made a move in a
    finished round (once per day: the day that round ended), and, for a finished match at a free
    table, the completed-match coins for each player who played and stayed. Idempotent."""
    from games.models import Action, Match, Round

    last = (
        Round.objects.filter(
            match_id=match.pk, status=Round.Status.FINISHED, finished_at__isnull=False
        )
        .order_by("-finished_at")
        .first()
    )
    if last is None or last.finished_at is None:
        return []
    day = timezone.localdate(last.finished_at)
    played = set(
        Action.objects.filter(
            round__match_id=match.pk,
            round__status=Round.Status.FINISHED,
            actor=Action.Actor.PLAYER,
            user__isnull=False,
        ).values_list("user_id", flat=True)
    )
    made = []
    completed = match.status == Match.Status.FINISHED and _stake_of(match) == 0
    for seat in match.seats:
        user_id = seat.get("user")
        if user_id is None or user_id not in played:
            continue
        grant = earn(user_id, Rule.DAILY_ROUND, day.isoformat(), match_id=match.pk)
        if grant is not None:
            made.append(grant)
        if completed and not seat.get("left"):
            grant = earn(user_id, Rule.FREE_MATCH, f"match-{match.pk}", match_id=match.pk)
            if grant is not None:
                made.append(grant)
    return made


# --- the audit ---------------------------------------------------------------------------------


@dataclass
class Audit:
    """The reconciliation: sum(wallets) + house + pots must equal every coin ever issued."""

    issued: int = 0
    wallets: int = 0
    house: int = 0
    pots: int = 0
    open_pots: int = 0
    accounts: int = 0
    transactions: int = 0
    entries: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def held(self) -> int:
        return self.wallets + self.house + self.pots


def audit() -> Audit:
    """Check every transaction balances, every account's cached balance and running balances
    against its entries, no balance below zero, and the totals against the coins issued."""
    report = Audit()
    report.transactions = CoinTransaction.objects.count()
    report.entries = CoinEntry.objects.count()
    unbalanced = (
        CoinTransaction.objects.annotate(
            total=Coalesce(Sum("entries__amount"), 0), legs=Count("entries")
        )
        .filter(Q(legs__lt=2) | Q(total__gt=0) | Q(total__lt=0))
        .values_list("key", "total", "legs")
    )
    for key, total, legs in unbalanced:
        report.problems.append(f"transaction {key} does not balance ({legs} entries, sum {total})")
    derived_totals = {kind: 0 for kind in Kind.values}
    cached_totals = {kind: 0 for kind in Kind.values}
    rows = CoinAccount.objects.annotate(derived=Coalesce(Sum("entries__amount"), 0)).values_list(
        "pk", "kind", "balance", "derived", "match__status"
    )
    for pk, kind, balance, derived, match_status in rows.iterator():
        report.accounts += 1
        derived_totals[kind] += derived
        cached_totals[kind] += balance
        if balance != derived:
            report.problems.append(
                f"account {pk} ({kind}): balance {balance} but its entries sum to {derived}"
            )
        if kind != Kind.SOURCE and (derived < 0 or balance < 0):
            report.problems.append(f"account {pk} ({kind}) is below zero ({derived})")
        if kind == Kind.SOURCE and derived > 0:
            report.problems.append(f"the earnings source is above zero ({derived})")
        if kind == Kind.POT and derived and match_status not in (None, "playing"):
            report.open_pots += 1
    out_of_step = (
        CoinEntry.objects.annotate(
            running=Window(Sum("amount"), partition_by=[F("account_id")], order_by=F("id").asc())
        )
        .exclude(balance_after=F("running"))
        .values_list("pk", "account_id", "balance_after", "running")
    )
    for pk, account_id, balance_after, total in out_of_step:
        if balance_after != total:
            report.problems.append(
                f"entry {pk} of account {account_id}: balance after {balance_after}, "
                f"but the entries up to it sum to {total}"
            )
    report.issued = -derived_totals[Kind.SOURCE]
    report.wallets = derived_totals[Kind.WALLET]
    report.house = derived_totals[Kind.HOUSE]
    report.pots = derived_totals[Kind.POT]
    if report.held != report.issued:
        report.problems.append(
            f"wallets {report.wallets} + house {report.house} + pots {report.pots} = "
            f"{report.held}, but {report.issued} coins were issued"
        )
    cached_held = cached_totals[Kind.WALLET] + cached_totals[Kind.HOUSE] + cached_totals[Kind.POT]
    if cached_held != -cached_totals[Kind.SOURCE]:
        report.problems.append(
            f"cached balances hold {cached_held} coins, but the source has issued "
            f"{-cached_totals[Kind.SOURCE]}"
        )
    return report


# --- what the wallet page says -----------------------------------------------------------------


def entry_reason(entry: CoinEntry) -> str:
    """Why coins moved in or out of a wallet, in the reader's language."""
    from django.utils.translation import gettext

    txn = entry.transaction
    if txn.kind == TxKind.STAKE:
        return gettext("Stake at a coin table")
    if txn.kind == TxKind.PAYOUT:
        return gettext("Winnings: your team's share of the pot")
    if txn.kind == TxKind.REFUND:
        return gettext("Stake back: the match was abandoned")
    reasons = {
        Rule.SIGNUP: gettext("Sign-up grant"),
        Rule.FREE_MATCH: gettext("A completed match at a free table"),
        Rule.DAILY_ROUND: gettext("Daily bonus for playing a round"),
    }
    return reasons.get(txn.rule, gettext("Earned"))


def match_url(match: Any) -> str:
    """Where a transaction's match is shown: its history page, else its table."""
    from django.urls import NoReverseMatch, reverse

    try:
        return reverse("games:match", args=[match.pk])
    except NoReverseMatch:
        return str(match.table.get_absolute_url())
