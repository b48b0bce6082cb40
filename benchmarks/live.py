"""Live-table benchmark (issues 4, 14): prints its figures.

    .venv/bin/python benchmarks/live.py                      # the embedded default
    .venv/bin/python benchmarks/live.py --game pinochle --variant double
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/sahrat \\
    REDIS_URL=redis://127.0.0.1:6379/0 .venv/bin/python benchmarks/live.py

One daphne process and a Celery worker (sahrat.testing.live.LiveSite). For each load level,
that many tables of websocket clients (one a seat: four, or as many as the Pinochle variant
seats) play, each table acting once every ``--pace`` seconds; the figure is the time from
sending an action to every seat holding the state that includes it. The saturation point is
the first level whose p99 passes 250 ms. The clients play a light legal move (draw from the
stock, throw it) so the load generator, on the same two cores, costs the server as little as
possible; every move is still checked by the engine, logged, clocked and broadcast like any
other. "stalled tables" counts the tables none of whose
seats heard anything in the last three paces of the level (a lost message or a dead socket).

Pinochle tables (``--game pinochle``) play the game's baseline bot move in every turn (bids,
trump, passing, tricks), chosen by the client before its pause. Per level it also prints the CPU
milliseconds per move of the daphne process and of the Celery worker (its processes together):
their CPU time from ``/proc/<pid>/stat`` (user + system) over the measured window, divided by the
moves sent in it. That figure is robust to other load on the machine; the latencies are not.
``benchmarks/move_cost.py`` splits one move's cost into its stages.

A socket that closes or fails to open is opened again after the table page's wait
(static/js/backoff.js: full jitter over an exponential backoff; after a busy daphne's 4503,
its hint plus a random share of it): each level prints the sockets reopened, and of them the
ones refused busy, beside the sockets it opened.

The cluster (issue 33): ``--cluster`` plays the same levels through the whole topology of
``make cluster`` too (``sahrat.testing.cluster.ClusterSite``: HAProxy, two daphne, two workers,
PgBouncer, PostgreSQL primary and streaming replica, two channel-layer Redis and Celery's), every
socket through HAProxy, and prints the CPU per move of each tier (daphne, worker, haproxy,
pgbouncer, postgres, redis) beside the single process's. Both sites run side by side and each
level is played on one, then on the other (the order turning each level), so both figures come
from the same minutes: the machine's speed drifts within a run. Give the single process
PostgreSQL and Redis too (``DATABASE_URL``, ``REDIS_URL``) for a like-for-like comparison:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/sahrat REDIS_URL=redis://127.0.0.1:6379/0 \\
      .venv/bin/python benchmarks/live.py --cluster --levels 100,200,300 --keep-going

Before each site's levels it measures every tier's CPU with no table playing (``--idle-seconds``)
and fits the capacity model of docs/operations.md: a tier's cores are its idle spending plus
``c x (moves/s)^k``. Fitted on the idle window and the lowest and highest levels, the model's
prediction for every level between them is printed beside the measured figure (with two levels,
the straight line fitted on the first is checked on the second).

Rolling restart (issue 33): ``--rolling-restart N`` starts only the cluster, lets N tables play
through HAProxy, runs ``make cluster-restart`` (both daphne, then both workers, one at a time)
while they play, and prints how long each socket was away, each table's longest wait for a
state, every refusal, and whether the action log lost or doubled anything.

Side by side (issue 30): ``--beside VARIANT`` (Pinochle) starts two single-process sites and
plays ``--variant`` on one and VARIANT on the other in the same windows, so both see the same
machine; it prints each daphne's CPU per move and their ratio.

    .venv/bin/python benchmarks/live.py --game pinochle --variant double --beside eight \\
      --levels 60,60,60 --seconds 30 --warmup 20

Overload (issue 33): ``--overload N`` lets N tables play, then N more arrive over the first
half of the measured window (twice the level N). Give it the level where p99 first passed
250 ms in a ``--levels`` run of the same day (the machine's speed varies): it prints the
playing tables' p99 and stalls apart from the newcomers' refusals and when they got in, once
the first N leave, with the playing tables' p99 in each sixth of the window and the load
generator's own CPU and event-loop lateness (it shares the cores: every latency includes its
lateness). ``--sockets-max``, ``--lag-max-ms``, ``--ceiling-ms`` and ``--slow-move-ms`` set
daphne's admission limits (each daphne's, through the cluster too).

    .venv/bin/python benchmarks/live.py --levels 50,100,150,200 --seconds 20 --idle-tables 0
    .venv/bin/python benchmarks/live.py --overload 150 --seconds 30

With ``--cluster`` the overload plays through the cluster instead (HAProxy and two daphne): a
full daphne is marked down by HAProxy's check, and with both down HAProxy itself refuses (503
with ``Retry-After``, which these clients wait like a 4503); the refusals are counted by who
made them, and the CPU of every tier is printed.

    .venv/bin/python benchmarks/live.py --cluster --overload 100 --seconds 30 --warmup 20

``--overload find`` takes the level from ``--levels`` played first on the same site, in the same
run (the hour's speed alike for both): the first whose p99 passes 250 ms. The tables that sat
down but were kept out at the door (a level past what the site takes at that hour) are counted
apart from the tables playing, whose p99 and stalls are the overload's marks.

    .venv/bin/python benchmarks/live.py --cluster --overload find --levels 150,200,250,300,350 \\
      --seconds 30 --warmup 20
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import math
import os
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import random  # noqa: E402
import re  # noqa: E402

from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import (  # noqa: E402
    ConnectionClosed,
    InvalidStatus,
    WebSocketException,
)

from games import registry  # noqa: E402
from sahrat.testing.cluster import ClusterSite  # noqa: E402
from sahrat.testing.live import LiveSite, Site  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
#: the measured site's timings, the single process's and the cluster's alike: a quick seed
#: wait and round break, and sockets enough for every table's seats
SITE_SETTINGS = {
    "SAHRAT_BOT_SECONDS": "0.5",
    "SAHRAT_SEED_SECONDS": "1",
    "SAHRAT_ROUND_BREAK_SECONDS": "1",
    "SAHRAT_AWAY_GRACE_SECONDS": "30",
    "REDIS_MAX_CONNECTIONS": "2000",
}


def stat_fields(pid: int) -> list[str]:
    """A process's ``/proc/<pid>/stat`` after its command name (which may hold spaces): the
    state is ``[0]``, the parent ``[1]``, utime ``[11]``…"""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time so far of these processes and of the children they have reaped
    (``/proc/<pid>/stat``). Over a tier's whole tree of processes, found again at each reading
    (``tier_cpu``), this only grows: a process that ends (a PostgreSQL backend PgBouncer
    closes, an autovacuum worker, a Celery pool process) moves its time into its parent's
    count, and one that starts in the window counts from nothing."""
    total = 0
    for pid in pids:
        try:
            fields = stat_fields(pid)
        except OSError:
            continue
        # utime, stime, cutime, cstime (the stat fields 14 to 17)
        total += int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
    return total / TICKS


def tier_cpu(tiers: Callable[[], dict[str, list[int]]]) -> dict[str, float]:
    """Each tier's CPU seconds so far (``cpu_seconds``), its processes found now: a window's
    figure is the difference of two readings. (Reading the processes found at the start again
    at the end left out those that started in the window and took away the whole lifetime of
    those that ended in it: the cluster's PostgreSQL looked cheaper at its first level than at
    the later ones.)"""
    return {tier: cpu_seconds(pids) for tier, pids in tiers().items()}


async def start_profile(path: str, pid: int, seconds: float) -> asyncio.subprocess.Process:
    """py-spy (``pip install py-spy``, in the venv or on the PATH; not a dependency) sampling the
    daphne process over the measured window, only the thread holding the GIL (where its Python
    CPU goes), as a flame-graph file of collapsed stacks at ``path``."""
    beside = Path(sys.executable).with_name("py-spy")
    spy = str(beside) if beside.exists() else shutil.which("py-spy") or "py-spy"
    return await asyncio.create_subprocess_exec(
        spy,
        "record",
        "--pid",
        str(pid),
        "--duration",
        str(int(seconds)),
        "--rate",
        "250",
        "--gil",
        "--nonblocking",
        "--format",
        "raw",
        "--output",
        path,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )


BUSY = 4503  # a full daphne's refusal: "busy; retry after N s" (docs/protocol.md)


def busy_hint(failure: BaseException | None) -> float | None:
    """The retry hint of a busy refusal, in seconds, or None for any other failure: a full
    daphne's close 4503 ("busy; retry after N s"), or HAProxy's 503 to the opening handshake
    when every daphne is full (its ``Retry-After``)."""
    if isinstance(failure, ConnectionClosed) and failure.rcvd and failure.rcvd.code == BUSY:
        found = re.search(r"retry after (\d+(?:\.\d+)?) ?s", failure.rcvd.reason or "")
        return float(found.group(1)) if found else 5.0
    if isinstance(failure, InvalidStatus) and failure.response.status_code == 503:
        return float(failure.response.headers.get("Retry-After", "5"))
    return None


