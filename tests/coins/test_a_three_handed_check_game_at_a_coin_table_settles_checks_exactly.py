"""Check Pinochle at a coin table, live (issue #30): three accounts sit at a three-handed coin
table with checks, a fourth watches, all four on the table's socket, in-process. The deals are
fixed (each hand's secret is set before it is dealt, no seed comes in), so every hand and every
check is known; each seat plays as the medium bot would. The expected coins are worked out by
hand below from the dealt cards, and the wallets, every posting and the audit must match them
exactly. The watcher never gets a card of any hand until it is public, nor a seat's own keys.

The deals (`checks-219-<hand>` hashed), each seat's 15 cards as dealt, by rank:

Hand 1, Alice deals. Alice (seat 0) 9C 9H 9S AH AS JC JD JD JH JH KH KS TC TC TS; Bob (1) 9C 9D
9S AH JS KD KS QC QC QD QD QH TD TH TS; Carol (2) 9D 9H AC AC AD AD AS JC JS KC KD KH QH QS QS.
Alice declares at 20 in hearts and is set: she meets no meld check (a lone dix), nor do the
others (Bob: QC QC and QD QD, but a single KD; Carol: two aces of clubs and of diamonds, not
two of each suit). Checks [-2, 0, 0] (Alice set: -2), net 3*c - sum: [-4, 2, 2].

Hand 2, Bob deals. Alice 9D 9D 9H JS KC KH KS KS QC QC QH QS QS TH TS: both kings and both queens
of spades, a double marriage: +1. Bob AC AD JC JD JD JH KD KD KH QD QD TC TD TH TS, trump diamonds:
A T K Q J of diamonds, a run: +1; both kings and queens of diamonds, a double marriage: +1.
Carol 9C 9H 9S 9S AC AD AH AH AS JC JS KC QH TC TD: an ace of every suit, aces around: +1. Bob
declares at 27 in diamonds and makes it. Checks [1, 2, 1], net [-1, 2, -1].

Bob reaches 43 of 40 and wins: the game, +5 checks to Bob. The match's checks: [-2+1, 0+2+5,
0+1] = [-1, 7, 1], their sum 7, net 3*c - 7 = [-10, 14, -4].

Coins (stake 100; a check is 100 / 20 = 5 coins; the reserve is 20 checks = 100 coins; the fee
is 10%). Each wallet starts at 500 and puts in 100 stake + 100 reserve:
- checks: Alice -10 x 5 = -50, Bob +14 x 5 = +70, Carol -4 x 5 = -20; no loser owes more than
  the reserve, so the reserve (300) goes back as 100-50 = 50, 100+70 = 170, 100-20 = 80;
- stake: the pot (300) pays the fee 30 to the house and 270 to Bob;
- the daily bonus: 100 to each (each made a move in a played-out hand).
Alice 500-200+50+100 = 450; Bob 500-200+170+270+100 = 840; Carol 500-200+80+100 = 480; the house
30: 450+840+480+30 = 1,800 = 3 x 500 signed up + 3 x 100 bonus, every coin accounted for.
"""

import hashlib
import json

import pytest
from asgiref.sync import sync_to_async

from accounts import coins
from accounts.models import CoinEntry
from games import archive, fair
from games.models import Match, Round
from tests.games.conftest import latest_round, step
from tests.games.test_no_seat_ever_sees_another_seats_cards import (
    PRIVATE_KEYS,
    drain,
    legitimate_views,
)

from .conftest import start_coin_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

OPTIONS = {"variant": "three", "checks": True, "target": 40}


def secret(hand: int) -> str:
    return hashlib.sha256(f"checks-219-{hand}".encode()).hexdigest()


def play_the_fixed_deals(match: Match) -> Match:
    """Play the match to its end as the platform would, each hand dealt from its fixed secret."""
    table = match.table
    while True:
        rnd = latest_round(table)
        if rnd.status == Round.Status.SEEDING and rnd.secret != secret(rnd.number):
            Round.objects.filter(pk=rnd.pk).update(
                secret=secret(rnd.number), commitment=fair.commitment(secret(rnd.number))
            )
        if not step(table):
            return Match.objects.get(pk=match.pk)


def postings(match_id: int) -> dict[str, list[tuple[str, int]]]:
    """Every transaction naming the match: its key → (account, amount) legs."""
    out: dict[str, list[tuple[str, int]]] = {}
    for entry in CoinEntry.objects.filter(transaction__match_id=match_id).select_related(
        "transaction", "account__user"
    ):
        account = entry.account
        who = account.user.username if account.user else account.kind
        out.setdefault(entry.transaction.key, []).append((who, entry.amount))
    return {key: sorted(legs) for key, legs in out.items()}


