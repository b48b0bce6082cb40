"""Message size over a real daphne: a frame over 4096 bytes and up to 64 KiB reaches the
consumer and gets ``message_too_large`` (the socket stays); a larger one is closed by the
transport with 1009. daphne's own limit was 1 MiB, dropped without ``message_too_large``."""

import asyncio
import json

from .sockets import close_code, next_of_type, open_socket


def ping(size: int) -> str:
    frame = json.dumps({"type": "ping", "pad": ""})
    return json.dumps({"type": "ping", "pad": "x" * (size - len(frame))})


def test_the_table_socket_refuses_large_frames_and_closes_on_huge_ones(shared_site):
    table = shared_site.start_table(["lea", "leo"], {"players": 2})
    lea = shared_site.session("lea")

    async def run():
        async with open_socket(shared_site, f"/ws/table/{table}/", lea) as ws:
            await next_of_type(ws, "state")
            for size in (4097, 60_000, 64 * 1024):
                frame = ping(size)
                assert len(frame.encode()) == size
                await ws.send(frame)
                error = await next_of_type(ws, "error")
                assert error["code"] == "message_too_large", size
            await ws.send(json.dumps({"type": "ping", "id": 1}))
            assert await next_of_type(ws, "pong") == {"type": "pong", "id": 1}
            await ws.send(ping(64 * 1024 + 1))
            assert await close_code(ws) == 1009

    asyncio.run(run())


def test_the_lobby_socket_answers_large_frames_and_closes_on_huge_ones(shared_site):
    async def run():
        async with open_socket(shared_site, "/ws/lobby/") as ws:
            await ws.send(ping(60_000))
            assert (await next_of_type(ws, "error"))["code"] == "read_only"
            await ws.send(ping(70_000))
            assert await close_code(ws) == 1009

    asyncio.run(run())
