import pytest

from accounts.coins import coin_balance
from accounts.models import CoinTransaction
from games import archive
from games.models import Archive
from tests.coins.conftest import default_coin_rules, end, player, start_coin_match  # noqa: F401

pytestmark = pytest.mark.django_db


def test_archiving_a_won_coin_match_pays_the_pot_once(player, client_for):  # noqa: F811
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 500), winner=0)
    assert archive.archive_match(match.pk) is True
    after = coin_balance(alice), coin_balance(bob)
    assert archive.archive_match(match.pk) is False
    assert archive.archive_pending() == 0
    assert (coin_balance(alice), coin_balance(bob)) == after
    assert CoinTransaction.objects.filter(key=f"payout:{match.pk}").count() == 1
    coins = Archive.objects.get(match=match).summary["coins"]
    assert coins == {str(u.pk): c for u, c in ((alice, 900 - 500), (bob, -500))}
    assert coins[str(alice.pk)] > 0 > coins[str(bob.pk)]
    page = client_for(alice, "en").get("/history/").content.decode()
    assert f'<bdi dir="ltr" class="up">+{coins[str(alice.pk)]}</bdi>' in page


def test_archiving_an_abandoned_coin_match_gives_the_stakes_back_once(player):  # noqa: F811
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 500), winner=None)
    archive.archive_match(match.pk)
    archive.archive_match(match.pk)
    assert coin_balance(alice) == coin_balance(bob) == 500
    assert CoinTransaction.objects.filter(kind="refund").count() == 2
