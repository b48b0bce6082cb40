"""What one move costs, stage by stage (issue 14): an in-process micro-benchmark.

    .venv/bin/python benchmarks/move_cost.py                       # Banakil, embedded default
    .venv/bin/python benchmarks/move_cost.py --game pinochle --variant double
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/sahrat_bench \\
    REDIS_URL=redis://127.0.0.1:6379/5 .venv/bin/python benchmarks/move_cost.py

It starts a site of its own (``LiveSite``: its database, Redis, daphne and a Celery worker), then
in one Python process set up against that site plays ``--moves`` moves round-robin over
``--tables`` started tables exactly as the table socket does: ``live.play`` in a database thread
(the socket's own ``database_sync_to_async``) with the broadcasts deferred, then
``live.send_all`` from the event loop (to Redis pub/sub; no socket listens; the table's one
message holds each seat's state as JSON text, which its socket sends as is).

Stages are timed by wrapping the live layer's functions here, in the benchmark (the product has
no timing hook, so it costs nothing when not measured): lock (the match and round row locks),
engine (the engine from the cache, and ``apply``), write (the action row's insert and the
round row's update: one statement on PostgreSQL), state (the engine's JSON), clock (handing
Celery the time-out), messages (building each recipient's message and encoding it), send (the
publish from the loop, one Redis command). "other" is what the wrapped stages leave of the whole
move (the transaction's commit, seat checks, Django's own work). CPU per move is the
process's CPU time over the moves (every thread of it) divided by the moves.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sahrat.testing.live import LiveSite  # noqa: E402

MEASURE = r"""
import asyncio, gc, json, time, uuid
from collections import defaultdict
from games.consumers import database_sync_to_async
from django.contrib.auth import get_user_model
from django.db import connection
from games import live, registry
from games.live import broadcast, locks, moves, schedule
from games.live import state as state_module
from games.models import Round
from lobby import services

GAME, OPTIONS, TABLES, MOVES = {game!r}, {options!r}, {tables}, {moves}
spent = defaultdict(float)
cpu_spent = defaultdict(float)
counts = defaultdict(int)
depth = [0]


def timed(name, func):
    def wrapper(*args, **kwargs):
        if depth[0]:  # inside another timed stage: counted there
            return func(*args, **kwargs)
        depth[0] += 1
        start, cpu_start = time.perf_counter(), time.thread_time()
        try:
            return func(*args, **kwargs)
        finally:
            depth[0] -= 1
            spent[name] += time.perf_counter() - start
            cpu_spent[name] += time.thread_time() - cpu_start
            counts[name] += 1
    return wrapper


entry = registry.get(GAME)
moves.lock = timed("lock", moves.lock)
moves.engine = timed("engine", moves.engine)
engine_class = type(entry.deal(entry.options(OPTIONS), 0, secret="0" * 64, client_seed="x"))
engine_class.apply = timed("engine", engine_class.apply)
engine_class.to_dict = timed("state", engine_class.to_dict)
moves._log_and_save_move = timed("write", moves._log_and_save_move)
moves._log.insert = timed("write", moves._log.insert)  # a move that ends the round
Round.save = timed("write", Round.save)  # saves it whole
schedule.send = timed("clock", schedule.send)
broadcast.Messages = timed("messages", broadcast.Messages)
broadcast.encode = timed("messages", broadcast.encode)
state_module.Messages.to = timed("messages", state_module.Messages.to)

U = get_user_model()
tables = []
for _ in range(TABLES):
    users = [U.objects.create(username=f"m{{uuid.uuid4().hex[:10]}}") for _ in range(8)]
    options = dict(OPTIONS)
    table = services.create_table(users[0], options, GAME)
    for u in users[1:table.players]:
        services.sit(u, table)
    live.start(users[0], table.pk)
    tables.append((table.pk, users[:table.players]))

# deal every table now (the seed wait is the worker's, not ours)
for table_id, users in tables:
    for u in users:
        live.submit_seed(table_id, u, "ab" * 4)


def light(view):
    if GAME == "banakil":  # as benchmarks/live.py plays: draw from the stock, throw it
        if view["phase"] == "draw":
            return {{"type": "draw", "from": "stock"}}
        return {{"type": "throw", "card": view["drawn"] or view["hand"][0]}}
    return entry.bot(view)


