"""``manage.py serve`` as ``make run`` starts it, on a var/ of the test's own."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from sahrat.testing.live import free_port

ROOT = Path(__file__).resolve().parents[2]


def serve_env(var: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(SAHRAT_VAR_DIR=str(var), PYTHONUNBUFFERED="1", CHANNELS_PREFIX=f"ops-{var}")
    return env


def start_serve(var: Path, log: Path, *args: str) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    with open(log, "ab") as out:
        serve = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "serve",
                "--port",
                str(port),
                "--concurrency",
                "1",
                *args,
            ],
            cwd=ROOT,
            env=serve_env(var),
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    return serve, port


def wait_until_serving(serve: subprocess.Popen[bytes], port: int, log: Path) -> None:
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=2) as page:
                if page.status == 200:
                    return
        except OSError:
            pass
        assert serve.poll() is None, log.read_text(errors="replace")
        assert time.monotonic() < deadline, log.read_text(errors="replace")
        time.sleep(0.3)


def _parents() -> dict[int, int]:
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isascii() and entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat[1])
    return parents


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (children, their children…)."""
    parents = _parents()
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    """Running (a zombie that nobody reaped yet counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def stop(serve: subprocess.Popen[bytes]) -> None:
    if serve.poll() is None:
        serve.send_signal(2)  # Ctrl-C
        serve.wait(60)
