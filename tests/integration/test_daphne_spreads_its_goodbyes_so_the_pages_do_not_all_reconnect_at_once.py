"""A stopping daphne says "going away" (1001) to its sockets 50 a second, not all at once: every
page reconnects as soon as it hears it, and 200 arriving together at the process still running
queued there for up to 3.3 s (benchmarks/live.py --rolling-restart). 30 sockets take 0.6 s."""

import asyncio
import signal
import time

from sahrat.web_server import GOODBYE_PER_SECOND

from .sockets import open_socket

SOCKETS = 30


def test_the_goodbyes_of_a_stopping_daphne_are_spread_over_time(live_site):
    stopped = set(live_site.pids("daphne"))

    async def run() -> list[tuple[float, int | None]]:
        sockets = [await open_socket(live_site, "/ws/lobby/") for _ in range(SOCKETS)]

        async def goodbye(ws) -> tuple[float, int | None]:
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 15)
            except Exception:  # closed (ConnectionClosed), or the wait ran out
                pass
            return time.monotonic(), ws.close_code

        waiting = [asyncio.create_task(goodbye(ws)) for ws in sockets]
        await asyncio.sleep(0.5)  # every socket open and listening
        live_site.kill("daphne", signal.SIGTERM)
        return await asyncio.gather(*waiting)

    heard = asyncio.run(run())
    assert [code for _at, code in heard] == [1001] * SOCKETS
    times = sorted(at for at, _code in heard)
    spread = (SOCKETS - 1) / GOODBYE_PER_SECOND  # 0.58 s from the first goodbye to the last
    assert times[-1] - times[0] >= 0.8 * spread, times
    deadline = time.monotonic() + 60  # the supervisor starts a new daphne for the next tests
    while not (live_site.pids("daphne") and stopped.isdisjoint(live_site.pids("daphne"))):
        assert time.monotonic() < deadline, live_site.log("serve")
        time.sleep(0.2)
    live_site._wait_until_up()
