"""The kitty is hidden information at a live table (issue #30): through every `state` message of a
hand, over each seat's socket and a spectator's, the kitty reaches only the declarer, and only
once the auction is over; a kitty dealt out shows each seat the card it got (`kitty_card`) and
no other seat's, the declarer alone sees where every card went (`kitty_given`), another seat's
`give_kitty` or discard arrives counted, never named, and every view is one the engine gives
that seat. (Whole matches of the other variants: tests/games/test_no_seat_ever_sees_another_
seats_cards.py.)"""

import json

import pytest
from asgiref.sync import sync_to_async

from games.models import Match

from .conftest import drain, latest_round, legitimate_views, start_table, step

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

KITTY_KEYS = ("kitty", "kitty_given", "kitty_card")


def play_the_first_hand(table) -> None:
    while latest_round(table).status != "finished":
        assert step(table)


@pytest.mark.parametrize("kitty", ["declarer", "deal_out"])
async def test_the_kitty_reaches_the_declarer_alone_and_each_dealt_card_its_own_seat(
    socket, alice, bob, carol, dave, outsider, kitty
):
    users = [alice, bob, carol, dave]
    options = {"kitty": kitty, "concede": True, "nines_redeal": "off", "target": 1000}
    table = await sync_to_async(start_table)(users, options, game="pinochle")
    sockets = []
    for user in [*users, outsider]:
        ws = await socket(user, table)
        assert (await ws.connect())[0]
        sockets.append(ws)
    await sync_to_async(play_the_first_hand)(table)

    match = await sync_to_async(Match.objects.get)(table=table)
    legit = await sync_to_async(legitimate_views)(match)
    engine = (await sync_to_async(latest_round)(table)).engine()
    declarer, given = engine.declarer, engine.kitty_given
    seen = {"kitty": 0, "kitty_card": set(), "counted": 0}
    for seat, ws in [*enumerate(sockets[:4]), (None, sockets[4])]:
        for msg in await drain(ws):
            view, last = msg["view"], msg["last"]
            hidden = last and last["action"]["type"] in ("give_kitty", "discard")
            if hidden and last["seat"] != seat:
                assert "cards" not in last["action"] and last["action"]["count"] == 4, last
                seen["counted"] += 1
            if view is None:
                continue
            assert json.dumps(view, sort_keys=True) in legit[(msg["round_no"], seat)]
            if seat is None:
                assert not set(KITTY_KEYS) & set(view) and "hand" not in view
                continue
            if view["kitty"] is not None:  # the declarer's, once the auction is over
                assert seat == declarer == view["declarer"] and view["phase"] != "bidding"
                assert sorted(view["kitty"]) == sorted(engine.kitty)
                seen["kitty"] += 1
            if view["kitty_given"] is not None:
                assert seat == declarer and view["kitty_given"] == given
            if view["kitty_card"] is not None:
                assert view["kitty_card"] == given[seat]
                seen["kitty_card"].add(seat)
        await ws.disconnect()
    assert seen["kitty"] > 0 and seen["counted"] >= 3  # three other seats and the spectator
    assert seen["kitty_card"] == ({0, 1, 2, 3} if kitty == "deal_out" else set())
