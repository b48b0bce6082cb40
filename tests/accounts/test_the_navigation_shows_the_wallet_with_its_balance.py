"""Every page's navigation links a logged-in player's wallet with its balance, read with one
query; a visitor has no wallet link and costs no query."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.coins import coin_balance

pytestmark = pytest.mark.django_db


def wallet_queries(context: CaptureQueriesContext) -> int:
    """Queries that read the coin accounts themselves (a page's own ledger figures read the
    entries, joining the accounts: not the navigation's)."""
    return sum('FROM "accounts_coinaccount"' in q["sql"] for q in context.captured_queries)


@pytest.mark.parametrize("language,word", [("en", "Wallet"), ("ar", "المحفظة")])
@pytest.mark.parametrize("path", ["/", "/history/", "/rules/banakil/"])
def test_the_nav_links_the_wallet_with_the_balance(client_for, alice, language, word, path):
    assert coin_balance(alice) == 500  # the sign-up grant
    client = client_for(alice, language)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(path).content.decode()
    link = re.search(r'<a href="/accounts/wallet/" class="nav-wallet"[^>]*>(.*?)</a>', page, re.S)
    assert link, path
    assert word in link.group(1)
    assert '<bdi class="nav-coins" data-testid="nav-coins">500</bdi>' in link.group(1)
    assert wallet_queries(queries) == 1


def test_a_visitor_has_no_wallet_link_and_no_wallet_query(client):
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/").content.decode()
    assert "/accounts/wallet/" not in page
    assert wallet_queries(queries) == 0
