"""What a broadcast from synchronous code costs (issue 14, decision 73).

    .venv/bin/python benchmarks/task_broadcast.py                  # embedded default
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/sahrat_bench \\
    REDIS_URL=redis://127.0.0.1:6379/5 .venv/bin/python benchmarks/task_broadcast.py

A Celery task (a time-out, a bot's move, a deal) or a site view that changes a table sends every
seat's new state from synchronous code. This starts a site of its own (``LiveSite``: its Redis),
then in one process set up against it sends a move's five messages (four seats and the
spectators, each of a typical state's size; nobody listens) ``--sends`` times, first through
``async_to_sync`` (a new event loop per call, so the channel layer connects to Redis each time),
then through ``sahrat.channel_layer.send_from_sync`` (the process's one sender loop), and prints
the CPU and wall milliseconds per broadcast of each, as the median of three runs.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sahrat.testing.live import LiveSite  # noqa: E402

MEASURE = r"""
import statistics, time
from asgiref.sync import async_to_sync
from games.live.broadcast import send_all, state_message
from sahrat.channel_layer import send_from_sync

sends = [("table.0", state_message(["x" * 1500] * 4, "y" * 1000, 1, 1, [1, 2, 3, 4]))]
ways = {{
    "async_to_sync": lambda: async_to_sync(send_all)(sends),
    "send_from_sync": lambda: send_from_sync(send_all, sends),
}}
result = {{}}
for name, send in ways.items():
    send()  # the first one connects
    cpu, wall = [], []
    for _ in range(3):
        c, w = time.process_time(), time.perf_counter()
        for _ in range({sends}):
            send()
        cpu.append((time.process_time() - c) * 1000 / {sends})
        wall.append((time.perf_counter() - w) * 1000 / {sends})
    result[name] = {{"cpu_ms": statistics.median(cpu), "wall_ms": statistics.median(wall)}}
"""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sends", type=int, default=300, help="broadcasts per run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sahrat-task-broadcast-") as tmp:
        site = LiveSite(Path(tmp), workers=1, debug=False)
        with site:
            figures = site.query(MEASURE.format(sends=args.sends))
    print(f"a move's five messages sent from synchronous code, {args.sends} times, median of 3:")
    for name, figure in figures.items():
        print(f"  {name:15s} CPU {figure['cpu_ms']:6.2f} ms, wall {figure['wall_ms']:6.2f} ms")


if __name__ == "__main__":
    main()
