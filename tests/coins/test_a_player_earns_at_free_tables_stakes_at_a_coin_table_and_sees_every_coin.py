"""The issue's «done when»: a player earns coins at free tables, stakes them at a coin table,
wins or loses, and sees every coin accounted for in the wallet; coins_audit passes."""

import pytest
from django.core.management import call_command

from accounts.coins import coin_balance
from accounts.models import EarningRule
from games.archive import archive_match
from games.models import Match
from tests.games.conftest import play_to_the_end, start_table

from .conftest import start_coin_match

pytestmark = pytest.mark.django_db


def test_from_free_tables_to_a_coin_table_and_back_to_the_wallet(player, client_for, capsys):
    EarningRule.objects.filter(kind="free_match").update(amount=60)
    alice, bob = player("alice", 0), player("bob", 0)
    for _ in range(2):  # two free matches: 60 each, and the day's bonus once
        match = play_to_the_end(start_table([alice, bob], {"players": 2, "target": 30}))
        assert archive_match(match.pk)
    assert coin_balance(alice) == coin_balance(bob) == 2 * 60 + 100 == 220

    match = start_coin_match([alice, bob], 100, target=30)
    assert coin_balance(alice) == coin_balance(bob) == 120
    match = play_to_the_end(match.table)
    assert match.status == Match.Status.FINISHED
    assert archive_match(match.pk) and not archive_match(match.pk)
    winner, loser = (alice, bob) if match.winner == 0 else (bob, alice)
    assert (coin_balance(winner), coin_balance(loser)) == (120 + 180, 120)

    page = client_for(winner, "en").get("/accounts/wallet/")
    amounts = [row["entry"].amount for row in page.context["rows"]]
    assert sum(amounts) == coin_balance(winner) == page.context["coins"]
    assert [row["reason"] for row in page.context["rows"]][:2] == [
        "Winnings: your team's share of the pot",
        "Stake at a coin table",
    ]
    call_command("coins_audit")
    assert "every coin is accounted for" in capsys.readouterr().out
