"""``benchmarks/live.py`` counts a tier's CPU over a window as the difference of two readings
of its whole tree, found again at each: a process that ends in the window (a PostgreSQL
backend PgBouncer closes, an autovacuum worker) still counts, through its parent's reaped
children, and one that starts in it counts from nothing. Reading the start's processes again
at the end had made the cluster's PostgreSQL look cheaper at its first level than later."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from types import ModuleType

BURN = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"


def spent_by_this_tree(bench: ModuleType) -> float:
    """This test process's tree as one tier (``tier_cpu``): its CPU seconds so far."""
    spent: float = bench.tier_cpu(lambda: {"tier": bench.descendants([os.getpid()])})["tier"]
    return spent


def test_a_child_that_starts_and_ends_within_the_window_is_counted(bench: ModuleType) -> None:
    before = spent_by_this_tree(bench)
    subprocess.run([sys.executable, "-c", BURN], check=True)  # started and reaped in the window
    assert spent_by_this_tree(bench) - before >= 0.25


def test_a_child_running_at_the_start_and_gone_by_the_end_counts_only_its_time_in_the_window(
    bench: ModuleType,
) -> None:
    child = subprocess.Popen([sys.executable, "-c", BURN + "input()\n"], stdin=subprocess.PIPE)
    try:
        while bench.cpu_seconds([child.pid]) < 0.25:
            time.sleep(0.02)  # its burn is done before the window opens
        before = spent_by_this_tree(bench)
    finally:
        child.communicate(b"\n")  # it ends, and is reaped, inside the window
    spent = spent_by_this_tree(bench) - before
    assert 0 <= spent < 0.2, "its time before the window is neither counted nor taken away"
