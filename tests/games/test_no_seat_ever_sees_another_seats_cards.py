"""Every message of a whole match, to every seat and a spectator, carries only what the engine's
view for that recipient carries: each view received equals ``view(seat)`` (or ``view(None)``)
at some point of the replayed round, and the secret stays hidden until the round is over. For
every game: Banakil, and Pinochle with cards passed between partners and three-handed with its
widow and discard."""

import json

import pytest
from asgiref.sync import sync_to_async

from games.models import Match

from .conftest import drain, legitimate_views, play_to_the_end, start_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


GAMES = [
    ("banakil", {"target": 25}, 4),
    ("pinochle", {"target": 40, "pass_cards": 3}, 4),
    ("pinochle", {"variant": "three", "target": 40}, 3),
]

#: what only the seat's own view may carry (a spectator's view has none of these keys)
PRIVATE_KEYS = ("hand", "legal", "passed_cards", "discard", "drawn")


@pytest.mark.parametrize(
    ("game", "options", "players"), GAMES, ids=["banakil", "pinochle", "three"]
)
async def test_a_whole_match_leaks_no_card_and_no_secret(
    socket, alice, bob, carol, dave, outsider, game, options, players
):
    users = [alice, bob, carol, dave][:players]
    table = await sync_to_async(start_table)(users, options, game=game)
    seats = []
    for u in users:
        ws = await socket(u, table)
        assert (await ws.connect())[0]
        seats.append(ws)
    spectator = await socket(outsider, table)
    assert (await spectator.connect())[0]

    match = await sync_to_async(play_to_the_end)(table)
    assert match.status == Match.Status.FINISHED

    legit = await sync_to_async(legitimate_views)(match)
    secrets = {r.number: r.secret for r in await sync_to_async(list)(match.rounds.all())}
    checked = passed_seen = hidden_seen = 0
    for seat, ws in [*enumerate(seats), (None, spectator)]:
        messages = await drain(ws)
        assert len(messages) > 20
        for msg in messages:
            assert msg["type"] == "state" and msg["you"] == seat
            text = json.dumps(msg)
            rnd = msg["round"]
            if rnd["status"] != "finished" or rnd["secret"] is None:
                assert secrets[rnd["number"]] not in text
            for later, secret in secrets.items():  # nor any secret fixed for a later round
                if later > rnd["number"]:
                    assert secret not in text
            last = msg["last"]
            hidden = last is not None and last["action"]["type"] in ("pass_cards", "discard")
            if hidden and last["seat"] != seat:  # another seat's pass or discard: counted only
                assert "cards" not in last["action"] and last["action"]["count"] > 0, last
                hidden_seen += 1
            if msg["view"] is None:
                continue
            key = (msg["round_no"], seat)
            assert json.dumps(msg["view"], sort_keys=True) in legit[key]
            if seat is None:
                assert not set(PRIVATE_KEYS) & set(msg["view"])
            elif msg["view"].get("passed_cards"):  # only the declarer and the partner
                declarer = msg["view"]["declarer"]
                assert seat in (declarer, (declarer + 2) % 4)
                passed_seen += 1
            checked += 1
        await ws.disconnect()
    assert checked > 100
    assert passed_seen > 0 or not options.get("pass_cards")
    assert hidden_seen > 0 or game == "banakil"
