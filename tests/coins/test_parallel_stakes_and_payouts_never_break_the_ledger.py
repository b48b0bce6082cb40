"""Many threads moving coins in and out of one wallet at once, each on its own PostgreSQL
connection: the locks keep every balance right and never below zero."""

import threading

import pytest
from django.db import connection

from accounts import coins
from games import settlement
from games.models import Match
from lobby.models import Table

from .conftest import needs_postgresql

pytestmark = [pytest.mark.django_db(transaction=True), needs_postgresql]


def coin_match(seats, stake=100):
    table = Table.objects.create(
        players=len(seats), stake=stake, options={"players": len(seats), "stake": stake}
    )
    return Match.objects.create(
        table=table,
        players=len(seats),
        options={"players": len(seats), "stake": stake},
        seats=[{"user": user.pk, "name": user.username} for user in seats],
    )


def finish(match, winner):
    Match.objects.filter(pk=match.pk).update(status="finished", winner=winner)


def in_parallel(jobs):
    """Run every job at once (one thread and one connection each); return what each raised."""
    barrier = threading.Barrier(len(jobs))
    outcome = [None] * len(jobs)

    def run(n, job):
        try:
            barrier.wait()
            job()
        except Exception as error:  # noqa: BLE001 - collected for the assertions
            outcome[n] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n, job)) for n, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return outcome


def test_parallel_stakes_never_overdraw_one_wallet(player):
    alice = player("alice", 1000)
    matches = [coin_match([alice, player(f"o{n}", 1000)]) for n in range(14)]
    outcome = in_parallel([lambda m=m: settlement.stake(m) for m in matches])
    refused = [e for e in outcome if e is not None]
    assert len(refused) == 4 and all(isinstance(e, coins.NotEnoughCoins) for e in refused)
    assert coins.coin_balance(alice) == 0
    report = coins.audit()
    assert report.ok, report.problems
    assert report.pots == 10 * 200


def test_parallel_payouts_into_one_wallet_all_arrive_once(player):
    alice = player("alice", 1000)
    matches = [coin_match([alice, player(f"o{n}", 100)]) for n in range(10)]
    for match in matches:
        settlement.stake(match)
        finish(match, 0)
    jobs = [lambda m=m: settlement.settle(m) for m in matches] * 2  # every settle twice
    assert in_parallel(jobs) == [None] * 20
    assert coins.coin_balance(alice) == 10 * 180
    assert coins.house().balance == 10 * 20
    report = coins.audit()
    assert report.ok and report.pots == 0, report.problems


def test_stakes_payouts_refunds_and_earnings_mixed_on_one_wallet(player):
    alice = player("alice", 600)
    won = [coin_match([alice, player(f"w{n}", 100)]) for n in range(3)]
    lost = [coin_match([alice, player(f"l{n}", 100)]) for n in range(3)]
    for match in won + lost:
        settlement.stake(match)
    for match in won:
        finish(match, 0)
    for match in lost[:2]:
        Match.objects.filter(pk=match.pk).update(status="abandoned")
    fresh = [coin_match([alice, player(f"f{n}", 100)]) for n in range(4)]
    jobs = [lambda m=m: settlement.settle(m) for m in won]
    jobs += [lambda m=m: settlement.settle(m) for m in lost[:2]]
    jobs += [lambda m=m: settlement.stake(m) for m in fresh]
    jobs += [
        lambda d=d: coins.earn(alice.pk, "daily_round", f"2026-11-{d:02d}") for d in range(1, 6)
    ]
    outcome = in_parallel(jobs)
    assert all(e is None or isinstance(e, coins.NotEnoughCoins) for e in outcome)
    staked = sum(1 for e in outcome[-9:-5] if e is None)
    # 600 - 6 stakes + 3 wins of 180 + 2 stakes back + 5 daily bonuses - the new stakes
    assert coins.coin_balance(alice) == 600 - 600 + 540 + 200 + 500 - 100 * staked
    assert coins.coin_balance(alice) >= 0
    report = coins.audit()
    assert report.ok, report.problems


def test_one_match_settled_by_many_workers_at_once_pays_once(player):
    users = [player(name, 500) for name in ("alice", "bob", "carol", "dave")]
    match = coin_match(users, stake=500)
    settlement.stake(match)
    finish(match, 1)
    assert in_parallel([lambda: settlement.settle(match)] * 8) == [None] * 8
    assert [coins.coin_balance(u) for u in users] == [0, 900, 0, 900]
    assert coins.CoinTransaction.objects.filter(kind="payout").count() == 1
    assert coins.audit().ok