def reopen_wait(attempt: int, failure: BaseException | None) -> tuple[float, bool]:
    """What the table page waits before reopening (static/js/backoff.js), and whether the close
    was a busy refusal: the hint plus a random share of it after a refusal, else full jitter
    over an exponential backoff, so the clients never come back in lockstep. (A browser cannot
    read HAProxy's 503 and backs off as after any failed opening; this client reads it.)"""
    hint = busy_hint(failure)
    if hint is not None:
        return hint + random.random() * hint, True
    return random.random() * min(10.0, 0.5 * 2**attempt), False


def light_move(view: dict[str, Any]) -> dict[str, Any]:
    """A legal move that costs the load generator nothing: draw from the stock, then throw the
    card drawn (the starter's first turn throws its first card). The server validates and
    applies it like any move; the generator must not steal the server's two cores."""
    if view["phase"] == "draw":
        return {"type": "draw", "from": "stock"}
    return {"type": "throw", "card": view["drawn"] or view["hand"][0]}


class Table:
    """Four sockets of one table; the one on turn acts ``pace`` seconds after the last action."""

    def __init__(
        self,
        site: Site,
        table_id: int,
        cookies: list[str],
        pace: float,
        ports: list[int] | None = None,
        game: str = "banakil",
    ):
        self.site, self.id, self.cookies, self.pace = site, table_id, cookies, pace
        # seat n talks to ports[n % len(ports)]; by default the site's own
        self.ports = ports or [int(site.url.rsplit(":", 1)[1])]
        self.seats = len(cookies)
        # Banakil's light move; any other game's baseline bot
        self.move = light_move if game == "banakil" else registry.get(game).bot
        self.latest: list[tuple[int, int]] = [(0, 0)] * self.seats  # (round_no, event) per seat
        self.pending: tuple[float, tuple[int, int]] | None = None
        self.latencies: list[float] = []
        self.latency_at: list[float] = []  # when each of ``latencies`` ended (perf_counter)
        self.acks: list[float] = []  # send to the mover's own "ok": the server's transaction
        self.sent = 0  # actions sent (the CPU per move divides by them)
        self.sent_at = 0.0
        self.last_action = 0.0
        self.errors = 0
        self.error_codes: list[str] = []
        self.stop = False
        self.heard = time.perf_counter()  # the last state any seat received
        self.reconnects = 0  # sockets that failed to open or closed, and opened again
        self.refused = 0  # of those, refused busy: by a full daphne (4503) or by HAProxy (503)
        self.refused_by_proxy = 0  # of those, by HAProxy: every daphne was full
        self.failed: collections.Counter[str] = collections.Counter()  # the others, by kind
        self.opened = 0  # sockets that got their first state
        self.closed_at: list[float | None] = [None] * self.seats  # a seat's socket, since closed
        self.back_after: list[float] = []  # from a socket's close to the next one's first state
        self.longest_quiet = 0.0  # the longest the table went without any seat hearing a state

    def count_from_now(self) -> None:
        """Forget what the warm-up saw: the figures count from here."""
        self.latencies.clear()
        self.latency_at.clear()
        self.acks.clear()
        self.sent = 0
        self.errors = 0
        self.error_codes.clear()
        self.failed.clear()
        self.back_after.clear()
        self.longest_quiet = 0.0

    async def seat(self, n: int) -> None:
        """Seat ``n``'s socket; like the table page, it opens again when it fails or closes,
        after the page's wait (``reopen_wait``)."""
        attempt = 0
        while not self.stop:
            failure: BaseException | None = None  # None: the server closed it cleanly
            began = time.perf_counter()
            try:
                await self.play_seat(n)
            except (OSError, TimeoutError, WebSocketException) as failed:
                failure = failed
            if self.stop:
                return
            if self.closed_at[n] is None:
                self.closed_at[n] = time.perf_counter()
            if time.perf_counter() - began >= 10:  # it had been steady: start the backoff over
                attempt = 0
            wait, busy = reopen_wait(attempt, failure)
            if busy:
                self.refused += 1
                self.refused_by_proxy += isinstance(failure, InvalidStatus)
            elif failure is not None:
                self.error_codes.append(f"{type(failure).__name__}: {str(failure)[:60]}")
                kind = type(failure).__name__
                if isinstance(failure, InvalidStatus):  # which answer: 502, 504, …
                    kind += f" {failure.response.status_code}"
                self.failed[kind] += 1
            self.reconnects += 1
            attempt += 1
            await asyncio.sleep(wait)

    async def play_seat(self, n: int) -> None:
        port = self.ports[n % len(self.ports)]
        url = f"ws://127.0.0.1:{port}/ws/table/{self.id}/"
        async with connect(
            url,
            origin=f"http://127.0.0.1:{port}",  # the origin of the daphne it connects to
            max_size=2**22,
            additional_headers={"Cookie": self.cookies[n]},
        ) as ws:
            seeded: set[int] = set()
            acted: set[tuple[int, int]] = set()
            async for raw in ws:
                if self.stop:
                    return
                msg = json.loads(raw)
                if msg["type"] == "state" and self.latest[n] == (0, 0):
                    self.opened += 1
                if msg["type"] == "error":
                    self.errors += 1
                    self.error_codes.append(msg["code"])
                    continue
                if msg["type"] == "ok" and self.sent_at:
                    self.acks.append(time.perf_counter() - self.sent_at)
                    continue
                if msg["type"] != "state":
                    continue
                key = (msg["round_no"], msg["event"])
                now = time.perf_counter()
                closed = self.closed_at[n]
                if closed is not None:
                    self.back_after.append(now - closed)
                    self.closed_at[n] = None
                self.longest_quiet = max(self.longest_quiet, now - self.heard)
                self.heard = now
                self.latest[n] = max(self.latest[n], key)
                if self.pending and all(k >= self.pending[1] for k in self.latest):
                    self.latency_at.append(time.perf_counter())
                    self.latencies.append(self.latency_at[-1] - self.pending[0])
                    self.pending = None
                rnd, view = msg["round"], msg["view"]
                if rnd and rnd["status"] == "seeding" and rnd["number"] not in seeded:
                    seeded.add(rnd["number"])
                    await ws.send(json.dumps({"type": "ready", "seed": secrets.token_hex(4)}))
                if (
                    view is None
                    or view["phase"] == "ended"
                    or view.get("result") is not None
                    or view["turn"] != n
                    or msg["match"]["status"] != "playing"
                    or key in acted
                ):
                    continue
                acted.add(key)
                action = self.move(view)  # chosen before the pause: not in the latency
                wait = self.last_action + self.pace - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
                if self.stop:
                    return
                self.last_action = self.sent_at = time.perf_counter()
                self.sent += 1
                self.pending = (self.last_action, (key[0], key[1] + 1))
                await ws.send(
                    json.dumps({"type": "action", "action": action, "turn_no": view["turn_no"]})
                )


class IdleTable:
    """Two seats whose players let their turns time out, each moving at once on every third of
    its turns (three time-outs in a row would mark it away, and the match ends when both are):
    how late the clock's moves reach both seats, under the busy tables' load."""

    def __init__(self, site: Site, table_id: int, cookies: list[str]):
        self.site, self.id, self.cookies = site, table_id, cookies
        self.since = 0.0  # deadlines before this (the warm-up) are not counted
        # (round_no, turn_no) of the turns left to the clock -> their deadlines
        self.deadlines: dict[tuple[int, int], float] = {}
        self.arrivals: dict[tuple[int, int], list[float]] = {}  # when each seat heard a turn
        self.sent = 0  # the players' own moves (counted with the load's moves)
        self.stop = False

    async def seat(self, n: int) -> None:
        while not self.stop:
            try:
                await self.watch(n)
            except (OSError, TimeoutError, WebSocketException):
                pass
            if not self.stop:
                await asyncio.sleep(0.5)

    async def watch(self, n: int) -> None:
        url = self.site.ws_url(f"/ws/table/{self.id}/")
        headers = {"Cookie": self.cookies[n]}
        async with connect(url, origin=self.site.url, additional_headers=headers) as ws:
            turns = 0  # this seat's turns so far
            acting: tuple[int, int] | None = None  # the turn this seat plays itself
            seen: set[tuple[int, int, str]] = set()
            async for raw in ws:
                now = time.time()
                msg = json.loads(raw)
                view = msg.get("view")
                if self.stop:
                    return
                if msg.get("type") != "state" or view is None or view["phase"] == "ended":
                    continue
                turn_no = view["turn_no"]
                turn = (msg["round_no"], turn_no)
                self.arrivals.setdefault(turn, []).append(now)
                if view["turn"] != view["seat"] or msg["match"]["status"] != "playing":
                    continue
                if (*turn, "") not in seen:  # this seat's turn begins
                    seen.add((*turn, ""))
                    turns += 1
                    acting = turn if turns % 3 == 0 else None
                if acting != turn:
                    deadline = msg["clock"]["deadline"]
                    if deadline:
                        at = datetime.fromisoformat(deadline).timestamp()
                        if at >= self.since:
                            self.deadlines[turn] = at
                    continue
                if (*turn, view["phase"]) in seen:
                    continue
                seen.add((*turn, view["phase"]))
                self.sent += 1
                action = light_move(view)
                await ws.send(json.dumps({"type": "action", "action": action, "turn_no": turn_no}))

    def written_late(self, written: dict[int, list[float]]) -> list[float]:
        """For each turn left to the clock: from its deadline to the time-out's first action
        row (``written``: round_no -> the times of the clock's rows, in order), so the server's
        delay shows apart from the delivery's. A time-out is never written before its
        deadline: each deadline takes the first row at or after it."""
        late = []
        for (round_no, _turn_no), deadline in sorted(self.deadlines.items()):
            rows = written.get(round_no, [])
            at = next((t for t in rows if t >= deadline - 0.01), None)
            if at is not None:
                late.append(at - deadline)
                rows.remove(at)
        return late

    def lateness(self) -> list[float]:
        """For each turn left to the clock: from its deadline to both seats holding the next
        turn's state."""
        late = []
        for (round_no, turn_no), deadline in self.deadlines.items():
            reached = self.arrivals.get((round_no, turn_no + 1), [])
            if len(reached) >= 2:
                late.append(sorted(reached)[1] - deadline)
        return late


