"""Every socket receives its table's states in event order, with no gap, while many hands end
at once: players over real websockets (a real daphne), bots and the clock in a real Celery
worker, each hand's secret revealed by its own task, matches ending and archived. A round's
states count 1, 2, 3, … (docs/protocol.md); the next round's start at 1 again."""

import asyncio
import contextlib

from sahrat.testing.table_client import TableClient

SECONDS = 45
TABLES = 4
#: each socket listens until its table ended this many hands (or its match)
HANDS = 3


def out_of_order(states: list[tuple[int, int]]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Each pair of consecutive states (round_no, event) that is not the next event of the
    round, or the first event of the next round."""
    return [
        (before, after)
        for before, after in zip(states, states[1:], strict=False)
        if after != (before[0], before[1] + 1) and after != (before[0] + 1, 1)
    ]


def last_card_of_the_hand(state) -> bool:
    """The hand's last card, every other hand: the clock plays it, ending the hand."""
    view = state["view"]
    return view["phase"] == "play" and len(view["hand"]) == 1 and state["round_no"] % 2 == 0


def enough_hands():
    """A socket's ``until``: its table has ended ``HANDS`` hands, or its match is over."""
    ended: set[int] = set()

    def until(state) -> bool:
        if state["round"] is not None and state["round"]["status"] == "finished":
            ended.add(state["round_no"])
        return state["match"]["status"] == "finished" or len(ended) >= HANDS

    return until


def test_every_socket_gets_its_tables_states_in_event_order_while_hands_end(shared_site):
    clients: list[TableClient] = []
    for n in range(TABLES):
        player, spectator = f"ord{n}", f"watch{n}"
        options = {
            "variant": "three",
            "target": 10 if n == 0 else 2000,  # table 0's match ends after its first hand
            "turn_seconds": 5,
            "bot_level": "easy",
        }
        table = shared_site.start_table([player], options, bots=True, game="pinochle")
        url = shared_site.ws_url(f"/ws/table/{table}/")
        clients.append(
            TableClient(
                url, shared_site.url, shared_site.session(player), skip=last_card_of_the_hand
            )
        )
        clients.append(
            TableClient(url, shared_site.url, shared_site.session(spectator), plays=False)
        )

    async def listen(client: TableClient) -> None:
        with contextlib.suppress(TimeoutError):
            await client.run(enough_hands(), timeout=SECONDS)

    async def play() -> None:
        await asyncio.gather(*(listen(c) for c in clients))

    asyncio.run(play())
    ended = set()
    for number, client in enumerate(clients):
        states = [(m["round_no"], m["event"]) for _, m in client.messages if m["type"] == "state"]
        assert out_of_order(states) == [], f"socket {number}: {states}"
        ended |= {
            (number // 2, m["round_no"])
            for _, m in client.messages
            if m["type"] == "state" and m["round"]["status"] == "finished"
        }
    assert len(ended) >= 2 * TABLES, ended  # enough hands ended to race
