"""Broadcasts from synchronous code (Celery's tasks, the site's views) run on one event loop per
process, on a thread of its own, so the channel layer's Redis connections last: a new loop per
call (``async_to_sync``) connected to Redis again for every message (decision 73)."""

import asyncio
import threading

import pytest

from sahrat import channel_layer
from sahrat.channel_layer import SenderLoop, send_from_sync


async def where() -> tuple[asyncio.AbstractEventLoop, threading.Thread]:
    return asyncio.get_running_loop(), threading.current_thread()


def test_every_send_from_synchronous_code_runs_on_the_same_loop_on_its_own_thread():
    seen = {send_from_sync(where) for _ in range(3)}
    assert len(seen) == 1
    (loop, thread), *_ = seen
    assert loop.is_running() and thread is not threading.current_thread()


def test_a_forked_process_starts_a_loop_of_its_own(monkeypatch):
    sender = SenderLoop()
    parents, _ = sender.run(where)
    monkeypatch.setattr(channel_layer.os, "getpid", lambda: -1)  # as a forked child sees it
    childs, _ = sender.run(where)
    assert childs is not parents and childs.is_running()


def test_a_failed_send_raises_in_the_caller():
    async def fails() -> None:
        raise ConnectionError("Redis is gone")

    with pytest.raises(ConnectionError, match="Redis is gone"):
        send_from_sync(fails)