async def arrive(players: list[Table], seconds: float) -> list[asyncio.Task[None]]:
    """Every seat's socket of these tables opened, the tables arriving over the first half of
    ``seconds`` (as players would, not in one burst), then the second half waited: the tasks
    that play the seats."""
    tasks: list[asyncio.Task[None]] = []
    for p in players:
        tasks += [asyncio.create_task(p.seat(n)) for n in range(p.seats)]
        await asyncio.sleep(seconds / 2 / len(players))
    await asyncio.sleep(seconds / 2)
    return tasks


def time_outs_written(site: Site, tables: list[int]) -> dict[int, dict[int, list[float]]]:
    """The clock's action rows at these tables: table -> round_no -> when each was written, in
    order (a time-out may play more than one action: draw, then throw)."""
    rows = site.query(
        "from games.models import Action\n"
        "result = [[a.round.match.table_id, a.round.number, a.created_at.timestamp()] "
        f"for a in Action.objects.filter(round__match__table_id__in={tables!r}, actor='timeout')"
        ".select_related('round__match').order_by('round', 'seq')]"
    )
    written: dict[int, dict[int, list[float]]] = {}
    for table, round_no, at in rows:
        written.setdefault(table, {}).setdefault(round_no, []).append(at)
    return written


def make_tables(
    site: Site, count: int, options: dict[str, Any] | None = None, game: str = "banakil"
) -> list[tuple[int, list[str]]]:
    """``count`` started free tables of new players, with their session cookies."""
    options = options or {"target": 2000}
    players = registry.get(game).options(options).players  # the seats the mode has
    data = site.query(
        "from django.contrib.auth import get_user_model\n"
        "from django.contrib.sessions.backends.db import SessionStore\n"
        "from django.contrib.auth import SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY\n"
        "from games import live\nfrom lobby import services\n"
        "U = get_user_model()\nresult = []\n"
        "import uuid\n"
        f"for t in range({count}):\n"
        f"    users = [U.objects.create(username=f'b{{uuid.uuid4().hex[:10]}}') "
        f"for _ in range({players})]\n"
        f"    table = services.create_table(users[0], {options!r}, {game!r})\n"
        "    for u in users[1:]:\n        services.sit(u, table)\n"
        "    live.start(users[0], table.pk)\n"
        "    cookies = []\n"
        "    for u in users:\n"
        "        s = SessionStore(); s[SESSION_KEY] = str(u.pk)\n"
        "        s[BACKEND_SESSION_KEY] = 'django.contrib.auth.backends.ModelBackend'\n"
        "        s[HASH_SESSION_KEY] = u.get_session_auth_hash(); s.create()\n"
        "        cookies.append('sessionid=' + s.session_key)\n"
        "    result.append([table.pk, cookies])\n"
    )
    return [(t, c) for t, c in data]


def percentile(sorted_values: list[float], p: float) -> float:
    return sorted_values[max(0, int(len(sorted_values) * p) - 1)]


async def run_level(
    site: Site,
    tables: list[tuple[int, list[str]]],
    pace: float,
    seconds: float,
    warmup: float,
    ports: list[int] | None = None,
    game: str = "banakil",
    profile: str | None = None,
    idle_tables: list[tuple[int, list[str]]] | None = None,
    tiers: Callable[[], dict[str, list[int]]] | None = None,
) -> dict[str, Any]:
    """One level's figures. ``tiers``: the processes whose CPU is counted, by tier (by default
    the site's daphne and worker)."""
    players = [Table(site, t, cookies, pace, ports, game) for t, cookies in tables]
    idle = [IdleTable(site, t, cookies) for t, cookies in idle_tables or []]
    tasks = [asyncio.create_task(t.seat(n)) for t in idle for n in range(2)]
    tasks += await arrive(players, warmup)
    if tiers is None:
        assert isinstance(site, LiveSite), "a cluster's tiers are given (cluster_tiers)"
        tiers = site_tiers(site)
    for p in players:  # what the warm-up saw is not counted (late arrivals' turns time out)
        p.count_from_now()
    for t in idle:
        t.since, t.sent = time.time(), 0
    start = time.perf_counter()
    cpu_start = tier_cpu(tiers)
    spy = await start_profile(profile, tiers()["daphne"][0], seconds) if profile else None
    await asyncio.sleep(seconds)
    now = time.perf_counter()
    cpu = {tier: spent - cpu_start[tier] for tier, spent in tier_cpu(tiers).items()}
    late = sorted(x for t in idle for x in t.lateness())
    written = time_outs_written(site, [t.id for t in idle]) if idle else {}
    late_written = sorted(x for t in idle for x in t.written_late(written.get(t.id, {})))
    # every move the server made in the window: the busy tables', the idle players' own, and
    # the clock's (as many as reached their seats: the few still on their way are not counted)
    moves = sum(p.sent for p in players) + sum(t.sent for t in idle) + len(late)
    elapsed = now - start
    stalled = sum(1 for p in players if now - p.heard > 3 * pace)
    for p in players:
        p.stop = True
    for t in idle:
        t.stop = True
    latencies = sorted(x for p in players for x in p.latencies)
    acks = sorted(x for p in players for x in p.acks)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    if spy is not None:
        await spy.wait()
    if not latencies:
        return {"tables": len(tables), "actions_per_s": 0.0, "p50_ms": None, "p99_ms": None}
    return {
        "time_outs": len(late),
        "time_out_p50_ms": statistics.median(late) * 1000 if late else None,
        "time_out_p99_ms": percentile(late, 0.99) * 1000 if late else None,
        "written_p50_ms": statistics.median(late_written) * 1000 if late_written else None,
        "written_p99_ms": percentile(late_written, 0.99) * 1000 if late_written else None,
        "tables": len(tables),
        "actions_per_s": len(latencies) / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p95_ms": percentile(latencies, 0.95) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "ack_p50_ms": statistics.median(acks) * 1000 if acks else None,
        "errors": sum(p.errors for p in players),
        "stalled": stalled,
        "reconnects": sum(p.reconnects for p in players),
        "refused": sum(p.refused for p in players),
        "sockets": sum(p.seats for p in players),
        "daphne_cpu_ms": cpu["daphne"] * 1000 / max(moves, 1),
        "worker_cpu_ms": cpu["worker"] * 1000 / max(moves, 1),
        "tier_cpu_ms": {tier: used * 1000 / max(moves, 1) for tier, used in cpu.items()},
        "daphne_core": cpu["daphne"] / elapsed,
        "moves_per_s": moves / elapsed,
        "error_codes": sorted({c for p in players for c in p.error_codes}),
    }


class GeneratorLoad:
    """The load generator's own share of a window: its CPU (this process, in cores) and how late
    its event loop woke to a probe every 0.1 s (as daphne's admission probe does). Every
    latency it measures includes that lateness: on this machine the generator shares the two
    cores with the site, and a figure taken while its own loop was late is partly its own."""

    PROBE_SECONDS = 0.1

    def __init__(self) -> None:
        self.lateness: list[float] = []
        self.started = time.perf_counter()
        self.cpu = time.process_time()
        self.task = asyncio.create_task(self._probe())

    async def _probe(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(self.PROBE_SECONDS)
            self.lateness.append(max(0.0, loop.time() - asked - self.PROBE_SECONDS))

    async def stop(self) -> dict[str, float]:
        """Its CPU in cores and its loop's lateness (p99, worst) in ms over the window."""
        cores = (time.process_time() - self.cpu) / (time.perf_counter() - self.started)
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)
        late = sorted(self.lateness) or [0.0]
        return {
            "cores": cores,
            "late_p99_ms": percentile(late, 0.99) * 1000,
            "late_max_ms": late[-1] * 1000,
        }


