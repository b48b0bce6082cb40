import random

import pytest
from django.core.management import CommandError, call_command
from django.db.models import F

from accounts import coins
from accounts.models import CoinAccount, CoinEntry, StakeLevel
from games import settlement

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(player):
    """A long random run: coin matches of 2 and 4 won, lost or abandoned, settled or refunded
    (some twice), and earnings in between."""
    rng = random.Random(6)
    StakeLevel.objects.create(amount=33)  # odd pots: remainders for the house
    people = [player(f"p{n}", rng.choice([0, 100, 500, 1000])) for n in range(8)]
    for n in range(60):
        for user in people:
            if rng.random() < 0.2:
                coins.earn(user.pk, "daily_round", f"2026-{n // 28 + 1:02d}-{n % 28 + 1:02d}")
            if rng.random() < 0.1:
                coins.earn(user.pk, "free_match", f"random-{n}")
        stake = rng.choice([33, 100, 500, 1000])
        able = [u for u in people if coins.coin_balance(u) >= stake]
        size = rng.choice([2, 4])
        if len(able) < size:
            continue
        match = start_coin_match(rng.sample(able, size), stake)
        outcome = rng.choice([0, 1, 0, 1, None])
        end(match, outcome)
        for _ in range(rng.choice([0, 1, 1, 1, 2])):  # 0: the archive has not run yet
            (settlement.settle if outcome is None else settlement.settle)(match)
    report = coins.audit()
    assert report.transactions > 150 and report.house > 0 and report.open_pots > 0
    return report


def test_the_audit_passes_after_a_long_random_history(history, capsys):
    assert history.ok, history.problems
    call_command("coins_audit")
    out = capsys.readouterr().out
    assert "every coin is accounted for" in out and f"issued {history.issued}" in out


def test_the_audit_fails_when_an_entry_amount_is_tampered_with(history, capsys):
    entry = CoinEntry.objects.filter(account__kind="wallet").order_by("?").first()
    CoinEntry.objects.filter(pk=entry.pk).update(amount=F("amount") + 1)
    with pytest.raises(CommandError):
        call_command("coins_audit")
    err = capsys.readouterr().err
    assert "does not balance" in err and f"account {entry.account_id}" in err


def test_the_audit_fails_when_a_cached_balance_is_tampered_with(history, capsys):
    account = CoinAccount.objects.filter(kind="wallet", balance__gt=0).first()
    CoinAccount.objects.filter(pk=account.pk).update(balance=F("balance") - 1)
    with pytest.raises(CommandError):
        call_command("coins_audit")
    assert "but its entries sum to" in capsys.readouterr().err


def test_the_audit_fails_when_coins_appear_from_nowhere(history, capsys):
    """A balanced pair that moves a wallet's entry history out of step with its running
    balance is caught too."""
    entry = CoinEntry.objects.filter(account__kind="wallet").order_by("pk").first()
    CoinEntry.objects.filter(pk=entry.pk).update(balance_after=F("balance_after") + 7)
    with pytest.raises(CommandError):
        call_command("coins_audit")
    assert f"entry {entry.pk}" in capsys.readouterr().err


def test_the_admin_reconciliation_report_shows_the_totals_and_the_problems(history, admin_client):
    admin_client.cookies["django_language"] = "en"
    page = admin_client.get("/admin/accounts/cointransaction/reconciliation/")
    html = page.content.decode()
    assert page.status_code == 200 and "Every coin is accounted for" in html
    assert f"<strong>{coins.audit().issued}</strong>" in html  # the admin's own grant too
    CoinEntry.objects.filter(pk=CoinEntry.objects.first().pk).update(amount=F("amount") + 1)
    html = admin_client.get("/admin/accounts/cointransaction/reconciliation/").content.decode()
    assert 'data-testid="problems"' in html and "does not balance" in html
