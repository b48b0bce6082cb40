"""Coins are earned by playing: not by a bot finishing a match for a player who went away, not
for a match abandoned after a move each; and a match's coin result is its stake result, shown
apart from what the match earned."""

import pytest

from accounts.coins import coin_balance
from accounts.models import CoinTransaction
from games import archive, live
from games.models import Archive, Match
from tests.games.conftest import deal_now, latest_round, play_to_the_end, start_table, step

from .conftest import start_coin_match

pytestmark = pytest.mark.django_db


def earned(user, rule):
    return CoinTransaction.objects.filter(
        kind="earn", rule=rule, entries__account__user=user
    ).count()


def test_a_player_who_let_a_bot_finish_the_match_earns_no_match_coins(player):
    alice, bob = player("alice", 0), player("bob", 0)
    table = start_table([alice, bob], {"players": 2, "target": 40})
    for _ in range(10):  # alice plays a few moves herself, then goes away for good
        step(table)
    live.went_away(table.pk, alice.pk)
    match = play_to_the_end(table)
    assert match.seat_states[0].bot and not match.seat_states[0].left
    archive.archive_match(match.pk)
    assert earned(alice, "free_match") == 0 and earned(bob, "free_match") == 1


def test_a_match_abandoned_after_a_move_each_earns_no_daily_bonus(player):
    alice, bob = player("alice", 0), player("bob", 0)
    table = start_table([alice, bob], {"players": 2})
    deal_now(table)
    while latest_round(table).turn_no < 3:  # one turn each
        step(table)
    live.leave(alice, table.pk)
    live.leave(bob, table.pk)
    match = Match.objects.get(table=table)
    assert match.status == Match.Status.ABANDONED
    archive.archive_match(match.pk)
    assert earned(alice, "daily_round") == earned(bob, "daily_round") == 0
    assert coin_balance(alice) == coin_balance(bob) == 0


def test_a_lost_stake_match_shows_minus_the_stake_apart_from_the_daily_bonus(player, client_for):
    alice, bob = player("alice", 500), player("bob", 500)
    match = start_coin_match([alice, bob], 100, target=30)
    match = play_to_the_end(match.table)
    archive.archive_match(match.pk)
    winner, loser = (alice, bob) if match.winner == 0 else (bob, alice)
    summary = Archive.objects.get(match=match).summary
    assert summary["coins"] == {str(loser.pk): -100, str(winner.pk): 80}
    assert summary["earned"] == {str(loser.pk): 100, str(winner.pk): 100}
    page = client_for(loser, "en").get(f"/history/matches/{match.pk}/").content.decode()
    assert '<bdi dir="ltr" class="down" data-testid="stake-result">-100</bdi>' in page
    assert '<bdi dir="ltr" class="up" data-testid="earned">+100</bdi>' in page
    history = client_for(loser, "en").get("/history/").content.decode()
    assert '<bdi dir="ltr" class="down">-100</bdi>' in history
