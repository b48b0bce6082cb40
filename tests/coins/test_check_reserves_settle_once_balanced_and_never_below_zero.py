"""The ledger's side of check Pinochle at a coin table (docs/coins.md, "Checks at a coin
table"): each player's check reserve goes in beside the stake, all or nothing; the checks are
settled once, in one balanced posting from the reserve; nobody pays more than their reserve (the
winners share what the losers can pay); an abandoned match gives the stakes back and still
settles the checks of the hands played; a free table holds no reserve. Stake 100 throughout: a
check is 5 coins, the reserve 100."""

import pytest

from accounts import coins
from accounts.models import CoinAccount, CoinTransaction
from games import pinochle, settlement
from games.models import Match
from tests.games.conftest import start_table

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db

THREE = {"variant": "three", "checks": True}


def with_hands(match: Match, *checks: list[int], winner: int | None = None) -> Match:
    """The match's record: a played hand per ``checks`` (each seat's checks of the hand), the
    last one won by ``winner`` (None: none reaches the target)."""
    record = pinochle.Match(match.game_options, 0).to_dict()
    for n, per_seat in enumerate(checks):
        points = [0, 0, 0]
        if winner is not None and n == len(checks) - 1:
            points[winner] = match.game_options.target
        record["results"].append(
            {"reason": "played", "team_points": points, "declarer": winner or 0, "checks": per_seat}
        )
    Match.objects.filter(pk=match.pk).update(record=record)
    match.refresh_from_db()
    return match


def reserve_of(match: Match) -> CoinAccount:
    return CoinAccount.objects.get(kind="reserve", match_id=match.pk)


def test_the_start_takes_stake_and_reserve_and_the_end_gives_the_reserve_back_with_the_checks(
    player,
):
    users = [player(n, 500) for n in ("alice", "bob", "carol")]
    match = start_coin_match(users, 100, "pinochle", **THREE)
    assert [coins.coin_balance(u) for u in users] == [300] * 3
    assert reserve_of(match).balance == 300
    # hands [2, 1, 0] and [1, 0, 1]; Alice wins the game, +5: checks [8, 1, 1], sum 10, net
    # 3c - 10 = [14, -7, -7]: coins [70, -35, -35], the reserves back as [170, 65, 65]
    settled = settlement.settle(end(with_hands(match, [2, 1, 0], [1, 0, 1], winner=0), winner=0))
    assert settled["checks"] == {users[0].pk: 70, users[1].pk: -35, users[2].pk: -35}
    # and the pot: 300 less the 10% fee, 270 to Alice
    assert [coins.coin_balance(u) for u in users] == [300 + 170 + 270, 300 + 65, 300 + 65]
    assert reserve_of(match).balance == 0
    report = coins.audit()
    assert report.ok and report.reserves == 0, report.problems


def test_a_loser_never_pays_more_than_the_reserve_and_the_winners_share_it_in_proportion(player):
    users = [player(n, 200) for n in ("alice", "bob", "carol")]  # exactly stake and reserve
    match = start_coin_match(users, 100, "pinochle", **THREE)
    # checks [10, 9, 0] and Alice's game +5: [15, 9, 0], sum 24, net [21, 3, -24]: Carol owes
    # 120 coins but pays her reserve, 100; Alice (owed 105) and Bob (owed 15) share it
    # 105:15, 87.5 and 12.5: 87 and 12, the coin left to the larger remainder (level: the lower
    # seat), Alice: 88 and 12
    settled = settlement.settle(end(with_hands(match, [10, 9, 0], winner=0), winner=0))
    assert settled["checks"] == {users[0].pk: 88, users[1].pk: 12, users[2].pk: -100}
    assert [coins.coin_balance(u) for u in users] == [188 + 270, 112, 0]
    assert coins.audit().ok


def test_settling_twice_posts_the_checks_once(player):
    users = [player(n, 500) for n in ("alice", "bob", "carol")]
    match = end(with_hands(start_coin_match(users, 100, "pinochle", **THREE), [1, 0, 0]), None)
    first = settlement.settle(match)
    again = settlement.settle(match)
    assert first == again
    assert CoinTransaction.objects.filter(key=f"checks:{match.pk}").count() == 1
    assert coins.settle_checks(match.pk, {0: 0, 1: 0, 2: 0}) is None  # the key is used


def test_the_ledger_refuses_checks_that_do_not_balance_or_take_more_than_a_reserve(player):
    users = [player(n, 500) for n in ("alice", "bob", "carol")]
    match = start_coin_match(users, 100, "pinochle", **THREE)
    for nets in ({0: 10, 1: -5, 2: -4}, {0: 110, 1: -101, 2: -9}, {0: 5, 3: -5}):
        with pytest.raises(coins.LedgerError):
            coins.settle_checks(match.pk, nets)
    assert not CoinTransaction.objects.filter(kind="checks").exists()
    assert reserve_of(match).balance == 300


def test_an_abandoned_match_gives_the_stakes_back_and_settles_the_hands_played(player):
    users = [player(n, 500) for n in ("alice", "bob", "carol")]
    match = start_coin_match(users, 100, "pinochle", **THREE)
    # two hands played: [3, 0, -2] and [0, 0, 0], no winner so no game: checks [3, 0, -2], sum
    # 1, net [8, -1, -7]: coins [40, -5, -35]; the stakes come back whole
    match = end(with_hands(match, [3, 0, -2], [0, 0, 0]), None)
    settled = settlement.settle(match)
    assert settled["stakes"] == {u.pk: 0 for u in users}
    assert settled["checks"] == {users[0].pk: 40, users[1].pk: -5, users[2].pk: -35}
    assert [coins.coin_balance(u) for u in users] == [540, 495, 465]
    assert coins.audit().ok


def test_a_wallet_short_of_the_reserve_cannot_start_and_nothing_moves(player):
    users = [player(n, 500) for n in ("alice", "bob")] + [player("carol", 150)]
    with pytest.raises(coins.NotEnoughCoins) as refusal:
        coins.stake(4242, [(n, u.pk, u.username) for n, u in enumerate(users)], 100, 100)
    assert refusal.value.detail == "carol"
    assert not CoinTransaction.objects.filter(match_id=4242).exists()
    assert [coins.coin_balance(u) for u in users] == [500, 500, 150]


def test_a_free_table_with_checks_holds_no_reserve(player):
    users = [player(n, 500) for n in ("alice", "bob", "carol")]
    table = start_table(users, {**THREE, "target": 30}, game="pinochle")
    match = Match.objects.get(table=table)
    assert not CoinAccount.objects.filter(match_id=match.pk).exists()
    settled = settlement.settle(end(with_hands(match, [2, 0, 0], winner=0), winner=0))
    assert settled["checks"] == {u.pk: 0 for u in users}
    assert not CoinTransaction.objects.filter(kind__in=("reserve", "checks")).exists()