async def run_overload(
    site: Site,
    holders: list[tuple[int, list[str]]],
    newcomers: list[tuple[int, list[str]]],
    pace: float,
    seconds: float,
    warmup: float,
    after: float,
    tiers: Callable[[], dict[str, list[int]]],
) -> dict[str, Any]:
    """Overload (issue 33): ``holders`` tables arrive and play through the warm-up, then as
    many ``newcomers`` arrive over the first half of the measured window. The figures of the
    tables already playing (p99, stalled) are taken apart from the newcomers' (refused busy,
    sockets reopened, in by the end of the window). Then the holders leave (the load falls)
    and the newcomers still out have ``after`` seconds to get in. ``tiers``: the processes
    whose CPU is counted (each tier's share of a core over the window)."""
    held = [Table(site, t, cookies, pace) for t, cookies in holders]
    coming = [Table(site, t, cookies, pace) for t, cookies in newcomers]
    holding = await arrive(held, warmup)
    for p in held:
        p.count_from_now()
        p.reconnects = p.refused = p.refused_by_proxy = 0
    # the tables playing: every seat in by the end of the warm-up; the others were kept out at
    # the door as they sat down (the level was past what the site takes at this hour)
    playing = [p for p in held if p.opened == p.seats]
    kept_out = [p for p in held if p.opened < p.seats]
    start = time.perf_counter()
    cpu_start = tier_cpu(tiers)
    generator = GeneratorLoad()
    tasks = await arrive(coming, seconds)
    now = time.perf_counter()
    generated = await generator.stop()
    cores = {
        tier: (spent - cpu_start[tier]) / (now - start) for tier, spent in tier_cpu(tiers).items()
    }
    latencies = sorted(x for p in playing for x in p.latencies)
    in_by_end = sum(1 for p in coming if p.opened == p.seats)
    # the tables playing's p99 in each sixth of the window: when the newcomers cost them most
    sixth = (now - start) / 6
    slices: list[list[float]] = [[] for _ in range(6)]
    for p in playing:
        for x, at in zip(p.latencies, p.latency_at, strict=True):
            slices[min(5, max(0, int((at - start) / sixth)))].append(x)
    figures: dict[str, Any] = {
        "holders": len(playing),
        "holders_p50_ms": statistics.median(latencies) * 1000 if latencies else None,
        "holders_p99_ms": percentile(latencies, 0.99) * 1000 if latencies else None,
        "holders_p99_by_sixth_ms": [
            percentile(sorted(x), 0.99) * 1000 if x else None for x in slices
        ],
        "holders_stalled": sum(1 for p in playing if now - p.heard > 3 * pace),
        "kept_out": len(kept_out),
        "kept_out_in_by_end": sum(1 for p in kept_out if p.opened == p.seats),
        "holders_reopened": sum(p.reconnects for p in held),
        "holders_refused": sum(p.refused for p in held),
        "newcomers": len(coming),
        "newcomers_refused": sum(p.refused for p in coming),
        "newcomers_refused_by_proxy": sum(p.refused_by_proxy for p in coming),
        "newcomers_reopened": sum(p.reconnects for p in coming),
        "newcomers_reopened_not_busy": sum(p.reconnects - p.refused for p in coming),
        "newcomers_in_by_end": in_by_end,
        "failures": sum((p.failed for p in held + coming), collections.Counter()).most_common(4),
        "sockets": sum(p.seats for p in held + coming),
        "moves_per_s": (sum(p.sent for p in held) + sum(p.sent for p in coming)) / (now - start),
        "cores": cores,
        "generator": generated,
    }
    for p in held:  # the load falls: the first tables' players leave, their sockets close
        p.stop = True
    for task in holding:
        task.cancel()
    await asyncio.gather(*holding, return_exceptions=True)
    deadline = time.perf_counter() + after
    while time.perf_counter() < deadline and any(p.opened < p.seats for p in coming):
        await asyncio.sleep(0.5)
    figures["newcomers_in_after"] = sum(1 for p in coming if p.opened == p.seats)
    figures["seconds_to_all_in"] = (
        time.perf_counter() - now if figures["newcomers_in_after"] == len(coming) else None
    )
    for p in coming:
        p.stop = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return figures


async def time_out_lateness(
    site: LiveSite, tables: list[tuple[int, list[str]]], seconds: float
) -> list[float]:
    """Nobody plays: how long after each turn's deadline its time-out move (the state of the
    next turn) has reached every seat of the table."""
    arrivals: dict[tuple[int, int], list[float]] = {}
    deadlines: dict[tuple[int, int], float] = {}

    async def watch(table_id: int, cookie: str) -> None:
        url = site.ws_url(f"/ws/table/{table_id}/")
        async with connect(url, origin=site.url, additional_headers={"Cookie": cookie}) as ws:
            async for raw in ws:
                now = time.time()
                msg = json.loads(raw)
                view = msg.get("view")
                if msg.get("type") != "state" or view is None:
                    continue
                key = (table_id, view["turn_no"])
                if msg["clock"]["deadline"]:
                    deadlines[key] = datetime.fromisoformat(msg["clock"]["deadline"]).timestamp()
                arrivals.setdefault(key, []).append(now)

    tasks = [asyncio.create_task(watch(t, c)) for t, cookies in tables for c in cookies]
    await asyncio.sleep(seconds)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    late = []
    for (table_id, turn_no), deadline in deadlines.items():
        seats = len(next(c for t, c in tables if t == table_id))
        reached = arrivals.get((table_id, turn_no + 1), [])
        if len(reached) >= seats:
            late.append(sorted(reached)[seats - 1] - deadline)
    return sorted(late)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--levels", default="50,100,150,200,250,300,400")
    parser.add_argument("--game", default="banakil", choices=[g for g, _ in registry.choices()])
    parser.add_argument(
        "--variant",
        default="single",
        choices=[m.options["variant"] for m in registry.get("pinochle").modes],
        help="Pinochle: the variant its tables play (single, double, three, two, cutthroat, six "
        "or eight; each table seats as many clients as the variant has seats)",
    )
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between a table's actions")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time per level")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument(
        "--idle-seconds",
        type=float,
        default=15.0,
        help="with --cluster: each site's CPU measured this long with no table, for the model",
    )
    parser.add_argument(
        "--idle-tables",
        type=int,
        default=40,
        help="two-seat Banakil tables left to the clock beside each level, for its time-outs",
    )
    parser.add_argument("--db-threads", type=int, default=0, help="daphne's SAHRAT_DB_THREADS")
    parser.add_argument(
        "--worker-processes",
        type=int,
        default=2,
        help="the Celery worker's processes (2, as `manage.py serve` starts it)",
    )
    parser.add_argument(
        "--profile",
        metavar="PATH",
        help="py-spy's collapsed stacks of daphne over each level's measured window "
        "(PATH-<tables>.txt; needs py-spy in the venv)",
    )
    parser.add_argument(
        "--keep-going", action="store_true", help="measure every level, past the saturation"
    )
    parser.add_argument(
        "--overload",
        type=overload_level,
        metavar="TABLES|find",
        help="overload mode (Banakil): TABLES tables play, then as many again arrive; give it "
        "the level where p99 first passes 250 ms (the saturation line of a --levels run) to "
        "drive twice that level, or 'find' to play --levels on the same site first and take "
        "that level from them. Prints the playing tables' p99 and stalls apart from the "
        "newcomers' refusals (4503, or with --cluster HAProxy's 503) and when they got in",
    )
    parser.add_argument(
        "--cluster",
        action="store_true",
        help="then the same levels through the cluster (make cluster: HAProxy, PgBouncer, "
        "PostgreSQL primary + replica, sharded Redis), each tier's CPU per move beside the "
        "single process's (whose PostgreSQL and Redis are every such process on the machine)",
    )
    parser.add_argument(
        "--sockets-max",
        type=int,
        default=0,
        help="daphne's SAHRAT_SOCKETS_MAX_PER_PROCESS (0: the default)",
    )
    parser.add_argument(
        "--lag-max-ms",
        type=int,
        default=-1,
        help="daphne's SAHRAT_LOOP_LAG_MAX_MS (-1: the default, 250; 0: off)",
    )
    parser.add_argument(
        "--ceiling-ms",
        type=int,
        default=-1,
        help="daphne's SAHRAT_LOOP_LAG_CEILING_MS (-1: the default, 100; 0: off)",
    )
    parser.add_argument(
        "--slow-move-ms",
        type=int,
        default=-1,
        help="daphne's SAHRAT_MOVE_SLOW_MS (-1: the default, 500; 0: off)",
    )
    parser.add_argument(
        "--beside",
        metavar="VARIANT",
        help="with --game pinochle: a second site plays this variant at the same levels in the "
        "same windows (the machine's speed alike for both); each daphne's CPU per move and "
        "their ratio",
    )
    parser.add_argument(
        "--rolling-restart",
        type=int,
        metavar="TABLES",
        help="only the cluster: TABLES tables play while make cluster-restart restarts every "
        "daphne and worker, one at a time; prints what the players saw of it",
    )
    args = parser.parse_args()
    if args.rolling_restart:
        rolling_restart(args)
        return
    admission = admission_settings(args)
    if args.overload and args.cluster:
        overload_through_cluster(args, admission)
        return
    levels = [int(x) for x in args.levels.split(",")]
    if args.beside:
        play_beside(args, levels)
        return
    with tempfile.TemporaryDirectory(prefix="sahrat-live-bench-") as tmp:
        site = LiveSite(
            Path(tmp),
            workers=args.worker_processes,
            debug=False,
            **SITE_SETTINGS,
            **({"SAHRAT_DB_THREADS": str(args.db_threads)} if args.db_threads else {}),
            **admission,
        )
        with site:
            if args.overload:
                overload(site, args)
                return
            database = "PostgreSQL" if site._pg_admin else "SQLite (embedded default)"
            print(
                f"live benchmark: {args.game}"
                + (f" ({args.variant})" if args.game == "pinochle" else "")
                + f", one daphne process, {database}, pace 1 action / "
                f"{args.pace:g} s per table, {args.seconds:g} s measured per level"
            )
            if args.cluster:
                beside_the_cluster(site, args, levels)
            else:
                play_levels(site, args, levels)


