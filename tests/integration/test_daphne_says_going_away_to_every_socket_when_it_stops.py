"""A daphne that stops (SIGTERM: a deploy, a restart) sends every open socket a close frame,
1001 "going away", so clients reconnect at once; plain daphne dropped the connections with no
close frame. The supervisor then starts daphne again and the sockets come back."""

import asyncio
import signal
import time

from .sockets import close_code, next_of_type, open_socket


def test_table_and_lobby_sockets_get_1001_when_daphne_is_stopped(live_site):
    table = live_site.start_table(["gus", "gia"], {"players": 2})
    gus = live_site.session("gus")
    stopped = set(live_site.pids("daphne"))

    async def run():
        async with (
            open_socket(live_site, f"/ws/table/{table}/", gus) as seat,
            open_socket(live_site, "/ws/lobby/") as lobby,
        ):
            await next_of_type(seat, "state")
            await lobby.send("{}")
            await next_of_type(lobby, "error")
            live_site.kill("daphne", signal.SIGTERM)
            return await asyncio.gather(close_code(seat, 10), close_code(lobby, 10))

    assert asyncio.run(run()) == [1001, 1001]
    deadline = time.monotonic() + 60  # the supervisor starts a new daphne
    while not (live_site.pids("daphne") and stopped.isdisjoint(live_site.pids("daphne"))):
        assert time.monotonic() < deadline, live_site.log("serve")
        time.sleep(0.2)
    live_site._wait_until_up()

    async def again():
        async with open_socket(live_site, f"/ws/table/{table}/", gus) as seat:
            return (await next_of_type(seat, "state"))["you"]

    assert asyncio.run(again()) == 0
