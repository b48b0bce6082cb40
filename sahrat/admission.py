"""Admission control for one daphne process: past its capacity it refuses NEW websockets early
and cheaply, and keeps serving the ones it holds (docs/operations.md, "Admission control").

Two signs of a full process, each with a limit from the settings (0 turns it off):

- open websockets at ``SAHRAT_SOCKETS_MAX_PER_PROCESS``;
- the event loop's lag past ``SAHRAT_LOOP_LAG_MAX_MS``: a probe asks to wake every
  ``PROBE_SECONDS`` and measures how late it woke (every socket's messages wait as long). One
  late wake keeps the process busy for ``LAG_HOLD_SECONDS``, so a process does not flap
  between busy and free on every probe.

A new socket on a busy process is accepted and at once closed with code 4503 and the reason
``busy; retry after N s`` (``SAHRAT_BUSY_RETRY_SECONDS``), before the session is read or a
consumer is made; ``/health/ready/`` answers 503 meanwhile, so a proxy that checks it (HAProxy)
sends new sockets to a process with room. Sockets already open are not touched.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Any

from django.conf import settings

from . import metrics

BUSY_CLOSE = 4503
PROBE_SECONDS = 0.1
LAG_HOLD_SECONDS = 2.0
LAG_WINDOW = 20  # probes (two seconds): the lag shown is the worst of them


class Capacity:
    """This process's open sockets and event-loop lag (the loop's thread writes; the readiness
    view reads from a Django thread, which needs no lock for these plain values)."""

    def __init__(self) -> None:
        self.open = 0
        self.lag = 0.0  # seconds: the worst of the last LAG_WINDOW probes
        self.recent: deque[float] = deque(maxlen=LAG_WINDOW)
        self.lagging_until = 0.0  # monotonic: busy from the loop's lag until then
        self.probe: asyncio.Task[None] | None = None

    def opened(self) -> None:
        self.open += 1
        metrics.OPEN_SOCKETS.inc()

    def closed(self) -> None:
        self.open -= 1
        metrics.OPEN_SOCKETS.dec()

    def busy(self) -> str | None:
        """Why this process takes no new socket now (``sockets``, ``loop_lag``), or None."""
        limit = settings.SAHRAT_SOCKETS_MAX_PER_PROCESS
        if limit and self.open >= limit:
            return "sockets"
        if settings.SAHRAT_LOOP_LAG_MAX_MS and time.monotonic() < self.lagging_until:
            return "loop_lag"
        return None

    def start_probe(self) -> None:
        """The lag probe, on this process's event loop (once; again if it stopped, or if this
        is another loop: a test's)."""
        loop = asyncio.get_running_loop()
        if self.probe is None or self.probe.done() or self.probe.get_loop() is not loop:
            self.probe = loop.create_task(self._probe())

    async def _probe(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(PROBE_SECONDS)
            late = max(0.0, loop.time() - asked - PROBE_SECONDS)
            self.recent.append(late)
            self.lag = max(self.recent)
            limit = settings.SAHRAT_LOOP_LAG_MAX_MS / 1000
            if limit and late > limit:
                self.lagging_until = time.monotonic() + LAG_HOLD_SECONDS
            metrics.LOOP_LAG.set(self.lag)
            metrics.BUSY.set(1 if self.busy() else 0)


capacity = Capacity()


def retry_seconds() -> int:
    return int(settings.SAHRAT_BUSY_RETRY_SECONDS)


def retry_reason() -> str:
    """The close frame's reason, which a page reads for its wait (docs/protocol.md)."""
    return f"busy; retry after {retry_seconds()} s"


class SocketGate:
    """ASGI middleware: counts the open websockets, refuses new ones while the process is busy
    (close 4503), and starts the lag probe with the first request of any kind."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        capacity.start_probe()
        if scope["type"] != "websocket":
            return await self.application(scope, receive, send)
        reason = capacity.busy()
        if reason is not None:
            metrics.SOCKETS_REFUSED.labels(reason).inc()
            await refuse(receive, send)
            return None
        accepted = False

        async def counting(message: dict[str, Any]) -> None:
            nonlocal accepted
            if message["type"] == "websocket.accept" and not accepted:
                accepted = True
                capacity.opened()
            await send(message)

        try:
            return await self.application(scope, receive, counting)
        finally:
            if accepted:
                capacity.closed()


async def refuse(receive: Any, send: Any) -> None:
    """Accepted, so a browser can read the code, and closed at once: 4503 with the retry hint
    (a close before the accept is an HTTP 403 at the handshake, with no code to read)."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": 4503, "reason": retry_reason()})