def next_move(table_id, users):
    state = live.snapshot(table_id, users[0])
    view = state["view"]
    if view is None or view["result"] is not None or state["match"]["status"] != "playing":
        return None
    seat = view["turn"]
    if seat is None:
        return None
    mine = live.snapshot(table_id, users[seat])
    return users[seat], light(mine["view"]), mine["view"]["turn_no"]


def play(table_id, user, action, turn_no):
    with live.deferred_broadcasts() as sends:
        live.play(table_id, user, action, turn_no)
    return list(sends)


async def main():
    next_async = database_sync_to_async(next_move)
    done, thread_s, loop_s, cpu = 0, 0.0, 0.0, 0.0
    thread_cpu, loop_cpu = [0.0], 0.0

    def play_timed(*args):
        start = time.thread_time()
        try:
            return play(*args)
        finally:
            thread_cpu[0] += time.thread_time() - start

    play_async = database_sync_to_async(play_timed)
    playing = list(tables)
    sizes = []
    while done < MOVES and playing:
        for table in list(playing):
            move = await next_async(*table)
            if move is None:
                playing.remove(table)
                continue
            cpu_start = time.process_time()
            start = time.perf_counter()
            sends = await play_async(table[0], *move)
            mid, mid_cpu = time.perf_counter(), time.thread_time()
            await live.send_all(sends)
            end, end_cpu = time.perf_counter(), time.thread_time()
            sizes.extend(len(text) for _group, message in sends for text in message["texts"])
            loop_cpu += end_cpu - mid_cpu
            cpu += time.process_time() - cpu_start
            thread_s += mid - start
            loop_s += end - mid
            done += 1
            if done >= MOVES:
                break
    return done, thread_s, loop_s, cpu, sizes, thread_cpu[0], loop_cpu


for warm in range(2):
    spent.clear(); counts.clear(); cpu_spent.clear()
    figures = asyncio.run(main())
    done, thread_s, loop_s, cpu, sizes, thread_cpu, loop_cpu = figures
ms = lambda s: round(s * 1000 / max(done, 1), 3)
stages = {{k: ms(v) for k, v in spent.items()}}
stages["send"] = ms(loop_s)
stages["other"] = ms(thread_s - sum(spent.values()))
cpu_stages = {{k: ms(v) for k, v in cpu_spent.items()}}
cpu_stages["send"] = ms(loop_cpu)
cpu_stages["other"] = ms(thread_cpu - sum(cpu_spent.values()))
result = {{
    "moves": done,
    "wall_ms": ms(thread_s + loop_s),
    "cpu_ms": ms(cpu),
    "stages": stages,
    "cpu_stages": cpu_stages,
    "bytes_per_recipient": round(sum(sizes) / max(len(sizes), 1)),
    "database": connection.vendor,
}}
"""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="banakil", choices=("banakil", "pinochle"))
    parser.add_argument(
        "--variant",
        default="single",
        choices=("single", "double", "three", "two", "cutthroat", "six", "eight"),
    )
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=400)
    args = parser.parse_args()
    options: dict[str, object] = {"target": 2000} if args.game == "banakil" else {}
    if args.game == "pinochle":
        options["variant"] = args.variant
    with tempfile.TemporaryDirectory(prefix="sahrat-move-cost-") as tmp:
        site = LiveSite(Path(tmp), workers=1, debug=False, SAHRAT_SEED_SECONDS="60")
        with site:
            code = MEASURE.format(
                game=args.game, options=options, tables=args.tables, moves=args.moves
            )
            figures = site.query(code)
    name = args.game + (f" ({args.variant})" if args.game == "pinochle" else "")
    print(
        f"one move, {name}, {figures['database']}: {figures['moves']} moves, "
        f"wall {figures['wall_ms']:.2f} ms, CPU {figures['cpu_ms']:.2f} ms per move, "
        f"{figures['bytes_per_recipient']} bytes per recipient"
    )
    order = ["lock", "engine", "write", "state", "clock", "messages", "other", "send"]
    stages, cpu = figures["stages"], figures["cpu_stages"]
    print("  stage       CPU ms    wall ms")
    for stage in order + sorted(set(stages) - set(order)):
        print(f"  {stage:9s} {cpu.get(stage, 0.0):7.3f}   {stages.get(stage, 0.0):7.3f}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