def admission_settings(args: argparse.Namespace) -> dict[str, str]:
    """Daphne's admission limits given on the command line (the site's own defaults else)."""
    admission = {}
    if args.sockets_max:
        admission["SAHRAT_SOCKETS_MAX_PER_PROCESS"] = str(args.sockets_max)
    if args.lag_max_ms >= 0:
        admission["SAHRAT_LOOP_LAG_MAX_MS"] = str(args.lag_max_ms)
    if args.ceiling_ms >= 0:
        admission["SAHRAT_LOOP_LAG_CEILING_MS"] = str(args.ceiling_ms)
    if args.slow_move_ms >= 0:
        admission["SAHRAT_MOVE_SLOW_MS"] = str(args.slow_move_ms)
    return admission


def play_levels(
    site: Site,
    args: argparse.Namespace,
    levels: list[int],
    ports: list[int] | None = None,
    tiers: Callable[[], dict[str, list[int]]] | None = None,
    label: str = "",
    summary: bool = True,
) -> list[dict[str, Any]]:
    """Each level in turn, a line of figures each (``label`` before it), until the first whose
    p99 passes 250 ms (every level with ``--keep-going``); their figures. ``summary``: then a
    line saying where p99 passed 250 ms."""
    saturated = None
    measured = []
    for level in levels:
        options = {"variant": args.variant} if args.game == "pinochle" else None
        tables = make_tables(site, level, options, args.game)
        idle = (
            make_tables(site, args.idle_tables, {"players": 2, "turn_seconds": 5, "bots": False})
            if args.game == "banakil"
            else []
        )
        figures = asyncio.run(
            run_level(
                site,
                tables,
                args.pace,
                args.seconds,
                args.warmup,
                ports=ports,
                game=args.game,
                profile=f"{args.profile}-{level}.txt" if args.profile else None,
                idle_tables=idle,
                tiers=tiers,
            )
        )
        measured.append(figures)
        p50, p99 = figures["p50_ms"], figures["p99_ms"]
        print(
            f"  {label}{level:4d} tables: {figures['actions_per_s']:7.1f} actions/s, "
            f"p50 {p50 or 0:7.1f} ms, p99 {p99 or 0:7.1f} ms "
            f"(mover's ok p50 {figures.get('ack_p50_ms') or 0:.1f} ms), "
            f"errors {figures.get('errors', 0)} {figures.get('error_codes', '')}, "
            f"stalled tables {figures.get('stalled', 0)}, "
            f"sockets reopened {figures.get('reconnects', 0)} "
            f"(refused busy {figures.get('refused', 0)}) of {figures.get('sockets', 0)}; "
            "CPU per move: "
            f"daphne {figures.get('daphne_cpu_ms', 0):.2f} ms "
            f"({figures.get('daphne_core', 0):.0%} of a core), "
            f"worker {figures.get('worker_cpu_ms', 0):.2f} ms",
            flush=True,
        )
        if figures.get("time_outs"):
            print(
                f"        time-outs on {args.idle_tables} idle tables beside them: "
                f"{figures['time_outs']} reached every seat p50 "
                f"{figures['time_out_p50_ms']:.0f} ms, p99 "
                f"{figures['time_out_p99_ms']:.0f} ms after the deadline "
                "[target p99 < 250 ms at 200 tables]; their action rows written p50 "
                f"{figures['written_p50_ms'] or 0:.0f} ms, "
                f"p99 {figures['written_p99_ms'] or 0:.0f} "
                "ms after the deadline",
                flush=True,
            )
        if tiers is not None and "tier_cpu_ms" in figures:
            each = ", ".join(f"{t} {ms:.2f}" for t, ms in figures["tier_cpu_ms"].items())
            print(f"        CPU ms per move by tier: {each}", flush=True)
        end_matches(site)
        if saturates(figures) and not saturated:
            saturated = figures
        if saturated and not args.keep_going:
            break
    if summary and saturated:
        print(
            f"saturation: p99 passes 250 ms at {saturated['tables']} tables "
            f"({saturated['actions_per_s']:.1f} actions/s)"
        )
    elif summary:
        print(f"no saturation up to {levels[-1]} tables")
    return measured


def saturates(figures: dict[str, Any]) -> bool:
    """A level whose p99 passed ``P99_MARK_MS`` (or that measured none)."""
    return figures["p99_ms"] is None or figures["p99_ms"] > P99_MARK_MS


def end_matches(site: Site) -> None:
    """End a level's matches (their rounds stop playing too)."""
    site.python(
        "from lobby.models import Table\n"
        "from games.models import Match, Round\n"
        "Round.objects.update(status='finished')\n"
        "Match.objects.update(status='abandoned')\n"
        "Table.objects.update(status='finished')"
    )


def play_beside(args: argparse.Namespace, levels: list[int]) -> None:
    """``--beside B``: two single-process sites at once, one playing ``--variant``, the other
    ``B``, each level in the same window on both. This machine's speed swings within minutes,
    so two variants measured one after the other can differ by a third for no reason of
    their own; measured side by side, both see the same machine."""
    variants = [args.variant, args.beside]
    print(
        f"live benchmark, side by side: pinochle {variants[0]} and {variants[1]}, one daphne "
        f"process each, pace 1 action / {args.pace:g} s per table, {args.seconds:g} s measured",
        flush=True,
    )
    with (
        tempfile.TemporaryDirectory(prefix="sahrat-live-bench-") as a,
        tempfile.TemporaryDirectory(prefix="sahrat-live-bench-") as b,
    ):
        sites = [
            LiveSite(Path(tmp), workers=args.worker_processes, debug=False, **SITE_SETTINGS)
            for tmp in (a, b)
        ]
        with sites[0], sites[1]:
            for level in levels:
                tables = [
                    make_tables(site, level, {"variant": v}, "pinochle")
                    for site, v in zip(sites, variants, strict=True)
                ]

                async def both(tables: list[list[tuple[int, list[str]]]] = tables) -> list[Any]:
                    return await asyncio.gather(
                        *(
                            run_level(
                                site, t, args.pace, args.seconds, args.warmup, game="pinochle"
                            )
                            for site, t in zip(sites, tables, strict=True)
                        )
                    )

                figures = asyncio.run(both())
                cpu = [f.get("daphne_cpu_ms", 0.0) for f in figures]
                print(
                    f"  {level:4d} tables each: "
                    + ", ".join(
                        f"{v} daphne {ms:.2f} ms a move (p99 {f.get('p99_ms') or 0:.0f} ms, "
                        f"{f.get('stalled', 0)} stalled)"
                        for v, ms, f in zip(variants, cpu, figures, strict=True)
                    )
                    + f"; {variants[1]} / {variants[0]} = {cpu[1] / cpu[0]:.2f}",
                    flush=True,
                )
                for site in sites:
                    end_matches(site)


