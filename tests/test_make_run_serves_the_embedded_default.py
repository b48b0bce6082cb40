"""`manage.py serve` (what `make run` starts) on a fresh var/: SQLite, the embedded Redis, daphne,
a Celery worker and beat; a task round-trips through the worker; Ctrl-C stops everything."""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.smoke

ROOT = Path(__file__).resolve().parents[1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_serve(tmp_path, prefix):
    """`manage.py serve` on a fresh var/ under tmp_path, embedded default, logging to a file."""
    var = tmp_path / "var"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(SAHRAT_VAR_DIR=str(var), PYTHONUNBUFFERED="1", CHANNELS_PREFIX=prefix)
    port = free_port()
    log = open(tmp_path / "serve.log", "w+")
    serve = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--port", str(port), "--concurrency", "1"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    return serve, var, port, env, log


def test_serve_starts_everything_and_ctrl_c_stops_it(tmp_path):
    serve, var, port, env, log = start_serve(tmp_path, "serve-test")
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                    assert page.status == 200
                    break
            except OSError:
                assert serve.poll() is None, (tmp_path / "serve.log").read_text()
                assert time.monotonic() < deadline, (tmp_path / "serve.log").read_text()
                time.sleep(0.3)
        assert (var / "sahrat.sqlite3").exists()
        assert (var / "redis.sock").exists()
        output = (tmp_path / "serve.log").read_text()
        assert "password:" in output
        assert f"http://127.0.0.1:{port}/" in output

        ping = subprocess.run(
            [
                sys.executable,
                "-c",
                "import django; django.setup(); from sahrat.celery import ping; "
                "print(ping.delay().get(timeout=30))",
            ],
            cwd=ROOT,
            env={**env, "DJANGO_SETTINGS_MODULE": "sahrat.settings"},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert ping.stdout.strip().endswith("pong"), ping.stderr
    finally:
        serve.send_signal(signal.SIGINT)
        code = serve.wait(40)
        log.close()
    output = (tmp_path / "serve.log").read_text()
    assert code == 0, output
    assert output.rstrip().endswith("stopped")
    assert not (var / "redis.sock").exists()
    children = subprocess.run(["pgrep", "-f", str(var)], capture_output=True, text=True)
    assert children.stdout.strip() == "", "left behind: " + children.stdout


def test_serve_starts_a_crashed_worker_again(tmp_path):
    serve, var, port, env, log = start_serve(tmp_path, "serve-crash")

    def main_worker() -> int | None:
        """The Celery worker that serve itself started (its pool children have it as parent)."""
        found = subprocess.run(
            ["pgrep", "-f", "celery -A sahrat worker"], capture_output=True, text=True
        ).stdout.split()
        for pid in found:
            try:
                stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                environ = Path(f"/proc/{pid}/environ").read_text(errors="replace")
            except OSError:
                continue
            if int(stat[1]) == serve.pid and str(var) in environ:
                return int(pid)
        return None

    try:
        deadline = time.monotonic() + 60
        while main_worker() is None:
            assert time.monotonic() < deadline and serve.poll() is None
            time.sleep(0.3)
        first = main_worker()
        os.kill(first, signal.SIGKILL)  # a crash of the supervised worker
        deadline = time.monotonic() + 30
        while True:
            log_text = (tmp_path / "serve.log").read_text()
            again = main_worker()
            if again not in (None, first) and "worker exited" in log_text:
                break
            assert time.monotonic() < deadline, log_text
            time.sleep(0.3)
        assert serve.poll() is None
    finally:
        serve.send_signal(signal.SIGINT)
        serve.wait(40)
        log.close()
