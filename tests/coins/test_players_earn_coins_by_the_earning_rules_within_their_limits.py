import datetime

import pytest

from accounts import coins
from accounts.coins import coin_balance, grant_signup
from accounts.models import CoinTransaction, EarningRule
from games import live, settlement
from games.models import Match
from tests.games.conftest import play_to_the_end, start_table, step

from .conftest import start_coin_match

pytestmark = pytest.mark.django_db


def earned(user, rule):
    return CoinTransaction.objects.filter(
        kind="earn", rule=rule, entries__account__user=user
    ).count()


def test_a_new_player_gets_the_sign_up_grant_once(player, make_user):
    alice = make_user("alice")
    assert coin_balance(alice) == 500
    assert grant_signup(alice) is None
    assert coin_balance(alice) == 500
    EarningRule.objects.filter(kind="signup").update(amount=200)
    assert coin_balance(make_user("bob")) == 200
    EarningRule.objects.filter(kind="signup").update(active=False)
    assert coin_balance(make_user("carol")) == 0


def test_a_finished_free_match_earns_its_players_the_match_coins_and_the_daily_bonus(player):
    alice, bob = player("alice", 0), player("bob", 0)
    match = play_to_the_end(start_table([alice, bob], {"players": 2, "target": 30}))
    assert match.status == Match.Status.FINISHED
    coins = settlement.settle(match)
    assert coins == {
        "stakes": {alice.pk: 0, bob.pk: 0},
        "checks": {alice.pk: 0, bob.pk: 0},
        "earned": {alice.pk: 150, bob.pk: 150},
    }
    settlement.settle(match)
    assert coin_balance(alice) == coin_balance(bob) == 50 + 100
    assert earned(alice, "free_match") == earned(alice, "daily_round") == 1


def test_the_daily_bonus_is_paid_once_a_day(player):
    alice, bob = player("alice", 0), player("bob", 0)
    first = play_to_the_end(start_table([alice, bob], {"players": 2, "target": 30}))
    second = play_to_the_end(start_table([alice, bob], {"players": 2, "target": 30}))
    settlement.settle(first)
    settlement.settle(second)
    assert earned(alice, "daily_round") == 1 and earned(alice, "free_match") == 2
    assert coin_balance(alice) == 100 + 2 * 50
    tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    assert coins.earn(alice.pk, "daily_round", tomorrow) is not None


def test_completed_matches_earn_up_to_the_daily_limit(player):
    alice = player("alice", 0)
    EarningRule.objects.filter(kind="free_match").update(amount=30, daily_limit=2)
    grants = [coins.earn(alice.pk, "free_match", f"match-{n}") for n in range(4)]
    assert [grant is not None for grant in grants] == [True, True, False, False]
    assert coin_balance(alice) == 60
    yesterday = datetime.date.today() - datetime.timedelta(days=1)
    CoinTransaction.objects.filter(rule="free_match").update(
        created_at=datetime.datetime.combine(yesterday, datetime.time(12), datetime.UTC)
    )
    assert coins.earn(alice.pk, "free_match", "match-9") is not None  # a new day, a new limit


def test_an_inactive_rule_pays_nothing(player):
    alice = player("alice", 0)
    EarningRule.objects.filter(kind="daily_round").update(active=False)
    assert coins.earn(alice.pk, "daily_round", "2026-11-30") is None
    assert coin_balance(alice) == 0


def test_a_coin_match_earns_the_daily_bonus_but_no_free_match_coins(player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = start_coin_match([alice, bob], 100, target=30)
    match = play_to_the_end(match.table)
    settlement.settle(match)
    assert earned(alice, "free_match") == 0 and earned(alice, "daily_round") == 1
    winner, loser = (alice, bob) if match.winner == 0 else (bob, alice)
    assert (coin_balance(winner), coin_balance(loser)) == (400 + 180 + 100, 400 + 100)


def test_a_player_who_left_a_free_match_earns_no_match_coins(player):
    alice, bob = player("alice", 0), player("bob", 0)
    table = start_table([alice, bob], {"players": 2, "target": 60})
    # the deal and a move or two, then alice leaves; a bot finishes her seat (after 12 steps a
    # quick round had sometimes ended the match to 60 already, and there was no seat to leave)
    for _ in range(4):
        step(table)
    live.leave(alice, table.pk)
    match = play_to_the_end(table)
    settlement.settle(match)
    assert earned(alice, "free_match") == 0 and earned(bob, "free_match") == 1
