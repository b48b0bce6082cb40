"""What the metrics cost a move (issue 33): an in-process micro-benchmark.

    .venv/bin/python benchmarks/metrics_cost.py [--moves 200000]

A move through the table socket pays for three instruments (``sahrat.metrics``, prometheus-client
in multiprocess mode: each update writes a memory-mapped file in ``PROMETHEUS_MULTIPROC_DIR``):
the on-commit hook that counts it (``transaction.on_commit`` + ``MOVES.labels(game, actor).inc()``),
the action-to-sent histogram's ``observe`` with its ``time.monotonic()`` pair, and (once per
socket, not per move) the open-sockets gauge. This times those calls as a move makes them, in
one process, against a metrics directory of its own, and prints the nanoseconds per move beside
what a whole move costs daphne (about 5 ms of CPU on this machine: docs/operations.md).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=200_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="sahrat-metrics-bench-") as tmp:
        os.environ["SAHRAT_VAR_DIR"] = tmp
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sahrat.settings")
        import django

        django.setup()
        from sahrat import metrics

        n = args.moves
        hooks: list[partial[None]] = []

        def count() -> None:  # what moves.apply adds: the hook, later run on commit
            hooks.append(partial(metrics.moved, "banakil", "player"))

        def observe() -> None:  # what the consumer adds around a move
            received = time.monotonic()
            metrics.ACTION_TO_SENT.observe(time.monotonic() - received)

        def sockets() -> None:  # per socket, not per move: for scale
            metrics.OPEN_SOCKETS.inc()
            metrics.OPEN_SOCKETS.dec()

        results = {}
        for name, step in (("count", count), ("observe", observe), ("socket", sockets)):
            hooks.clear()
            start = time.perf_counter_ns()
            for _ in range(n):
                step()
            if hooks:
                for hook in hooks:
                    hook()
            results[name] = (time.perf_counter_ns() - start) / n
        per_move = results["count"] + results["observe"]
        print(f"metrics cost, {n:,} moves, prometheus-client multiprocess mode:")
        print(f"  count the move (on-commit hook + labelled counter): {results['count']:7.0f} ns")
        print(f"  action-to-sent histogram (two clocks + observe):    {results['observe']:7.0f} ns")
        print(f"  per move in all:                                   {per_move:7.0f} ns")
        print(f"  a socket opened and closed (gauge inc + dec):      {results['socket']:7.0f} ns")
        print(f"  = {per_move / 5e6:.3%} of a move's ~5 ms of daphne CPU")


if __name__ == "__main__":
    main()
