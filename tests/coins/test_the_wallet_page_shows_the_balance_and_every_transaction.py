import pytest

from accounts import coins
from games import settlement

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


def test_the_wallet_shows_the_balance_reasons_and_match_links_in_english(client_for, player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 100), winner=0)
    settlement.settle(match)
    page = client_for(alice, "en").get("/accounts/wallet/")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-testid="balance">580<' in html
    for reason in ("Sign-up grant", "Stake at a coin table", "Winnings: your team"):
        assert reason in html
    assert f"Match {match.pk}" in html and "+180" in html and "-100" in html
    assert html.index("Winnings") < html.index("Stake at") < html.index("Sign-up")  # newest first


def test_the_wallet_speaks_arabic_right_to_left(client_for, player):
    alice = player("alice", 500)
    html = client_for(alice, "ar").get("/accounts/wallet/").content.decode()
    assert 'dir="rtl"' in html
    assert "المحفظة" in html and "منحة التسجيل" in html


def test_the_wallet_pages_its_transactions(client_for, player):
    alice = player("alice", 0)
    for n in range(30):
        coins.earn(alice.pk, "free_match", f"match-{n}")  # the limit: 10 a day
    for n in range(20):
        coins.earn(alice.pk, "daily_round", f"2026-10-{n + 1:02d}")
    client = client_for(alice, "en")
    first = client.get("/accounts/wallet/")
    assert len(first.context["rows"]) == 25 and first.context["page"].paginator.num_pages == 2
    second = client.get("/accounts/wallet/?page=2")
    assert len(second.context["rows"]) == 5
    assert 'rel="prev"' in second.content.decode()


def test_a_player_with_no_coins_yet_is_told_how_to_earn_them(client_for, player):
    html = client_for(player("alice", 0), "en").get("/accounts/wallet/").content.decode()
    assert "No coins have moved yet" in html


def test_the_wallet_needs_a_login(client):
    response = client.get("/accounts/wallet/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_profile_shows_the_ledger_balance(client_for, player):
    alice = player("alice", 500)
    coins.earn(alice.pk, "daily_round", "2026-11-30")
    html = client_for(alice, "en").get("/accounts/profile/").content.decode()
    assert 'data-testid="coins">600<' in html
