"""Coins («عملات»): earned by playing, staked at coin tables, never sold, never lost.

Every movement is one ``CoinTransaction`` of balanced ``CoinEntry`` rows (they sum to zero)
between accounts: each player's wallet, the house (table fees, «رسم الطاولة»), one pot per coin
match, one reserve per coin match with checks (side bets), and the earnings source. Each
transaction has a unique idempotency key (``stake:<match>:<seat>``, ``reserve:<match>:<seat>``,
``payout:<match>``, ``refund:<match>:<seat>``, ``checks:<match>``,
``earn:<rule>:<user>:<period>``; for events such as tournaments, ``entry:<event>:<user>``,
``fee_back:<event>:<user>``, ``prize:<event>``), so a retried task finds its key and pays
nothing twice.

The ledger knows no game and no lobby: its primitives (stake and reserve, pay out, refund, settle
the checks, earn) are keyed by a match id and user ids; who won what is decided by the game side
(``games.settlement``).

Locks: every service locks the accounts it changes (``select_for_update``, in id order, so two
services never wait on each other in a circle) and checks the key and the balances under those
locks; the database's check constraint keeps any balance but the source's from going below zero.
Callers that hold game locks (table, match) take them first: ledger accounts are always last.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, F, Q, Sum, Window
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from sahrat.refusals import Refusal

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


class NotEnoughCoins(Refusal):
    """A wallet cannot cover a stake; nothing moved. ``detail`` names who is short."""

    MESSAGES = {"not_enough_coins": _("You do not have enough coins for this table's stake.")}
    SHOW_DETAIL = True

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
        .select_related("transaction")
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


def _lock(accounts: Iterable[CoinAccount | int]) -> dict[int, CoinAccount]:
    """Lock these accounts (or account ids), in id order, and return their fresh rows by id."""
    ids = sorted({a if isinstance(a, int) else a.pk for a in accounts})
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


def stake(
    match_id: int, seats: Sequence[tuple[int, int, str]], amount: int, reserve: int = 0
) -> list[CoinTransaction]:
    """Move ``amount`` from each seat's wallet into the match's pot and ``reserve`` into the
    match's reserve (its checks: the most the seat can lose on them), all or nothing. ``seats``
    holds (seat number, user id, shown name) for every seat.

    Raises ``NotEnoughCoins`` naming who is short: the caller's transaction (a table's start)
    rolls back whole."""
    if amount <= 0 and reserve <= 0:
        return []
    with transaction.atomic():
        pot = _match_account(Kind.POT, match_id)
        held = _match_account(Kind.RESERVE, match_id) if reserve > 0 else None
        wallets = {number: wallet(user_id) for number, user_id, _name in seats}
        names = {number: name for number, _user_id, name in seats}
        locked = _lock([pot, *([held] if held else []), *wallets.values()])

        def owed(number: int) -> int:
            return (0 if _done(f"stake:{match_id}:{number}") else amount) + (
                0 if held is None or _done(f"reserve:{match_id}:{number}") else reserve
            )

        short = [
            names[number] or str(number + 1)
            for number, account in wallets.items()
            if locked[account.pk].balance < owed(number)
        ]
        if short:
            raise NotEnoughCoins(", ".join(short))
        made = []
        for number, account in wallets.items():
            moves = [(f"stake:{match_id}:{number}", TxKind.STAKE, pot, amount)]
            if held is not None:
                moves.append((f"reserve:{match_id}:{number}", TxKind.RESERVE, held, reserve))
            for key, kind, into, coins in moves:
                if coins <= 0:
                    continue
                txn = _post(
                    key, kind, locked, [(account.pk, -coins), (into.pk, coins)], match_id=match_id
                )
                if txn is not None:
                    made.append(txn)
    return made


def _match_account(kind: str, match_id: int) -> CoinAccount:
    """The match's pot or reserve (made on first use; a pot keeps the fee in force now)."""
    defaults = {"fee_percent": CoinSettings.load().fee_percent} if kind == Kind.POT else {}
    account, _created = CoinAccount.objects.get_or_create(
        kind=kind, match_id=match_id, defaults=defaults
    )
    return account


