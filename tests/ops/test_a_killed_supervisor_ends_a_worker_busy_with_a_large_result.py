"""Issue #35, item 21: one time in six, a Celery worker outlived a ``kill -9`` of ``manage.py
serve``: the parent-death signal started the worker's warm shutdown, which waits for its running
tasks; a pool child blocked writing a 112 KB result into its pipe while the worker waited for it
without reading, and both stayed alive until the next ``make run``. Now a watchdog that outlives
the supervisor kills what is left of each child's process group after a grace: every process
below the supervisor is gone within seconds, with one task still busy (past the grace) and one
returning a 200 KB result during the shutdown."""

import os
import signal
import subprocess
import sys
import time

from sahrat.supervision import GRACE

from .busy_tasks import NAME
from .serving import ROOT, alive, descendants, serve_env, start_serve, wait_until_serving


def send(var, seconds, size):
    """The task, through Celery's command line on the served var/'s Redis."""
    call = [sys.executable, "-m", "celery", "-A", "sahrat", "call", NAME]
    subprocess.run(
        [*call, "--args", f"[{seconds}, {size}]"],
        cwd=ROOT, env=serve_env(var), check=True, capture_output=True, timeout=60,
    )  # fmt: skip


def test_a_worker_busy_with_a_large_result_dies_with_its_killed_supervisor(tmp_path, monkeypatch):
    var = tmp_path / "var"
    log = tmp_path / "serve.log"
    monkeypatch.setenv("CELERY_WORKER_INCLUDE", "tests.ops.busy_tasks")
    serve, port = start_serve(var, log, "--concurrency", "2")
    children: set[int] = set()
    try:
        wait_until_serving(serve, port, log)
        send(var, 120, 200_000)  # busy well past the grace
        send(var, 2, 200_000)  # a 200 KB result while the worker shuts down
        deadline = time.monotonic() + 60
        while log.read_text(errors="replace").count(f"Task {NAME}[") < 2:
            assert time.monotonic() < deadline, log.read_text(errors="replace")
            time.sleep(0.2)
        time.sleep(1)
        children = descendants(serve.pid)
        assert len(children) >= 6, children  # Redis, daphne, the worker and its pool, beat…
    finally:
        os.kill(serve.pid, signal.SIGKILL)
        serve.wait()

    deadline = time.monotonic() + GRACE + 5
    while any(alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = {pid: open(f"/proc/{pid}/cmdline").read() for pid in children if alive(pid)}
    for pid in left:
        os.kill(pid, signal.SIGKILL)  # don't leave them to the next test
    assert left == {}, "left running after the supervisor died"
