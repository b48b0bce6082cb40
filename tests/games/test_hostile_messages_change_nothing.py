"""Random and malformed messages on a table socket: each gets an answer (an error for anything
that isn't a valid request), the socket stays up, and the round is exactly as it was."""

import json
import string

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.banakil import CANONICAL_DECK
from games.models import Round

from .conftest import deal_now, latest_round, start_table

pytestmark = pytest.mark.django_db(transaction=True)

CARDS = sorted(set(CANONICAL_DECK)) + ["XX", "", "2Z", "jk"]
junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)
actions = st.one_of(
    junk,
    st.fixed_dictionaries({"type": st.sampled_from(["draw", "meld", "layoff", "swap", "throw"])}),
    st.fixed_dictionaries({"type": st.just("throw"), "card": st.sampled_from(CARDS)}),
    st.fixed_dictionaries({"type": st.just("draw"), "from": st.sampled_from(["stock", "pile", 1])}),
    st.fixed_dictionaries(
        {"type": st.just("meld"), "cards": st.lists(st.sampled_from(CARDS), max_size=7)}
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("layoff"),
            "meld": st.integers(-2, 9) | junk,
            "cards": st.lists(st.sampled_from(CARDS), max_size=4),
            "end": st.sampled_from(["low", "high", "up", None]),
        }
    ),
)
messages = st.one_of(
    st.text(alphabet=string.printable, max_size=60),  # not JSON at all, mostly
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
    junk.map(json.dumps),
    st.fixed_dictionaries(
        {
            "type": st.just("action"),
            "action": actions,
            "turn_no": st.integers(-5, 50) | junk,
            "id": junk,
        }
    ).map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(["hints", "resync", "ping", "shout", 7])}).map(
        json.dumps
    ),
    st.integers(4000, 9000).map(lambda n: json.dumps({"type": "ping", "pad": "x" * n})),
).filter(bool)  # the test client cannot send an empty text frame
ANSWERS = {"error", "pong", "hints", "state"}


@pytest.fixture
def table(alice, bob):
    t = start_table([alice, bob], {"players": 2})
    deal_now(t)
    return t


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(batch=st.lists(messages, min_size=1, max_size=12))
def test_hostile_messages_get_answers_and_leave_the_round_untouched(
    socket, table, alice, bob, batch
):
    rnd = latest_round(table)
    waiting = [alice, bob][1 - rnd.turn_seat]  # every move from this seat must be refused
    before = (rnd.event_no, rnd.action_count, json.dumps(rnd.state, sort_keys=True))

    async def run() -> None:
        ws = await socket(waiting, table)
        connected, _ = await ws.connect()
        assert connected
        await ws.receive_json_from(timeout=5)  # the state on connect
        for raw in batch:
            await ws.send_to(text_data=raw)
            replies = []
            while not await ws.receive_nothing(timeout=0.15):
                replies.append(await ws.receive_json_from())
            assert replies, f"no answer to {raw[:80]!r}"
            assert {r["type"] for r in replies} <= ANSWERS
            if '"action"' in raw and all(r["type"] != "state" for r in replies):
                assert replies[0]["type"] == "error" and replies[0]["code"], replies
        await ws.disconnect()

    async_to_sync(run)()
    after = Round.objects.get(pk=rnd.pk)
    assert (after.event_no, after.action_count, json.dumps(after.state, sort_keys=True)) == before
    engine = after.engine()  # and it still replays: every check on
    assert engine.turn_no == rnd.turn_no


@pytest.mark.asyncio
async def test_a_flood_is_slowed_then_cut_off(socket, table, alice):
    ws = await socket(alice, table)
    assert (await ws.connect())[0]
    await ws.receive_json_from(timeout=5)
    codes = []
    closed = False
    for i in range(120):
        await ws.send_json_to({"type": "ping", "id": i})
        out = await ws.receive_output(timeout=5)
        if out["type"] == "websocket.close":
            closed = out.get("code") == 4429
            break
        codes.append(json.loads(out["text"]).get("code") or json.loads(out["text"])["type"])
    assert codes[:30] == ["pong"] * 30
    assert "too_many_messages" in codes
    assert closed
    assert (await sync_to_async(latest_round)(table)).action_count == 0