def lock_for_match(match_id: int, user_ids: Iterable[int]) -> CoinAccount | None:
    """Lock, in one ordered go, every account settling or refunding a match may touch: its pot
    and reserve, the house, the source and its players' wallets; returns the pot (None: a free
    match). Taking them one service at a time could cross another match's locks (a payout
    holding one wallet, a stake holding the other)."""
    held = list(CoinAccount.objects.filter(kind__in=(Kind.POT, Kind.RESERVE), match_id=match_id))
    accounts = [house(), source(), *(wallet(user_id) for user_id in sorted(set(user_ids)))]
    _lock([*accounts, *held])
    return next((account for account in held if account.kind == Kind.POT), None)


def pay_out(match_id: int, pot: CoinAccount, winners: Sequence[int]) -> CoinTransaction | None:
    """The pot pays the table fee (the percent in force when the stakes went in) to the house
    and the rest to ``winners`` (user ids) in equal integer shares, an odd remainder to the
    house. Idempotent. Call under ``lock_for_match``."""
    key = f"payout:{match_id}"
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
    return _post(key, TxKind.PAYOUT, locked, legs, match_id=match_id)


def refund(match_id: int, pot: CoinAccount) -> list[CoinTransaction]:
    """Every stake of the match back to the wallet it came from. Idempotent. Call under
    ``lock_for_match``."""
    stakes = list(
        CoinEntry.objects.filter(
            transaction__match_id=match_id, transaction__kind=TxKind.STAKE, amount__lt=0
        )
        .select_related("transaction", "account")
        .order_by("pk")
    )
    locked = _lock([pot, *(entry.account for entry in stakes)])
    made = []
    for entry in stakes:
        seat = entry.transaction.key.rsplit(":", 1)[1]
        txn = _post(
            f"refund:{match_id}:{seat}",
            TxKind.REFUND,
            locked,
            [(pot.pk, entry.amount), (entry.account_id, -entry.amount)],
            match_id=match_id,
        )
        if txn is not None:
            made.append(txn)
    return made


def reserves(match_id: int) -> dict[int, tuple[int, int]]:
    """Each seat's reserve of a match: {seat number: (its wallet's account id, coins held)}
    (empty: the match holds none)."""
    rows = (
        CoinEntry.objects.filter(
            transaction__match_id=match_id, transaction__kind=TxKind.RESERVE, amount__lt=0
        )
        .values_list("transaction__key", "account_id", "amount")
        .order_by("pk")
    )
    return {int(key.rsplit(":", 1)[1]): (account_id, -amount) for key, account_id, amount in rows}


def settle_checks(match_id: int, nets: Mapping[int, int]) -> CoinTransaction | None:
    """Give every seat its reserve back with its checks' coins: ``nets`` {seat: coins won (+)
    or lost (−)}, which sum to 0 and never take more than a seat's reserve (the game side
    decides them, ``games.settlement``). One posting, keyed ``checks:<match>``: the reserve to
    the wallets. Idempotent. Call under ``lock_for_match``."""
    key = f"checks:{match_id}"
    held = CoinAccount.objects.filter(kind=Kind.RESERVE, match_id=match_id).first()
    if held is None or _done(key):
        return None
    seats = reserves(match_id)
    if set(nets) - set(seats) or sum(nets.values()) != 0:
        raise LedgerError(f"match {match_id}: checks {dict(nets)} do not fit its reserves")
    back = {seat: coins + nets.get(seat, 0) for seat, (_account, coins) in seats.items()}
    if any(coins < 0 for coins in back.values()):
        raise LedgerError(f"match {match_id}: checks {dict(nets)} take more than a reserve")
    locked = _lock([held, *(account for account, _coins in seats.values())])
    legs = [(held.pk, -sum(coins for _account, coins in seats.values()))]
    legs += [(seats[seat][0], coins) for seat, coins in back.items()]
    return _post(key, TxKind.CHECKS, locked, legs, match_id=match_id)


# --- events (tournaments): entry fees into one pot per event, prizes or fees back out ---------