def cluster_site(**settings: str) -> ClusterSite:
    """``make cluster`` with the single site's settings (and ``settings``) and, like it, DEBUG
    off: a cluster left at the default (DEBUG on) records every query in each process (Django's
    debug cursor, seen in py-spy), a cost the comparison would have put on the topology."""
    return ClusterSite(
        **SITE_SETTINGS,
        **settings,
        DEBUG="false",
        SECRET_KEY=secrets.token_hex(32),
        SECURE_SSL_REDIRECT="false",  # plain http on 127.0.0.1
    )


def descendants(pids: list[int]) -> list[int]:
    """These processes and every process below them (PostgreSQL's backends, Celery's pool)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        pid = int(stat.parent.name)
        try:
            parent = int(stat_fields(pid)[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(pid)
    found, todo = [], list(pids)
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def site_tiers(site: LiveSite) -> Callable[[], dict[str, list[int]]]:
    """A single process's daphne and worker."""
    return lambda: {"daphne": site.pids("daphne"), "worker": site.pids("worker")}


def single_tiers(site: LiveSite) -> Callable[[], dict[str, list[int]]]:
    """The single process's tiers: its daphne, worker and beat, and the database and Redis servers
    it uses: the PostgreSQL postmaster of ``DATABASE_URL`` with every backend below it, and the
    ``redis-server`` of ``REDIS_URL`` (not every such process on the machine: the cluster's own
    run beside them, and the embedded default's SQLite has no server). Run it where no other
    site uses those servers."""
    postmaster, redis = single_postmaster(site), single_redis(site)

    def tiers() -> dict[str, list[int]]:
        found = {**site_tiers(site)(), "beat": site.pids("beat")}
        if postmaster:
            found["postgres"] = descendants([postmaster])
        if redis:
            found["redis"] = descendants([redis])
        return found

    return tiers


def single_postmaster(site: LiveSite) -> int | None:
    """The postmaster of the single process's PostgreSQL (the parent of a backend it opens for
    us); None on the embedded default (SQLite)."""
    if site._pg_admin is None:
        return None
    import psycopg

    with psycopg.connect(site._pg_admin) as connection:
        return int(stat_fields(connection.info.backend_pid)[1])


def single_redis(site: LiveSite) -> int:
    """The ``redis-server`` process of the single process's Redis (its ``INFO``)."""
    import redis

    client = redis.Redis.from_url(site.env["REDIS_URL"])
    try:
        return int(client.info("server")["process_id"])
    finally:
        client.close()


#: the cluster's supervised programs (``supervisorctl status``) by tier; the replica is a tier
#: of its own (its WAL receiver and replay), so the ratio can be read with and without it
CLUSTER_TIERS = {
    "daphne": "daphne",
    "worker": "worker",
    "beat": "beat",
    "haproxy": "haproxy",
    "pgbouncer": "pgbouncer",
    "pg-primary": "postgres",
    "pg-replica": "replica",
    "redis-channels": "redis",
    "redis-celery": "redis",
}


def cluster_tiers(site: ClusterSite) -> Callable[[], dict[str, list[int]]]:
    def tiers() -> dict[str, list[int]]:
        found: dict[str, list[int]] = {t: [] for t in dict.fromkeys(CLUSTER_TIERS.values())}
        for line in site.supervisorctl("status").splitlines():
            match = re.match(r"(\S+)\s+RUNNING\s+pid (\d+)", line)
            if match:
                program = match.group(1).split(":")[0]
                if program in CLUSTER_TIERS:
                    found[CLUSTER_TIERS[program]] += descendants([int(match.group(2))])
        return found

    return tiers


def idle_cores(tiers: Callable[[], dict[str, list[int]]], seconds: float) -> dict[str, float]:
    """Each tier's CPU with no table playing, in cores (CPU seconds a second): what its
    processes spend on their own (health checks, heartbeats, the sweep, the replica's
    replay), whatever the load."""
    start = tier_cpu(tiers)
    time.sleep(seconds)
    return {tier: (spent - start[tier]) / seconds for tier, spent in tier_cpu(tiers).items()}


def marginal_ms(idle: dict[str, float], level: dict[str, Any]) -> dict[str, float]:
    """Each tier's CPU ms per move beyond its idle spending, from one level's figures."""
    rate = level["moves_per_s"]
    return {
        tier: ms - idle.get(tier, 0.0) * 1000 / rate for tier, ms in level["tier_cpu_ms"].items()
    }


def predicted_ms(
    idle: dict[str, float], marginal: dict[str, float], rate: float
) -> dict[str, float]:
    """The linear model: a tier's CPU per move at ``rate`` moves a second is its marginal cost
    per move plus its idle spending shared over the moves."""
    return {tier: ms + idle.get(tier, 0.0) * 1000 / rate for tier, ms in marginal.items()}


#: the p99 a level must keep for its load to count as a process's planned load
P99_MARK_MS = 250.0

#: the tiers that stay one process however large the site (the others grow into fleets)
SINGLE = ("beat",)

#: a tier's load exponent is kept within these (1: no economy of scale)
EXPONENT_RANGE = (0.5, 1.0)

#: the tiers that do no work for a move: beat sends the schedule's tasks whatever the tables
#: do. Its cost is a constant, fitted like the others on the two loaded levels; the idle window
#: is no guide to it, because a loaded machine wakes beat late and a late interval schedule
#: sends less often (0.020 cores under load against 0.030 idle, measured)
CONSTANT = ("beat",)


def cores_at(level: dict[str, Any], tier: str) -> float:
    """A tier's CPU at a measured level, in cores."""
    return float(level["tier_cpu_ms"].get(tier, 0.0)) * level["moves_per_s"] / 1000


def fitted_idle(
    idle: dict[str, float], low: dict[str, Any], high: dict[str, Any]
) -> dict[str, float]:
    """The idle spending with each ``CONSTANT`` tier's taken as the mean of its cores at the two
    loaded levels."""
    return {
        **idle,
        **{
            tier: (cores_at(low, tier) + cores_at(high, tier)) / 2
            for tier in CONSTANT
            if tier in low["tier_cpu_ms"]
        },
    }


def scale_model(
    idle: dict[str, float], low: dict[str, Any], high: dict[str, Any]
) -> dict[str, tuple[float, float]]:
    """The capacity model (docs/operations.md): each tier's cores are its idle spending plus
    ``c × rate^k`` at ``rate`` moves a second, ``k`` at most 1 because a busier process
    serves more per wake-up. ``c`` and ``k`` come from two loaded levels (``low`` and
    ``high``); where the two give no usable exponent, ``k`` is 1 (the linear model). A
    ``CONSTANT`` tier has no ``c`` (its cores are its idle spending: ``fitted_idle``)."""
    model = {}
    r1, r2 = low["moves_per_s"], high["moves_per_s"]
    for tier, ms in low["tier_cpu_ms"].items():
        if tier in CONSTANT:
            model[tier] = (0.0, 1.0)
            continue
        y1 = ms * r1 / 1000 - idle.get(tier, 0.0)
        y2 = high["tier_cpu_ms"].get(tier, 0.0) * r2 / 1000 - idle.get(tier, 0.0)
        k = 1.0
        if y1 > 0 and y2 > 0 and abs(math.log(r2 / r1)) > 0.1:
            k = min(
                max(math.log(y2 / y1) / math.log(r2 / r1), EXPONENT_RANGE[0]), EXPONENT_RANGE[1]
            )
        model[tier] = (max(y1, 0.0) / r1**k, k)
    return model


def scale_ms(
    idle: dict[str, float], model: dict[str, tuple[float, float]], rate: float
) -> dict[str, float]:
    """Each tier's CPU ms per move at ``rate`` moves a second, by ``scale_model``."""
    return {
        tier: (idle.get(tier, 0.0) + c * rate**k) * 1000 / rate for tier, (c, k) in model.items()
    }


def print_check(tables: int, guess: dict[str, float], measured: dict[str, float]) -> None:
    parts = []
    for tier, ms in measured.items():
        error = (guess[tier] - ms) / ms if ms else 0.0
        parts.append(f"{tier} {guess[tier]:.2f}/{ms:.2f} ({error:+.0%})")
    total_guess, total = sum(guess.values()), sum(measured.values())
    print(
        f"  {tables:4d} tables, predicted/measured ms per move: "
        + ", ".join(parts)
        + f"; every tier {total_guess:.2f}/{total:.2f} ({(total_guess - total) / total:+.0%})"
        + " [target within 20%]"
    )