async def test_three_players_settle_their_checks_and_the_watcher_sees_no_hidden_card(
    socket, player, outsider
):
    alice, bob, carol = [await sync_to_async(player)(n, 500) for n in ("alice", "bob", "carol")]
    match = await sync_to_async(start_coin_match)([alice, bob, carol], 100, "pinochle", **OPTIONS)
    # the start took the stake and the check reserve from each wallet
    assert [await sync_to_async(coins.coin_balance)(u) for u in (alice, bob, carol)] == [300] * 3
    table = await sync_to_async(lambda: match.table)()
    sockets = []
    for user in (alice, bob, carol, outsider):
        ws = await socket(user, table)
        assert (await ws.connect())[0]
        sockets.append(ws)

    match = await sync_to_async(play_the_fixed_deals)(match)
    assert match.status == Match.Status.FINISHED and match.winner == 1
    assert match.totals == ["-10", "43", "28"]
    assert await sync_to_async(archive.archive_match)(match.pk)
    assert not await sync_to_async(archive.archive_match)(match.pk)  # archived once

    # the wallets, exactly as worked out above
    balances = [await sync_to_async(coins.coin_balance)(u) for u in (alice, bob, carol)]
    assert balances == [450, 840, 480]
    m, names = match.pk, ("alice", "bob", "carol")
    expected = {
        **{f"stake:{m}:{n}": sorted([(u, -100), ("pot", 100)]) for n, u in enumerate(names)},
        **{f"reserve:{m}:{n}": sorted([(u, -100), ("reserve", 100)]) for n, u in enumerate(names)},
        f"checks:{m}": sorted([("reserve", -300), ("alice", 50), ("bob", 170), ("carol", 80)]),
        f"payout:{m}": sorted([("pot", -300), ("house", 30), ("bob", 270)]),
    }
    got = await sync_to_async(postings)(m)
    bonus = sorted(legs for key, legs in got.items() if key.startswith("earn:daily_round:"))
    assert bonus == sorted(sorted([("source", -100), (u, 100)]) for u in names)
    assert {k: v for k, v in got.items() if not k.startswith("earn:")} == expected
    report = await sync_to_async(coins.audit)()
    assert report.ok, report.problems
    assert (report.pots, report.reserves, report.house, report.open_pots) == (0, 0, 30, 0)
    figures = await sync_to_async(coins.match_coins)(matches=[m])
    assert {u: (f.stake, f.checks, f.earned) for (_m, u), f in figures.items()} == {
        alice.pk: (-100, -50, 100),
        bob.pk: (170, 70, 100),
        carol.pk: (-100, -20, 100),
    }

    # what every socket saw: the checks after each hand, and the coins once settled
    legit = await sync_to_async(legitimate_views)(match)
    for seat, ws in [*enumerate(sockets[:3]), (None, sockets[3])]:
        messages = await drain(ws)
        ends = {}
        for msg in messages:
            assert msg["type"] == "state" and msg["you"] == seat
            assert msg["match"]["check_unit"] == 5
            view = msg["view"]
            if view is None:
                continue
            assert json.dumps(view, sort_keys=True) in legit[(msg["round_no"], seat)]
            if seat is None:
                assert not set(PRIVATE_KEYS) & set(view)
                last = msg["last"]
                if last is not None and last["action"]["type"] == "discard":
                    assert "cards" not in last["action"]  # the declarer's discard: counted
            if view["result"] is not None:
                ends[msg["round_no"]] = msg
        first, second = ends[1], ends[2]
        assert first["view"]["result"]["check_events"] == [
            {"seat": 0, "event": "set", "checks": -2}
        ]
        assert first["view"]["result"]["check_net"] == [-4, 2, 2]
        assert first["match"]["checks"] == [-2, 0, 0]
        assert [e["event"] for e in second["view"]["result"]["check_events"]] == [
            "double_marriage",
            "run",
            "double_marriage",
            "aces_around",
        ]
        assert second["view"]["result"]["checks"] == [1, 2, 1]
        last = messages[-1]["match"]
        assert (last["checks"], last["check_net"]) == ([-1, 7, 1], [-10, 14, -4])
        assert last["check_coins"] == [-50, 70, -20] and last["coins"] == [-100, 170, -100]
        await ws.disconnect()
