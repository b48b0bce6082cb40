"""The archive task (``games.archive.archive_match``) settles a finished match and refunds an
abandoned one, once however often it runs."""

import pytest

from accounts.coins import coin_balance
from accounts.models import CoinTransaction
from games.archive import archive_match

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


def test_running_the_archive_task_twice_pays_once(player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 500), winner=1)
    archive_match(match.pk)
    archive_match(match.pk)
    assert (coin_balance(alice), coin_balance(bob)) == (0, 900)
    assert CoinTransaction.objects.filter(kind="payout").count() == 1


def test_archiving_an_abandoned_match_gives_the_stakes_back_once(player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 500), winner=None)
    archive_match(match.pk)
    archive_match(match.pk)
    assert coin_balance(alice) == coin_balance(bob) == 500
    assert CoinTransaction.objects.filter(kind="refund").count() == 2


def test_the_celery_task_run_twice_pays_once(player):
    from games.tasks import archive_match as task

    users = [player(name, 500) for name in ("alice", "bob", "carol", "dave")]
    match = end(start_coin_match(users, 100), winner=0)
    task(match.pk)
    task(match.pk)
    assert [coin_balance(u) for u in users] == [580, 400, 580, 400]
    assert CoinTransaction.objects.filter(kind="payout").count() == 1
