"""Issue #35, item 22: a deeply nested JSON frame and then a frame over 64 KiB made daphne log
"Exception inside application: Attempt to send on a closed protocol": the transport had closed
the socket with 1009 while the consumer was still answering the first frame, and its answer
raised. Anyone could repeat it. Sending on a socket that is closing is not an error: the answer
is dropped and nothing is logged."""

import asyncio
import json
import time

from .sockets import close_code, next_of_type, open_socket

NESTED = "[" * 1000 + "]" * 1000
HUGE = json.dumps({"type": "ping", "pad": "x" * (64 * 1024)})


def test_answers_to_a_socket_closed_with_1009_are_dropped_without_a_logged_exception(live_site):
    table = live_site.start_table(["nia", "noor"], {"players": 2})
    nia = live_site.session("nia")
    before = len(live_site.log("serve"))

    async def run():
        for path in (f"/ws/table/{table}/", "/ws/lobby/"):
            for _ in range(5):
                async with open_socket(live_site, path, nia) as ws:
                    if path != "/ws/lobby/":
                        await next_of_type(ws, "state")
                    for _ in range(5):
                        await ws.send(NESTED)
                    await ws.send(HUGE)
                    assert await close_code(ws) == 1009

    asyncio.run(run())
    time.sleep(2.5)  # daphne reaps a finished application (and logs its exception) each second
    written = live_site.log("serve")[before:]
    assert "Exception inside application" not in written, written[-3000:]
    assert "Attempt to send on a closed protocol" not in written