def event_pot(event_id: int) -> CoinAccount:
    account, _created = CoinAccount.objects.get_or_create(kind=Kind.EVENT, event_id=event_id)
    return account


def pay_entry(event_id: int, user_id: int, fee: int) -> CoinTransaction | None:
    """Move ``fee`` from the player's wallet into the event's pot, keyed
    ``entry:<event>:<user>`` (a second call pays nothing). Raises ``NotEnoughCoins``. The
    caller holds its event's lock first: ledger accounts are always last."""
    if fee <= 0:
        return None
    with transaction.atomic():
        pot, purse = event_pot(event_id), wallet(user_id)
        locked = _lock([pot, purse])
        return _post(
            f"entry:{event_id}:{user_id}", TxKind.ENTRY, locked, [(purse.pk, -fee), (pot.pk, fee)]
        )


def refund_entries(event_id: int, user_id: int | None = None) -> list[CoinTransaction]:
    """Every entry fee of the event (or only ``user_id``'s) back to the wallet it came from,
    keyed ``fee_back:<event>:<user>``. Idempotent."""
    prefix = f"entry:{event_id}:" if user_id is None else f"entry:{event_id}:{int(user_id)}"
    with transaction.atomic():
        entries = list(
            CoinEntry.objects.filter(
                **(
                    {"transaction__key__startswith": prefix}
                    if user_id is None
                    else {"transaction__key": prefix}
                ),
                transaction__kind=TxKind.ENTRY,
                amount__lt=0,
            )
            .select_related("transaction")
            .order_by("pk")
        )
        if not entries:
            return []
        pot = event_pot(event_id)
        locked = _lock([pot, *(entry.account_id for entry in entries)])
        made = []
        for entry in entries:
            user = entry.transaction.key.rsplit(":", 1)[1]
            txn = _post(
                f"fee_back:{event_id}:{user}",
                TxKind.FEE_BACK,
                locked,
                [(pot.pk, entry.amount), (entry.account_id, -entry.amount)],
            )
            if txn is not None:
                made.append(txn)
        return made


def pay_prizes(
    event_id: int, places: Sequence[tuple[Sequence[int], int]], house_percent: int
) -> CoinTransaction | None:
    """Empty the event's pot in one posting keyed ``prize:<event>``: ``house_percent`` of it to
    the house, the rest (the prize pool) by ``places``, each (user ids, percent of the pool;
    the percents sum to 100), a place's share split equally among its players; whole coins,
    the remainders to the house. Idempotent. Who placed where is the caller's (it knows the
    event)."""
    if sum(percent for _users, percent in places) != 100 and places:
        raise LedgerError(f"event {event_id}: prize percents {places} do not sum to 100")
    with transaction.atomic():
        pot, the_house = event_pot(event_id), house()
        wallets = {user_id: wallet(user_id) for users, _percent in places for user_id in users}
        locked = _lock([pot, the_house, *wallets.values()])
        key = f"prize:{event_id}"
        coins = locked[pot.pk].balance
        if _done(key) or coins <= 0:
            return None
        pool = coins - coins * house_percent // 100
        legs = [(pot.pk, -coins)]
        paid = 0
        for users, percent in places:
            share = pool * percent // 100 // len(users) if users else 0
            for user_id in users:
                legs.append((wallets[user_id].pk, share))
                paid += share
        legs.append((the_house.pk, coins - paid))
        return _post(key, TxKind.PRIZE, locked, legs)


@dataclass(frozen=True)
class MatchCoins:
    """A match's coin figures for one player, all from the ledger's postings to their wallet
    that name the match: ``stake``, the stake result (stakes in, winnings, stakes back: net, 0
    at a free table); ``checks``, what the checks won or lost (the reserve in and what came back
    of it: net, 0 without checks); and ``earned``, what the match earned them by the earning
    rules (daily bonus, completed match). Their sum is what the match did to the wallet."""

    stake: int = 0
    earned: int = 0
    checks: int = 0

    @property
    def total(self) -> int:
        return self.stake + self.checks + self.earned

    def __add__(self, other: MatchCoins) -> MatchCoins:
        return MatchCoins(
            self.stake + other.stake, self.earned + other.earned, self.checks + other.checks
        )


