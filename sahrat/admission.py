"""Admission control for one daphne process: past its capacity it refuses NEW websockets early
and cheaply, and keeps serving the ones it holds (docs/operations.md, "Admission control").

Two signs of a full process, each with a limit from the settings (0 turns it off):

- open websockets at ``SAHRAT_SOCKETS_MAX_PER_PROCESS``;
- the event loop's lag past ``SAHRAT_LOOP_LAG_MAX_MS``: a probe asks to wake every
  ``PROBE_SECONDS`` and measures how late it woke (every socket's messages wait as long). One
  late wake keeps the process busy for ``LAG_HOLD_SECONDS``, so a process does not flap
  between busy and free on every probe.

A lag past ``SAHRAT_LOOP_LAG_CEILING_MS`` that lasts (``SUSTAINED_PROBES`` such wakes within
the last ``LAG_WINDOW`` probes) teaches the process its ceiling: the sockets it held then, less
``CEILING_CUT``. Its threshold is lower than the hold's: a move waits for the loop several times
(its message, its database thread, each socket's send), so tables already playing stay under a
second only if the loop's lag stays well under one. A hold alone
ends two seconds after the last late wake, and the newcomers waiting at the door all come in
and bring the lag back; the ceiling keeps them out until sockets close, and rises by
``CEILING_RISE`` every ``CEILING_RISE_SECONDS`` without a late wake, so the process finds its
way back up slowly where a hold would let everyone in at once (decision 136). It never falls
below ``CEILING_FLOOR`` sockets: a stall on a quiet process (a slow page, the machine busy
elsewhere) holds nobody out for long.

Slow moves teach the ceiling too: the process times each move it serves (from the player's
message to every seat's state handed on after commit) and, when more than ``SLOW_SHARE`` of the
window's moves (and at least ``SUSTAINED_PROBES`` of them) took longer than
``SAHRAT_MOVE_SLOW_MS``, that is a lasting strain as a lasting lag is. The loop can be on time
while moves wait for a database thread, PostgreSQL or the channel layer: on a machine where
they share the cores, the tables already playing slow down before the loop lags, and it is
their moves the ceiling is there to keep fast (decision 146).

Only the load's strain teaches a ceiling, not the arrivals': a crowd arriving at once (handshakes,
session reads, first states) lags the loop however few sockets the process holds. A lasting lag
while sockets are still arriving (more than ``STEADY_TURNOVER`` of those held, within the window)
holds newcomers back for ``ARRIVAL_HOLD_SECONDS`` (once it holds ``CEILING_FLOOR`` sockets: a quiet
process is never held back) and teaches nothing; they come back spread out by
their jitter, and a lag that still lasts once they have stopped coming is the load's (decision
139). A crowd leaving at once (the tables of a tournament's round ending together) lags the loop
too, with the sockets it held falling: a lasting lag while more than ``STEADY_TURNOVER`` of
them closed within the window teaches nothing either, and holds nobody back (decision 142).

A new socket on a busy process is accepted and at once closed with code 4503 and the reason
``busy; retry after N s`` (``SAHRAT_BUSY_RETRY_SECONDS``), before the session is read or a
consumer is made; ``/health/ready/`` answers 503 meanwhile, so a proxy that checks it (HAProxy)
sends new sockets to a process with room. Sockets already open are not touched, and neither is
a table this process already serves: a socket to a table that has one open here is its player
coming back (a dropped connection, a reload), not new load, and only the socket limit stops it.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import Counter, deque
from typing import Any

from django.conf import settings

from . import metrics

logger = logging.getLogger(__name__)

BUSY_CLOSE = 4503
PROBE_SECONDS = 0.1
LAG_HOLD_SECONDS = 2.0
LAG_WINDOW = 20  # probes (two seconds): the lag shown is the worst of them; moves counted
SUSTAINED_PROBES = 3  # late wakes within the window that make a lasting lag
CEILING_CUT = 0.1  # the ceiling is the sockets held at a lasting lag, less a tenth
CEILING_FLOOR = 40  # sockets (ten tables of four): no ceiling is lower
CEILING_RISE = 0.05  # the ceiling's rise, a share of itself (at least one table's sockets)
CEILING_RISE_SECONDS = 5.0  # without a late wake, between two rises
#: sockets accepted (or closed) within the window, a share of those held: more, and a lasting
#: lag is the arrivals' (it holds newcomers back a moment and teaches no ceiling) or the
#: departures' (it teaches no ceiling)
STEADY_TURNOVER = 0.02
#: a lasting lag while sockets arrive holds newcomers back this long after its last late wake
#: (longer than one late wake's hold: the refused come back after 5-10 s, spread out)
ARRIVAL_HOLD_SECONDS = 5.0
#: moves slower than SAHRAT_MOVE_SLOW_MS, past this share of the window's, are a lasting strain
SLOW_SHARE = 0.02
#: the sockets of these paths belong to a table: one more to a table already served here is
#: its player coming back, not new load
TABLE_PATH = "/ws/table/"


class Capacity:
    """This process's open sockets and event-loop lag (the loop's thread writes; the readiness
    view reads from a Django thread, which needs no lock for these plain values)."""

    def __init__(self) -> None:
        self.open = 0
        self.tables: Counter[str] = Counter()  # open table sockets by path
        self.lag = 0.0  # seconds: the worst of the last LAG_WINDOW probes
        self.recent: deque[float] = deque(maxlen=LAG_WINDOW)
        self.lagging_until = 0.0  # monotonic: busy from the loop's lag until then
        self.ceiling: int | None = None  # sockets, learned from a lasting lag
        self.ceiling_moved = 0.0  # monotonic: when the ceiling last fell or rose
        self.last_late = 0.0  # monotonic: the last late wake
        self.accepted = 0  # sockets accepted so far
        self.accepted_at: deque[int] = deque(maxlen=LAG_WINDOW)  # ``accepted`` at each probe
        self.departed = 0  # sockets closed so far
        self.departed_at: deque[int] = deque(maxlen=LAG_WINDOW)  # ``departed`` at each probe
        self.moves = 0  # moves served so far
        self.slow_moves = 0  # of them, slower than SAHRAT_MOVE_SLOW_MS
        self.moves_at: deque[tuple[int, int]] = deque(maxlen=LAG_WINDOW)  # both, at each probe
        self.probe: asyncio.Task[None] | None = None

    def opened(self, path: str = "") -> None:
        self.open += 1
        self.accepted += 1
        if path.startswith(TABLE_PATH):
            self.tables[path] += 1
        metrics.OPEN_SOCKETS.inc()

    def closed(self, path: str = "") -> None:
        self.open -= 1
        self.departed += 1
        if path in self.tables:
            self.tables[path] -= 1
            if not self.tables[path]:
                del self.tables[path]
        metrics.OPEN_SOCKETS.dec()

    def moved(self, seconds: float) -> None:
        """A move this process served took ``seconds`` (its player's message to every seat's
        state handed on)."""
        self.moves += 1
        slow = settings.SAHRAT_MOVE_SLOW_MS
        if slow and seconds * 1000 > slow:
            self.slow_moves += 1

    def busy(self, path: str | None = None) -> str | None:
        """Why this process takes no new socket (to ``path``; None: any new socket) now
        (``sockets``; ``loop_lag``: a late wake's hold; ``ceiling``: a lasting strain's), or
        None."""
        limit = settings.SAHRAT_SOCKETS_MAX_PER_PROCESS
        if limit and self.open >= limit:
            return "sockets"
        if path is not None and path in self.tables:
            return None
        if settings.SAHRAT_LOOP_LAG_MAX_MS and time.monotonic() < self.lagging_until:
            return "loop_lag"
        if self.ceiling is not None and self.open >= self.ceiling:
            return "ceiling"
        return None

    def arriving(self) -> int:
        """Sockets accepted within the probes' window."""
        return self.accepted - self.accepted_at[0] if self.accepted_at else 0

    def leaving(self) -> int:
        """Sockets closed within the probes' window."""
        return self.departed - self.departed_at[0] if self.departed_at else 0

    def moves_slow(self) -> bool:
        """More than ``SLOW_SHARE`` of the window's moves, and at least ``SUSTAINED_PROBES``,
        were slower than ``SAHRAT_MOVE_SLOW_MS``."""
        if not self.moves_at:
            return False
        moves, slow = self.moves - self.moves_at[0][0], self.slow_moves - self.moves_at[0][1]
        return slow >= SUSTAINED_PROBES and slow > moves * SLOW_SHARE

    def wake(self, late: float, now: float) -> None:
        """The probe woke ``late`` seconds late at ``now`` (``time.monotonic``): the window moves
        on, and a late wake or slow moves strain the process; else it is calm."""
        self.recent.append(late)
        self.accepted_at.append(self.accepted)
        self.departed_at.append(self.departed)
        self.moves_at.append((self.moves, self.slow_moves))
        self.lag = max(self.recent)
        hold = settings.SAHRAT_LOOP_LAG_MAX_MS / 1000
        if hold and late > hold:
            self.lagging_until = now + LAG_HOLD_SECONDS
        limit = settings.SAHRAT_LOOP_LAG_CEILING_MS / 1000
        lagging = bool(limit) and late > limit
        slow = self.moves_slow()
        if lagging or slow:
            lasting = slow or sum(1 for x in self.recent if x > limit) >= SUSTAINED_PROBES
            self.late(now, lasting)
        else:
            self.calm(now)

    def late(self, now: float, lasting: bool) -> None:
        """A strained wake (late past the ceiling's threshold, or slow moves in the window): a
        ``lasting`` strain lowers the ceiling (once a window: the sockets it held last time are
        still there), unless sockets are still arriving (then it only holds newcomers back a
        moment) or leaving (then it does nothing)."""
        self.last_late = now
        # more than a table's four sockets, and than a share of those held, arrived lately at a
        # process past the floor (a quiet one is never held back, as no ceiling is below it);
        # the hold refuses only while SAHRAT_LOOP_LAG_MAX_MS is on; either way, no ceiling
        turnover = max(4, self.open * STEADY_TURNOVER)
        if lasting and self.arriving() > turnover and self.open >= CEILING_FLOOR:
            self.lagging_until = max(self.lagging_until, now + ARRIVAL_HOLD_SECONDS)
            return
        if lasting and self.leaving() > turnover:
            return  # the departures' lag: the sockets held now say nothing of the load
        if lasting and now - self.ceiling_moved >= LAG_WINDOW * PROBE_SECONDS:
            held = self.open if self.ceiling is None else min(self.open, self.ceiling)
            self.ceiling = max(CEILING_FLOOR, math.floor(held * (1 - CEILING_CUT)))
            self.ceiling_moved = now
            logger.warning("a lasting strain: this process takes %d sockets", self.ceiling)

    def calm(self, now: float) -> None:
        """A wake on time: the ceiling rises after a calm spell, and goes once it no longer
        holds anybody back: past the socket limit, or (with none) past twice the sockets open
        (it would otherwise grow without end)."""
        if self.ceiling is None:
            return
        if now - max(self.last_late, self.ceiling_moved) < CEILING_RISE_SECONDS:
            return
        self.ceiling += max(4, math.ceil(self.ceiling * CEILING_RISE))
        self.ceiling_moved = now
        limit = settings.SAHRAT_SOCKETS_MAX_PER_PROCESS or 2 * max(self.open, CEILING_FLOOR)
        if self.ceiling >= limit:
            self.ceiling = None
            logger.info("calm again: this process's socket ceiling is gone")

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
            self.wake(max(0.0, loop.time() - asked - PROBE_SECONDS), time.monotonic())
            metrics.LOOP_LAG.set(self.lag)
            metrics.SOCKET_CEILING.set(self.ceiling or 0)
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
        path = scope.get("path", "")
        reason = capacity.busy(path)
        if reason is not None:
            metrics.SOCKETS_REFUSED.labels(reason).inc()
            await refuse(receive, send)
            return None
        accepted = False

        async def counting(message: dict[str, Any]) -> None:
            nonlocal accepted
            if message["type"] == "websocket.accept" and not accepted:
                accepted = True
                capacity.opened(path)
            await send(message)

        try:
            return await self.application(scope, receive, counting)
        finally:
            if accepted:
                capacity.closed(path)


async def refuse(receive: Any, send: Any) -> None:
    """Accepted, so a browser can read the code, and closed at once: 4503 with the retry hint
    (a close before the accept is an HTTP 403 at the handshake, with no code to read)."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": 4503, "reason": retry_reason()})