def print_model(
    name: str, idle: dict[str, float], measured: list[dict[str, Any]], pace: float
) -> dict[str, float]:
    """The capacity model, fitted on the idle window and the lowest and highest levels and
    checked against every level between them (each tier's predicted CPU per move beside the
    measured); then what 10,000 tables at this pace cost with every process as loaded as at
    the busiest level whose p99 kept within ``P99_MARK_MS``. With two levels, the linear model
    fitted on the first is checked on the second instead, and planned at the first. The levels
    whose p99 passed the mark are left out while two others remain (decision 148): the model
    is the cost of a move where the site keeps up, and a saturated level's CPU goes to sockets
    refused and opened again and to work done late. Returns the linear marginal costs per move
    at the first level, by tier."""
    every = [m for m in measured if m.get("tier_cpu_ms") and m.get("moves_per_s")]
    keeping_up = [m for m in every if not saturates(m)]
    levels = keeping_up if len(keeping_up) >= 2 else every
    if not levels:
        return {}
    past = [m for m in every if m not in levels]
    first, last = levels[0], levels[-1]
    marginal = marginal_ms(idle, first)
    rate = 10_000 / pace
    single: dict[str, float] = {}  # the cores of the tiers that stay one process
    if len(levels) < 3:
        print(
            f"capacity model, {name}: idle cores + marginal ms per move at {first['tables']} tables"
        )
        print("  " + ", ".join(f"{t} {idle.get(t, 0):.3f} + {marginal[t]:.2f}" for t in marginal))
        for level in levels[1:]:
            guess = predicted_ms(idle, marginal, level["moves_per_s"])
            print_check(level["tables"], guess, level["tier_cpu_ms"])
        plan = first
        at = predicted_ms(idle, marginal, plan["moves_per_s"])
    else:
        idle = fitted_idle(idle, first, last)
        model = scale_model(idle, first, last)
        print(
            f"capacity model, {name}: idle cores + c x (moves/s)^k, fitted at "
            f"{first['tables']} and {last['tables']} tables, checked between them"
        )
        print(
            "  "
            + ", ".join(
                f"{t} {idle.get(t, 0):.3f} + {c:.5f}x^{k:.2f}" for t, (c, k) in model.items()
            )
        )
        for level in levels[1:-1]:
            print_check(
                level["tables"], scale_ms(idle, model, level["moves_per_s"]), level["tier_cpu_ms"]
            )
        within = [m for m in levels if (m.get("p99_ms") or 0) <= P99_MARK_MS] or [first]
        plan = within[-1]
        at = scale_ms(idle, model, plan["moves_per_s"])
        # one beat whatever the fleet: its idle spending once, its share of every move
        single = {t: idle.get(t, 0.0) + c * rate**k for t, (c, k) in model.items() if t in SINGLE}
    for level in past:
        p99 = level["p99_ms"]
        print(
            f"  {level['tables']:4d} tables left out of the fit: p99 "
            + ("-" if p99 is None else f"{p99:.0f} ms")
            + f" (past {P99_MARK_MS:g} ms); measured "
            + ", ".join(f"{t} {ms:.2f}" for t, ms in level["tier_cpu_ms"].items())
            + f" ms per move, every tier {sum(level['tier_cpu_ms'].values()):.2f}"
        )
    cores = {t: single.get(t, ms * rate / 1000) for t, ms in at.items()}
    print(
        f"  10,000 tables at a move every {pace:g} s ({rate:,.0f} moves/s), every process as "
        f"loaded as at {plan['tables']} tables: "
        + ", ".join(f"{t} {c:.1f}" for t, c in cores.items())
        + f" cores; {sum(cores.values()):.1f} in all"
    )
    return marginal


def beside_the_cluster(site: LiveSite, args: argparse.Namespace, levels: list[int]) -> None:
    """``--cluster``: the cluster (``make cluster``: HAProxy, two daphne, two workers, PgBouncer,
    PostgreSQL primary and replica, two channel Redis and Celery's) started beside the single
    process, and each level played on one, then on the other: the single process first at the
    first level, the cluster first at the next, and so on, so that both are measured within
    the same minutes of the machine's hour (its speed drifts within a run). Until both have
    passed 250 ms (every level with ``--keep-going``); then both capacity models and each
    level's CPU per move side by side. The admission limits given on the command line are
    both sites' (the comparison's two daphne alike)."""
    with cluster_site(**admission_settings(args)) as cluster:
        port = int(cluster.url.rsplit(":", 1)[1])
        print(
            "beside it, the cluster: HAProxy, 2 daphne, 2 workers (one process each) and beat, "
            "PgBouncer, PostgreSQL primary + replica, 2 channel Redis + Celery's; each level "
            "on both in turn",
            flush=True,
        )
        sites: dict[str, tuple[Site, list[int] | None, Callable[[], dict[str, list[int]]]]] = {
            "single": (site, None, single_tiers(site)),
            "cluster": (cluster, [port], cluster_tiers(cluster)),
        }
        idle = {name: idle_cores(tiers, args.idle_seconds) for name, (*_, tiers) in sites.items()}
        measured: dict[str, list[dict[str, Any]]] = {name: [] for name in sites}
        for n, level in enumerate(levels):
            for name in list(sites)[:: -1 if n % 2 else 1]:
                one, ports, tiers = sites[name]
                measured[name] += play_levels(
                    one, args, [level], ports=ports, tiers=tiers, label=f"{name:7} ", summary=False
                )
            if not args.keep_going and all(saturates(m[-1]) for m in measured.values()):
                break
    single, single_idle = measured["single"], idle["single"]
    print_model("the single process", single_idle, single, args.pace)
    compare_with_cluster(args, single, single_idle, measured["cluster"], idle["cluster"])


def compare_with_cluster(
    args: argparse.Namespace,
    single: list[dict[str, Any]],
    single_idle: dict[str, float],
    measured: list[dict[str, Any]],
    idle: dict[str, float],
) -> None:
    """The cluster's capacity model, then each level's CPU per move beside the single
    process's."""
    marginal = print_model("the cluster", idle, measured, args.pace)
    single_marginal = marginal_ms(single_idle, single[0]) if single and single_idle else {}
    if marginal and single_marginal:
        app = sum(single_marginal[t] for t in ("daphne", "worker"))
        app_cluster = sum(marginal[t] for t in ("daphne", "worker"))
        print(
            f"marginal CPU ms per move, single process -> cluster: daphne + worker {app:.2f} -> "
            f"{app_cluster:.2f} ({app_cluster / app:.2f}x); every tier "
            f"{sum(single_marginal.values()):.2f} -> {sum(marginal.values()):.2f} "
            f"({sum(marginal.values()) / sum(single_marginal.values()):.2f}x); idle cores "
            f"{sum(single_idle.values()):.3f} -> {sum(idle.values()):.3f}"
        )
    print("CPU ms per move, single process -> cluster (the ratio)")
    for one, many in zip(single, measured, strict=False):
        a, b = one.get("tier_cpu_ms", {}), many.get("tier_cpu_ms", {})
        if not a or not b:
            continue
        app_a, app_b = a["daphne"] + a["worker"], b["daphne"] + b["worker"]
        total_a, total_b = sum(a.values()), sum(b.values())
        but_replica = total_b - b.get("replica", 0.0)
        print(
            f"  {one['tables']:4d} tables: daphne + worker {app_a:.2f} -> {app_b:.2f} "
            f"({app_b / app_a:.2f}x); every tier {total_a:.2f} -> {total_b:.2f} "
            f"({total_b / total_a:.2f}x) [target <= 1.2x]; every tier but the replica "
            f"{but_replica:.2f} ({but_replica / total_a:.2f}x)"
        )


def rolling_restart(args: argparse.Namespace) -> None:
    """``--rolling-restart N`` (issue #33): N tables play through the cluster; after the warm-up
    ``make cluster-restart`` restarts both daphne and both workers one at a time while they
    play on, and they go on ``--seconds`` after it. What the players saw: every socket's time
    from its close to its next socket's first state, each table's longest wait for a new
    state, every error; then the action log, checked on the primary (each round's sequence
    numbers 1..n, none twice, none missing)."""
    tables_wanted = args.rolling_restart
    options = {"variant": args.variant} if args.game == "pinochle" else None
    with cluster_site() as cluster:
        port = int(cluster.url.rsplit(":", 1)[1])
        print(
            f"rolling restart under load: {tables_wanted} {args.game} tables through the cluster "
            f"(HAProxy, 2 daphne, 2 workers), a move every {args.pace:g} s a table",
            flush=True,
        )
        tables = make_tables(cluster, tables_wanted, options, args.game)
        f = asyncio.run(run_restart(cluster, tables, args, port))
        rounds = cluster.action_log([t for t, _cookies in tables])
    broken = [r for r in rounds if not r[1] == r[2] == r[4] - r[3] + 1]
    back = sorted(f["back_after"])
    quiet = sorted(f["longest_quiet"])
    # a socket's failure (a closed socket, its page reopens it) by kind; a move's refusal a code
    closes = f["failed"]
    codes = Counter(c for c in f["error_codes"] if ":" not in c)
    failed = {code: n for code, n in codes.items() if code != "stale_turn"}

    def s_(values: list[float], p: float) -> str:
        return f"{percentile(values, p):.2f} s" if values else "-"

    print(
        f"  the restart took {f['restart_seconds']:.1f} s; the tables played "
        f"{f['moves']} moves in the {f['window_seconds']:.0f} s window, p99 "
        f"{f['p99_ms']:.0f} ms\n"
        f"  {f['sockets']} sockets reopened {len(back)} times; back after p50 {s_(back, 0.5)}, "
        f"p99 {s_(back, 0.99)}, max {s_(back, 1.0)} [target: every socket within 3 s]\n"
        f"  each table's longest wait for a new state: p50 {s_(quiet, 0.5)}, max "
        f"{s_(quiet, 1.0)} [target <= 5 s]; stalled at the end {f['stalled']}\n"
        f"  sockets closed by {dict(closes) or 'nothing'}; "
        f"refusals {dict(codes) or 'none'}; failed moves (any but a retried move's "
        f"stale_turn) {sum(failed.values())} [target 0]\n"
        f"  action log: {len(rounds)} rounds, {sum(r[1] for r in rounds)} actions, rounds with "
        f"an action lost or twice {len(broken)} [target 0]",
        flush=True,
    )


