"""The cluster (``make cluster``: deploy/local/cluster.py) for integration tests: started once
in a directory of its own on free ports, with quick table timings, stopped at the end.

    with ClusterSite() as site:              # HAProxy, 2 daphne, 2 workers, beat, PgBouncer,
        table = site.start_table([...])      # PostgreSQL primary + replica, 3 Redis
        site.ws_url(f"/ws/table/{table}/")   # through HAProxy
"""

from __future__ import annotations

import json
import os
import runpy
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from types import TracebackType
from typing import Any

from .live import FAST, ROOT, Site

SCRIPT = ROOT / "deploy" / "local" / "cluster.py"
#: the test run's own settings, which the cluster's processes do not inherit: the script's
#: own list (it imports only the standard library and runs nothing when imported)
FOREIGN_SETTINGS: tuple[str, ...] = runpy.run_path(str(SCRIPT))["FOREIGN_SETTINGS"]
#: the engines the cluster runs, and where Debian puts them
BINARIES = {
    "haproxy": "/usr/sbin/haproxy",
    "pgbouncer": "/usr/sbin/pgbouncer",
    "redis-server": "/usr/bin/redis-server",
}


def missing_binaries() -> list[str]:
    missing = [
        name
        for name, path in BINARIES.items()
        if not shutil.which(name) and not os.access(path, os.X_OK)
    ]
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")) and not shutil.which("initdb"):
        missing.append("postgresql (initdb)")
    return missing


def free_port_base() -> int:
    """A base port B with B … B+60 free on 127.0.0.1 (the cluster's ports are in there)."""
    for base in range(7200, 9000, 100):
        if all(_free(base + offset) for offset in range(0, 61)):
            return base
    raise RuntimeError("no free block of 61 ports between 7200 and 9000")


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class ClusterSite(Site):
    def __init__(self, workers: int = 2, **settings: str) -> None:
        # PostgreSQL and PgBouncer run as the postgres user: the directory must be reachable
        self.root = Path(tempfile.mkdtemp(prefix="sahrat-cluster-"))
        self.root.chmod(0o755)
        self.base = free_port_base()
        self.workers = workers
        self.settings = {**FAST, "LOG_LEVEL": "WARNING", **settings}
        self.info: dict[str, Any] = {}

    def __enter__(self) -> ClusterSite:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.stop()

    def script(self, command: str, *extra: str, timeout: float = 300) -> str:
        done = subprocess.run(
            [
                sys.executable,
                str(SCRIPT),
                command,
                "--dir",
                str(self.root),
                "--port-base",
                str(self.base),
                "--workers",
                str(self.workers),
                *extra,
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            env={k: v for k, v in os.environ.items() if not k.startswith("PYTEST")},
        )
        if done.returncode:
            raise RuntimeError(f"cluster {command} failed:\n{done.stdout}{done.stderr}")
        return done.stdout

    def start(self) -> None:
        sets = [arg for k, v in self.settings.items() for arg in ("--set", f"{k}={v}")]
        self.started = self.script("start", "--concurrency", "1", *sets)
        self.info = json.loads((self.root / "cluster.json").read_text())
        self.url = self.info["url"]
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
        for name in FOREIGN_SETTINGS:  # as the cluster's processes run (deploy/local/cluster.py)
            env.pop(name, None)
        self.env = {**env, **self.info["environment"]}

    def stop(self) -> None:
        self.close_console()
        if (self.root / "etc" / "supervisord.conf").exists():
            self.script("stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def restart(self) -> str:
        """``make cluster-restart``: every daphne, then every worker, one at a time."""
        return self.script("restart")

    def supervisorctl(self, *args: str) -> str:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "supervisor.supervisorctl",
                "-c",
                str(self.root / "etc" / "supervisord.conf"),
                *args,
            ],
            capture_output=True,
            text=True,
        )
        return done.stdout

    def pid(self, program: str) -> int:
        """The pid of a supervised program (``daphne:daphne-7210``, ``pg-replica``)."""
        return int(self.supervisorctl("pid", program).strip())

    def daphnes(self) -> list[str]:
        return [f"daphne:daphne-{url.rsplit(':', 1)[1]}" for url in self.info["daphne"]]

    def sql(self, which: str, query: str, *args: Any) -> list[tuple[Any, ...]]:
        """Run SQL on ``primary``, ``replica`` (as the site's user) or ``primary_admin`` /
        ``replica_admin`` (as postgres); the rows, if any."""
        import psycopg

        with psycopg.connect(self.info[which], autocommit=True, connect_timeout=3) as conn:
            cursor = conn.execute(query, list(args))
            return cursor.fetchall() if cursor.description else []

    def action_log(self, tables: list[int]) -> list[tuple[Any, ...]]:
        """The action log of these tables on the primary, a row a round: (round id, actions,
        distinct sequence numbers, lowest, highest). Nothing lost or twice: each row's counts
        equal and its numbers run 1..n without a gap."""
        return self.sql(
            "primary",
            "SELECT r.id, count(*), count(DISTINCT a.seq), min(a.seq), max(a.seq) "
            "FROM games_action a JOIN games_round r ON r.id = a.round_id "
            "JOIN games_match m ON m.id = r.match_id WHERE m.table_id = ANY(%s) GROUP BY r.id",
            tables,
        )

    def pgbouncer(self, command: str) -> list[dict[str, Any]]:
        """A PgBouncer admin console command (``SHOW POOLS``): its rows, by column."""
        import psycopg

        with psycopg.connect(
            self.info["pgbouncer_admin"], autocommit=True, cursor_factory=psycopg.ClientCursor
        ) as conn:
            cursor = conn.execute(command)  # the console speaks the simple query protocol only
            names = [column.name for column in cursor.description or []]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def haproxy(self, command: str) -> str:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(5)
            s.connect(self.info["haproxy_socket"])
            s.sendall(command.encode() + b"\n")
            chunks = []
            while chunk := s.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def log(self, name: str) -> str:
        path = self.root / "log" / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""
