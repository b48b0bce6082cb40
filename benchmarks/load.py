"""Load benchmark (issue 7): the real stack under N tables of four websocket clients.

    .venv/bin/python benchmarks/load.py --tables 200             # the embedded default
    .venv/bin/python benchmarks/load.py --tables 200 --daphne 2  # a table's seats on 2 processes
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/sahrat REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python benchmarks/load.py --tables 200

Starts the product's own supervisor (daphne, a Celery worker, beat) on 127.0.0.1 through
``sahrat.testing.live.LiveSite``, plays the tables for a bounded time (each acting once every
``--pace`` s), then lets idle tables time out. Prints tables, actions/s, p50/p95/p99 from an
action to all four seats holding it, clock lateness p50/p99 (deadline to every seat), errors,
and peak memory (VmHWM) of each process. With ``--daphne 2`` a second daphne serves seats 1 and
3 of every table, so every move crosses processes through the Redis channel layer.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from live import make_tables, percentile, run_level, time_out_lateness  # noqa: E402

from sahrat.testing.live import ROOT, LiveSite, free_port  # noqa: E402


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--pace", type=float, default=2.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--daphne", type=int, choices=(1, 2), default=1)
    parser.add_argument("--idle-tables", type=int, default=20)
    parser.add_argument("--idle-seconds", type=float, default=30.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sahrat-load-") as tmp:
        site = LiveSite(
            Path(tmp), workers=1, debug=False, SAHRAT_BOT_SECONDS="0.5",
            SAHRAT_SEED_SECONDS="1", SAHRAT_ROUND_BREAK_SECONDS="1",
            SAHRAT_AWAY_GRACE_SECONDS="60", SAHRAT_SWEEP_SECONDS="2",
            REDIS_MAX_CONNECTIONS="2000",
        )  # fmt: skip
        with site:
            ports = [site.port]
            second = None
            if args.daphne == 2:
                ports.append(free_port())
                log = open(Path(tmp) / "daphne2.log", "ab")
                second = subprocess.Popen(
                    [sys.executable, "-m", "sahrat.web_server", "-b", "127.0.0.1",
                     "-p", str(ports[1]), "sahrat.asgi:application"],
                    cwd=ROOT, env=site.env, stdout=log, stderr=subprocess.STDOUT,
                )  # fmt: skip
            try:
                database = "PostgreSQL" if site._pg_admin else "SQLite (embedded default)"
                redis = "external Redis" if not site._redis else "embedded Redis"
                print(
                    f"load: {args.tables} tables x 4 websocket clients, 1 action / {args.pace:g} s "
                    f"per table, {args.daphne} daphne process(es), {database}, {redis}"
                )
                tables = make_tables(site, args.tables)
                if second is not None:
                    time.sleep(2)  # the second daphne starts
                figures = asyncio.run(
                    run_level(site, tables, args.pace, args.seconds, args.warmup, ports)
                )
                print(
                    f"  actions: {figures['actions_per_s']:.1f}/s; action to all four seats: "
                    f"p50 {figures['p50_ms'] or 0:.1f} ms, p95 {figures.get('p95_ms') or 0:.1f} "
                    f"ms, p99 {figures['p99_ms'] or 0:.1f} ms  [target p99 < 100 ms]; "
                    f"errors {figures.get('errors', 0)} {figures.get('error_codes', '')}; "
                    f"stalled tables {figures.get('stalled', 0)}, "
                    f"sockets reopened {figures.get('reconnects', 0)}"
                )
                site.python(
                    "from lobby.models import Table\nfrom games.models import Match, Round\n"
                    "Round.objects.update(status='finished')\n"
                    "Match.objects.update(status='abandoned')\n"
                    "Table.objects.update(status='finished')"
                )
                idle = make_tables(site, args.idle_tables, {"players": 2, "turn_seconds": 5})
                late = asyncio.run(time_out_lateness(site, idle, args.idle_seconds))
                if late:
                    print(
                        f"  clock: {len(late)} time-outs reached every seat p50 "
                        f"{statistics.median(late) * 1000:.0f} ms, p99 "
                        f"{percentile(late, 0.99) * 1000:.0f} ms after the deadline "
                        "[target p99 < 250 ms]"
                    )
                names = {"daphne": "daphne", "worker": "celery worker", "beat": "celery beat"}
                for name, label in names.items():
                    for pid in site.pids(name):
                        print(f"  peak memory {label} (pid {pid}): {peak_memory_mb(pid):.0f} MB")
            finally:
                if second is not None:
                    second.terminate()
                    second.wait(10)


if __name__ == "__main__":
    main()
