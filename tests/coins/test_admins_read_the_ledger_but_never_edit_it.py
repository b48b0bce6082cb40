import pytest

from accounts.models import CoinTransaction
from games import settlement

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def ledger(player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 100), winner=0)
    settlement.settle(match)
    return match


def test_the_transaction_list_filters_by_kind_and_rule(admin_client, ledger):
    admin_client.cookies["django_language"] = "en"
    page = admin_client.get("/admin/accounts/cointransaction/?kind__exact=payout")
    assert page.status_code == 200
    assert keys(page) == {f"payout:{ledger.pk}"}
    page = admin_client.get("/admin/accounts/cointransaction/?rule__exact=signup")
    assert keys(page) and all(key.startswith("earn:signup:") for key in keys(page))
    html = page.content.decode()
    assert "sign-up grant" in html and "Coin reconciliation" in html  # one click away


def keys(page):
    """The idempotency keys of the listed transactions (the list shows kinds and rules by
    their labels, not the keys)."""
    return {txn.key for txn in page.context["cl"].result_list}


def test_a_transaction_shows_its_entries(admin_client, ledger):
    payout = CoinTransaction.objects.get(kind="payout")
    html = admin_client.get(f"/admin/accounts/cointransaction/{payout.pk}/change/").content
    assert b"180" in html and b"-200" in html


def test_the_search_finds_a_players_transactions(admin_client, ledger):
    page = admin_client.get("/admin/accounts/cointransaction/?q=bob")
    assert f"stake:{ledger.pk}:1" in keys(page)
    assert f"stake:{ledger.pk}:0" not in keys(page)


def test_nobody_adds_changes_or_deletes_ledger_rows_in_the_admin(admin_client, ledger):
    payout = CoinTransaction.objects.get(kind="payout")
    assert admin_client.get("/admin/accounts/cointransaction/add/").status_code == 403
    response = admin_client.post(
        f"/admin/accounts/cointransaction/{payout.pk}/delete/", {"post": "yes"}
    )
    assert response.status_code == 403
    assert admin_client.get("/admin/accounts/coinaccount/add/").status_code == 403
    assert admin_client.get("/admin/accounts/coinaccount/?kind__exact=pot").status_code == 200
    assert CoinTransaction.objects.filter(pk=payout.pk).exists()
