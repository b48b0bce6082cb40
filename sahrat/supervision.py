"""What keeps ``manage.py serve``'s children tied to it, and its var/ to one supervisor.

- ``die_with_parent()``: a ``preexec_fn`` that asks Linux to send the child SIGTERM when its
  parent dies (``prctl(PR_SET_PDEATHSIG)``; it survives the ``setsid`` that keeps a terminal's
  Ctrl-C away from the children, and the ``exec``). A supervisor killed with ``kill -9`` so
  takes daphne, the worker, beat and the embedded Redis with it. The signal follows the
  *thread* that started the child: start children from the main thread.
- ``Watchdog``: a process of its own that outlives the supervisor. The supervisor tells it each
  child's process group (every child leads one, ``start_new_session``); when the supervisor
  stops or dies, even by ``kill -9``, its pipe closes and the watchdog stops those groups:
  SIGTERM, then SIGKILL to whatever is left of a group after ``GRACE`` (``stop_groups``, the
  supervisor's own stop too). The parent-death signal reaches only the supervisor's children:
  a Celery worker in its warm shutdown waited for a pool child blocked writing a 112 KB result
  into a pipe the worker no longer read, and both lived on (issue #35).
- ``VarLock``: ``var/serve.pid``, an ``flock`` held for the supervisor's whole life (the kernel
  drops it when the process dies, however it dies) and a record of the children's pids and
  start times. A second supervisor on the same var/ is refused by name; a new one after a
  crash finds the record of the dead one and stops what it left (on systems without the
  parent-death signal, or after an older version).
"""

from __future__ import annotations

import ctypes
import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

PR_SET_PDEATHSIG = 1
#: seconds a child's process group has to stop after SIGTERM before it is killed
GRACE = 10.0


def die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` for ``subprocess.Popen`` (None where Linux's prctl is missing)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    # looked up and typed here, in the parent: between fork and exec the child only calls it
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    parent = os.getpid()

    def preexec() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before prctl: no signal would come
            os._exit(1)

    return preexec


def _stat(pid: int) -> list[str] | None:
    """A running process's /proc/<pid>/stat fields after its name, from its state on (None:
    gone, or a zombie)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return stat if stat[0] != "Z" else None


def start_time(pid: int) -> int | None:
    """The process's start time in clock ticks since boot (with the pid, its identity)."""
    stat = _stat(pid)
    return int(stat[19]) if stat is not None else None


class AlreadySupervised(Exception):
    def __init__(self, pid: int | None) -> None:
        super().__init__(pid)
        self.pid = pid


class VarLock:
    """``var/serve.pid``: locked while a supervisor lives; names it and its children."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None
        self.children: dict[str, dict[str, int]] = {}

    def acquire(self) -> dict[str, Any]:
        """Take var/ for this process. Returns what a dead supervisor recorded (its
        leftovers), or raises ``AlreadySupervised`` when a live one holds it."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            record = _read(fd)
            os.close(fd)
            pid = record.get("pid")
            raise AlreadySupervised(pid if isinstance(pid, int) else None) from None
        self.fd = fd
        previous = _read(fd)
        self._write()
        return previous

    def record(self, name: str, pid: int) -> None:
        """A child started (or started again): remember it for a supervisor after a crash."""
        started = start_time(pid)
        if started is not None:
            self.children[name] = {"pid": pid, "start": started}
            self._write()

    def release(self) -> None:
        if self.fd is None:
            return
        self.path.unlink(missing_ok=True)
        os.close(self.fd)  # the lock goes with it
        self.fd = None

    def _write(self) -> None:
        assert self.fd is not None
        data = json.dumps({"pid": os.getpid(), "children": self.children}).encode()
        os.lseek(self.fd, 0, os.SEEK_SET)
        os.ftruncate(self.fd, 0)
        os.write(self.fd, data)


def _read(fd: int) -> dict[str, Any]:
    os.lseek(fd, 0, os.SEEK_SET)
    raw = b""
    while chunk := os.read(fd, 65536):
        raw += chunk
    try:
        record = json.loads(raw or b"{}")
    except ValueError:
        return {}
    return record if isinstance(record, dict) else {}


def stop_leftovers(record: dict[str, Any], timeout: float = 10.0) -> Iterator[str]:
    """Stop the children a dead supervisor recorded that still run (the same pid *and* start
    time: a recycled pid is someone else's). SIGTERM, then SIGKILL after ``timeout``.
    Yields a line for each."""
    children = record.get("children")
    if not isinstance(children, dict):
        return
    found: list[tuple[str, int]] = []
    for name, child in children.items():
        if not isinstance(child, dict):
            continue
        pid, started = child.get("pid"), child.get("start")
        if isinstance(pid, int) and pid > 0 and started is not None and start_time(pid) == started:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
            found.append((name, pid))
    deadline = time.monotonic() + timeout
    for name, pid in found:
        while start_time(pid) is not None and time.monotonic() < deadline:
            time.sleep(0.1)
        if start_time(pid) is not None:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        yield f"stopped {name} (pid {pid}), left running by a supervisor that died"


def _group_of(pid: int) -> int | None:
    """The process group of a running process (None: gone, or a zombie)."""
    stat = _stat(pid)
    return int(stat[2]) if stat is not None else None


def group_alive(pgid: int) -> bool:
    """Whether a running process (not a zombie) is in process group ``pgid``."""
    for entry in Path("/proc").iterdir():
        if entry.name.isascii() and entry.name.isdigit() and _group_of(int(entry.name)) == pgid:
            return True
    return False


def stop_groups(pgids: Iterable[int], grace: float = GRACE) -> None:
    """SIGTERM each group's leader (the child started, in the order given: it stops its own
    children its way, a Celery worker by its warm shutdown), then SIGKILL every process left
    in the groups after ``grace`` seconds: a child's children, stuck or orphaned, go too."""
    groups = [g for g in pgids if g > 1]
    for pgid in groups:
        if _group_of(pgid) == pgid:  # the leader still runs (a pid used again leads no group)
            try:
                os.kill(pgid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    deadline = time.monotonic() + grace
    left = groups
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = [g for g in left if group_alive(g)]
    for pgid in left:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class Watchdog:
    """Stops the supervisor's children's process groups when the supervisor is gone.

    Started as this file run by the interpreter in isolated mode (no Django, no ``sahrat``
    package), in a session of its own, its stdin a pipe from the supervisor. The pipe's other
    end is the supervisor's alone (not inherited by the children): it closes when the
    supervisor exits, however it exits."""

    def __init__(self, grace: float = GRACE) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-I", __file__, "watch", str(grace)],
            stdin=subprocess.PIPE,
            start_new_session=True,
        )

    def watch(self, pgid: int) -> None:
        """Stop this process group too when the supervisor is gone."""
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(f"{pgid}\n".encode())
            stdin.flush()
        except BrokenPipeError:  # pragma: no cover - the watchdog died: nothing to tell
            pass

    def close(self, timeout: float = GRACE + 5) -> None:
        """The supervisor stopped its children itself: the watchdog checks and exits."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:  # pragma: no cover
            self.process.kill()
            self.process.wait()


def _watch(grace: float) -> None:
    """The watchdog's life: read process groups until the pipe closes, then stop them."""
    pgids: list[int] = []
    for line in sys.stdin.buffer:
        try:
            pgids.append(int(line))
        except ValueError:
            continue
    stop_groups(reversed(pgids), grace)


if __name__ == "__main__" and sys.argv[1:2] == ["watch"]:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _watch(float(sys.argv[2]))