async def run_restart(
    cluster: ClusterSite, tables: list[tuple[int, list[str]]], args: argparse.Namespace, port: int
) -> dict[str, Any]:
    players = [Table(cluster, t, cookies, args.pace, [port], args.game) for t, cookies in tables]
    tasks = await arrive(players, args.warmup)
    start = time.perf_counter()
    for p in players:
        p.count_from_now()
        p.heard = start  # a table's longest wait is counted from here
    out = await asyncio.to_thread(cluster.restart)
    restart_seconds = time.perf_counter() - start
    print("  " + out.strip().replace("\n", "\n  "), flush=True)
    await asyncio.sleep(args.seconds)
    now = time.perf_counter()
    for p in players:  # a table quiet since its last state counts too
        p.longest_quiet = max(p.longest_quiet, now - p.heard)
        p.stop = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(x for p in players for x in p.latencies)
    return {
        "restart_seconds": restart_seconds,
        "window_seconds": now - start,
        "moves": sum(p.sent for p in players),
        "p99_ms": percentile(latencies, 0.99) * 1000 if latencies else 0.0,
        "sockets": sum(p.seats for p in players),
        "back_after": [x for p in players for x in p.back_after],
        "longest_quiet": [p.longest_quiet for p in players],
        "stalled": sum(1 for p in players if now - p.heard > 3 * args.pace),
        "error_codes": [c for p in players for c in p.error_codes],
        "failed": sum((p.failed for p in players), Counter()),
    }


def overload_level(value: str) -> int | str:
    """``--overload``'s argument: a number of tables, or ``find``."""
    if value == "find":
        return value
    tables = int(value)
    if tables <= 0:
        raise argparse.ArgumentTypeError("a number of tables above 0, or 'find'")
    return tables


def find_overload_level(
    site: Site,
    args: argparse.Namespace,
    ports: list[int] | None = None,
    tiers: Callable[[], dict[str, list[int]]] | None = None,
) -> bool:
    """``--overload find``: ``--levels`` played on this site until p99 passes 250 ms, and that
    level taken as ``args.overload`` (the machine's speed is the same for both, as the issue
    asks: every figure beside its own in one run). False when no level passed it."""
    if args.overload != "find":
        return True
    print(f"finding the level: {args.levels} tables until p99 passes 250 ms", flush=True)
    levels = [int(x) for x in args.levels.split(",")]
    measured = play_levels(site, args, levels, ports=ports, tiers=tiers)
    saturated = [f["tables"] for f in measured if saturates(f)]
    if not saturated:
        print("no overload: give --levels that reach past the saturation")
        return False
    args.overload = saturated[0]
    if args.overload == levels[0]:
        print(
            f"  ({args.overload} is the first level tried: a lower one may pass 250 ms too, and "
            "then this overload is more than twice the level)",
            flush=True,
        )
    return True


def overload(site: LiveSite, args: argparse.Namespace) -> None:
    """``--overload N`` on the single process: its daphne refuses newcomers itself (4503)."""
    if not find_overload_level(site, args, tiers=site_tiers(site)):
        return
    database = "PostgreSQL" if site._pg_admin else "SQLite (embedded default)"
    print(
        f"overload: {args.overload} tables playing, then {args.overload} more arriving (twice "
        f"the level), one daphne process, {database}, pace 1 action / {args.pace:g} s per "
        f"table, {args.seconds:g} s measured",
        flush=True,
    )
    report_overload(site, args, site_tiers(site), lambda: [site.log("serve")])


def overload_through_cluster(args: argparse.Namespace, admission: dict[str, str]) -> None:
    """``--cluster --overload N``: the same through HAProxy and two daphne (with ``admission``,
    their limits). A full daphne answers 503 to HAProxy's check and is marked down; with every
    daphne down, HAProxy refuses newcomers itself (503 with Retry-After) without a daphne's
    CPU."""
    with cluster_site(**admission) as cluster:
        port = int(cluster.url.rsplit(":", 1)[1])
        if not find_overload_level(cluster, args, ports=[port], tiers=cluster_tiers(cluster)):
            return
        print(
            f"overload through the cluster: {args.overload} tables playing, then "
            f"{args.overload} more arriving (twice the level), HAProxy and 2 daphne, pace 1 "
            f"action / {args.pace:g} s per table, {args.seconds:g} s measured",
            flush=True,
        )
        ports = [url.rsplit(":", 1)[1] for url in cluster.info["daphne"]]

        def logs() -> list[str]:
            return [cluster.log(f"daphne-{port}") for port in ports]

        report_overload(cluster, args, cluster_tiers(cluster), logs)


def report_overload(
    site: Site,
    args: argparse.Namespace,
    tiers: Callable[[], dict[str, list[int]]],
    logs: Callable[[], list[str]],
) -> None:
    """Runs ``--overload`` on ``site`` and prints what the players saw; ``logs``: the daphnes'
    logs, for the ceilings they learned."""
    level = args.overload
    holders = make_tables(site, level)
    newcomers = make_tables(site, level)
    f = asyncio.run(
        run_overload(
            site, holders, newcomers, args.pace, args.seconds, args.warmup, after=60, tiers=tiers
        )
    )
    # what sahrat.admission logs as it lowers the ceiling
    ceilings = [line for text in logs() for line in text.splitlines() if "a lasting strain" in line]

    def ms(x: float | None) -> str:
        return "-" if x is None else f"{x:.0f} ms"

    reopened = f["holders_reopened"] + f["newcomers_reopened"]
    storm = f["holders_reopened"] - f["holders_refused"] + f["newcomers_reopened_not_busy"]
    cores = ", ".join(f"{tier} {c:.0%}" for tier, c in f["cores"].items() if c >= 0.005)

    kept_out = (
        f"; {f['kept_out']} of the {level} kept out at the door as they sat down (the level is "
        f"past what the site takes at this hour), {f['kept_out_in_by_end']} of them in by the "
        "end of the window"
        if f["kept_out"]
        else ""
    )
    print(
        f"  the {f['holders']} tables playing: p50 {ms(f['holders_p50_ms'])}, p99 "
        f"{ms(f['holders_p99_ms'])} [target < 1000 ms], stalled {f['holders_stalled']} "
        f"[target 0], sockets reopened {f['holders_reopened']} (refused busy "
        f"{f['holders_refused']}: seats still arriving when it filled){kept_out}; their p99 "
        "in each sixth of the window (the newcomers arrive in the first three): "
        + " / ".join(ms(x) for x in f["holders_p99_by_sixth_ms"])
        + "\n"
        f"  the {f['newcomers']} newcomers: sockets refused busy {f['newcomers_refused']} (by "
        f"HAProxy's 503 {f['newcomers_refused_by_proxy']}, by a daphne's 4503 "
        f"{f['newcomers_refused'] - f['newcomers_refused_by_proxy']}), "
        f"reopened {f['newcomers_reopened']}, tables in by the end of the window "
        f"{f['newcomers_in_by_end']}, in within 60 s of the load falling "
        f"{f['newcomers_in_after']}"
        + (f" (all in after {f['seconds_to_all_in']:.1f} s)" if f["seconds_to_all_in"] else "")
        + "\n"
        f"  sockets reopened {reopened} of {f['sockets']} ({reopened / f['sockets']:.1%}), of "
        f"them after a failure that was not a busy refusal {storm} ({storm / f['sockets']:.1%};"
        f" target <= 5 %): {', '.join(f'{n} {kind}' for kind, n in f['failures']) or 'none'}; "
        f"{f['moves_per_s']:.1f} moves/s; CPU in cores: {cores}\n"
        f"  the load generator (this process): {f['generator']['cores']:.0%} of a core, its "
        f"event loop late p99 {f['generator']['late_p99_ms']:.0f} ms, at worst "
        f"{f['generator']['late_max_ms']:.0f} ms (every latency above includes it)",
        flush=True,
    )
    for line in ceilings[-8:]:
        print("  daphne:", line[-120:])


if __name__ == "__main__":
    main()
