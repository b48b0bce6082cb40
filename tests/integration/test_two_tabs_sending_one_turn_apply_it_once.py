import asyncio
import json

from websockets.asyncio.client import connect

from .faults import round_facts


def test_the_same_move_from_two_tabs_at_once_is_applied_exactly_once(shared_site):
    # a long clock: on a loaded machine, making the sessions may outlast a 20 s first turn
    table = shared_site.start_table(["tab", "tob"], {"players": 2, "turn_seconds": 300})
    url = shared_site.ws_url(f"/ws/table/{table}/")

    async def dealt(sock) -> dict:
        """The socket's first state with a view (the deal). Each socket reads its own: one that
        opened before the deal gets the seeding state first, one that opened after it does
        not. Read in lockstep, the second waited for a message that only the turn's clock sent
        300 s later, and the first player then moved from a turn that had passed (both copies
        refused stale_turn: CI, and here under a benchmark's load)."""
        while True:
            msg = json.loads(await asyncio.wait_for(sock.recv(), 30))
            if msg.get("view") is not None:
                return msg

    async def race() -> list[dict]:
        cookies = {n: shared_site.session(n) for n in ("tab", "tob")}
        socks = {}
        for name, cookie in cookies.items():
            socks[name] = [
                await connect(url, origin=shared_site.url, additional_headers={"Cookie": cookie})
                for _ in range(2)
            ]
        states = {n: await dealt(s[0]) for n, s in socks.items()}
        for s in [x for pair in socks.values() for x in pair[1:]]:
            await s.recv()
        view = states["tab"]["view"]
        mover = "tab" if view["turn"] == states["tab"]["you"] else "tob"
        mine = states[mover]["view"]
        action = {"type": "throw", "card": mine["hand"][0]}
        message = json.dumps({"type": "action", "action": action, "turn_no": mine["turn_no"]})
        await asyncio.gather(*(s.send(message) for s in socks[mover]))
        replies = []
        for s in socks[mover]:
            while True:
                msg = json.loads(await asyncio.wait_for(s.recv(), 10))
                if msg["type"] in ("ok", "error"):
                    replies.append(msg)
                    break
        for pair in socks.values():
            for s in pair:
                await s.close()
        return replies

    before = round_facts(shared_site, table)
    replies = asyncio.run(race())
    kinds = sorted(r["type"] for r in replies)
    assert kinds == ["error", "ok"], replies
    assert next(r for r in replies if r["type"] == "error")["code"] == "stale_turn"
    after = round_facts(shared_site, table)
    assert len(after["actions"]) == len(before["actions"]) + 1
