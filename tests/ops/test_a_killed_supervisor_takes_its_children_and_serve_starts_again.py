"""``kill -9`` of ``manage.py serve`` left daphne, the worker, beat and the embedded Redis
running unsupervised (each in a session of its own), and the next ``make run`` failed with
"an embedded Redis already answers". Now every child dies with its supervisor (Linux's
parent-death signal), and the next ``serve`` on the same var/ starts and serves."""

import os
import signal
import time

from .serving import alive, descendants, start_serve, stop, wait_until_serving


def test_children_die_with_a_killed_supervisor_and_serve_starts_again(tmp_path):
    var = tmp_path / "var"
    first, port = start_serve(var, tmp_path / "first.log")
    try:
        wait_until_serving(first, port, tmp_path / "first.log")
        children = descendants(first.pid)
        assert len(children) >= 4  # Redis, daphne, the worker (and its pool), beat
    finally:
        os.kill(first.pid, signal.SIGKILL)
        first.wait()

    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = {pid: open(f"/proc/{pid}/cmdline").read() for pid in children if alive(pid)}
    for pid in left:
        os.kill(pid, signal.SIGKILL)  # don't leave them to the next test
    assert left == {}, "left running after the supervisor died"

    again, port = start_serve(var, tmp_path / "again.log", "--no-setup")
    try:
        wait_until_serving(again, port, tmp_path / "again.log")
    finally:
        stop(again)
    assert again.returncode == 0, (tmp_path / "again.log").read_text()