#: the postings of each figure, by transaction kind
STAKE_KINDS = (TxKind.STAKE, TxKind.PAYOUT, TxKind.REFUND)
CHECK_KINDS = (TxKind.RESERVE, TxKind.CHECKS)


def match_coins(
    *, matches: Iterable[int] | None = None, users: Iterable[int] | None = None
) -> dict[tuple[int, int], MatchCoins]:
    """Every page's coin figures of matches ({(match id, user id): MatchCoins}), from the
    wallets' postings in one grouped query: of these matches, of these users, or both. A pair
    the ledger never touched is absent (its figures are 0)."""
    entries = CoinEntry.objects.filter(
        account__kind=Kind.WALLET, transaction__match_id__isnull=False
    )
    if matches is not None:
        entries = entries.filter(transaction__match_id__in=list(matches))
    if users is not None:
        entries = entries.filter(account__user_id__in=list(users))
    rows = entries.values_list("transaction__match_id", "account__user_id").annotate(
        stake=Coalesce(Sum("amount", filter=Q(transaction__kind__in=STAKE_KINDS)), 0),
        earned=Coalesce(Sum("amount", filter=Q(transaction__kind=TxKind.EARN)), 0),
        checks=Coalesce(Sum("amount", filter=Q(transaction__kind__in=CHECK_KINDS)), 0),
    )
    return {
        (match_id, user_id): MatchCoins(int(stake), int(earned), int(checks))
        for match_id, user_id, stake, earned, checks in rows
    }


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


# --- the audit ---------------------------------------------------------------------------------


@dataclass
class Audit:
    """The reconciliation: sum(wallets) + house + pots + reserves must equal every coin ever
    issued."""

    issued: int = 0
    wallets: int = 0
    house: int = 0
    pots: int = 0
    reserves: int = 0  # the check reserves of coin matches with checks
    events: int = 0  # the entry fees held by events (tournaments) not yet paid out
    open_pots: int = 0  # pots (or reserves) holding coins: matches being played, or not settled
    accounts: int = 0
    transactions: int = 0
    entries: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def held(self) -> int:
        return self.wallets + self.house + self.pots + self.reserves + self.events


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
        "pk", "kind", "balance", "derived"
    )
    for pk, kind, balance, derived in rows.iterator():
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
        if kind in (Kind.POT, Kind.RESERVE) and derived:
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
    report.reserves = derived_totals[Kind.RESERVE]
    report.events = derived_totals[Kind.EVENT]
    if report.held != report.issued:
        report.problems.append(
            f"wallets {report.wallets} + house {report.house} + pots {report.pots} + reserves "
            f"{report.reserves} + events {report.events} = {report.held}, "
            f"but {report.issued} coins were issued"
        )
    cached_held = sum(cached_totals[kind] for kind in Kind.values if kind != Kind.SOURCE)
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
    if txn.kind == TxKind.RESERVE:
        return gettext("Check reserve at a coin table (the most you can lose on checks)")
    if txn.kind == TxKind.CHECKS:
        return gettext("Checks: your reserve back, with the checks you won or less those you lost")
    if txn.kind == TxKind.ENTRY:
        return gettext("Tournament entry fee")
    if txn.kind == TxKind.PRIZE:
        return gettext("Tournament prize")
    if txn.kind == TxKind.FEE_BACK:
        return gettext("Tournament entry fee back: the tournament was cancelled")
    reasons: dict[str, str] = {
        Rule.SIGNUP: gettext("Sign-up grant"),
        Rule.FREE_MATCH: gettext("A completed match at a free table"),
        Rule.DAILY_ROUND: gettext("Daily bonus for playing a round"),
    }
    return reasons.get(txn.rule, gettext("Earned"))


def match_url(match_id: int) -> str:
    """Where a transaction's match is shown: its page in match history."""
    from django.urls import reverse

    return reverse("games:match", args=[match_id])
