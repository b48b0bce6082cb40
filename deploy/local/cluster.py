"""Sahrat's whole topology on one machine, from the files of deploy/ (docs/operations.md,
"The cluster"):

    python deploy/local/cluster.py start     # make cluster: prints the URL
    python deploy/local/cluster.py restart   # make cluster-restart: every daphne, then every
                                             # worker, one at a time, while tables play
    python deploy/local/cluster.py stop      # make cluster-stop
    python deploy/local/cluster.py status

Options: ``--dir`` (default ``var/cluster``), ``--port-base`` (default 7100), ``--daphnes``,
``--workers``, ``--set NAME=VALUE`` (a setting for Sahrat's processes; repeatable).

Ports, from the base B: HAProxy B (the site), daphne B+10…, PgBouncer B+20, PostgreSQL primary
B+30 and replica B+31, the channel layer's Redis B+40…, Celery's Redis B+50. Everything lives
in the directory: ``etc/`` (the rendered configuration), ``pg-primary/``, ``pg-replica/``,
``redis/``, ``log/``, ``run/`` (sockets), ``var/`` (the site's SAHRAT_VAR_DIR),
``cluster.json`` (addresses and passwords, for tests and tools).

supervisord (from PyPI) runs the processes; this script renders the configuration, creates
the databases the first time (initdb, then pg_basebackup for the replica, as the ``postgres``
user when run as root: PostgreSQL refuses to run as root, PgBouncer too), and starts the
programs in order, each once the one before answers.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import pwd
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
PYTHON = sys.executable
DB_NAME = "sahrat"
DB_USER = "sahrat"
REPLICATION_USER = "replicator"
REPLICA_NAME = "replica1"
#: HAProxy's backends of daphne processes: tables' sockets (hashed by table) and the rest
BACKENDS = ("daphne", "daphne_tables")
#: settings a developer's (or a test run's) shell may hold that are not the cluster's
FOREIGN_SETTINGS = (
    "DJANGO_SETTINGS_MODULE",
    "SAHRAT_DB_THREADS",
    "CELERY_BROKER_URL",
    "CACHE_REDIS_URL",
    "CHANNELS_PREFIX",
    "CACHE_PREFIX",
    "CELERY_QUEUE",
)


class ClusterError(RuntimeError):
    pass


def binary(name: str, *candidates: str) -> str:
    """The path of an engine's binary, or a loud error that says how to install it."""
    for path in (*candidates, shutil.which(name)):
        if path and os.access(path, os.X_OK):
            return path
    raise ClusterError(f"{name} is not installed (apt-get install haproxy pgbouncer postgresql)")


def pg_bin() -> str:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    if not found:
        initdb = shutil.which("initdb")
        if not initdb:
            raise ClusterError("PostgreSQL's server is missing (apt-get install postgresql)")
        return str(Path(initdb).parent)
    return str(Path(found[-1]).parent)


PLACEHOLDER = re.compile(r"\$\{([A-Z][A-Z0-9_]*)\}")


def render(template: Path, target: Path, values: dict[str, Any], mode: int = 0o644) -> None:
    """``template`` with each ``${NAME}`` replaced (as envsubst would); a name without a value
    is an error."""

    def value(match: re.Match[str]) -> str:
        if match.group(1) not in values:
            raise ClusterError(f"{template}: no value for {match.group(0)}")
        return str(values[match.group(1)])

    text = PLACEHOLDER.sub(value, template.read_text())
    target.write_text(text)
    target.chmod(mode)


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def wait(what: str, check: Any, timeout: float = 60.0, log: Path | None = None) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if check():
                return
        except Exception:  # noqa: BLE001  (not up yet, whatever the reason)
            pass
        if time.monotonic() > deadline:
            tail = ""
            if log is not None and log.exists():
                tail = "\n" + "\n".join(log.read_text(errors="replace").splitlines()[-30:])
            raise ClusterError(f"{what}: not ready after {timeout:.0f} s{tail}")
        time.sleep(0.2)


class Cluster:
    def __init__(
        self,
        directory: Path,
        port_base: int = 7100,
        daphnes: int = 2,
        workers: int = 2,
        settings: dict[str, str] | None = None,
        concurrency: int = 2,
    ) -> None:
        self.dir = Path(directory).resolve()
        self.etc, self.log, self.run = self.dir / "etc", self.dir / "log", self.dir / "run"
        self.var = self.dir / "var"
        self.primary_data, self.replica_data = self.dir / "pg-primary", self.dir / "pg-replica"
        self.base = port_base
        self.daphnes, self.workers, self.concurrency = daphnes, workers, concurrency
        self.settings = settings or {}
        self.root_user = os.geteuid() == 0
        self.ports = {
            "haproxy": port_base,
            "daphne": [port_base + 10 + i for i in range(daphnes)],
            "pgbouncer": port_base + 20,
            "primary": port_base + 30,
            "replica": port_base + 31,
            "channels": [port_base + 40, port_base + 41],
            "celery": port_base + 50,
        }
        self.state_file = self.dir / "cluster.json"
        self.timings: dict[str, float] = {}
        self._lap = time.monotonic()

    # --- the secrets and addresses, kept in cluster.json --------------------------------------

    def secrets(self) -> dict[str, str]:
        path = self.dir / "secrets.json"
        if not path.exists():
            path.write_text(
                json.dumps({k: secrets.token_hex(16) for k in ("app", "admin", "replication")})
            )
            path.chmod(0o600)
        loaded: dict[str, str] = json.loads(path.read_text())
        return loaded

    def urls(self) -> dict[str, Any]:
        s, p = self.secrets(), self.ports
        return {
            "url": f"http://127.0.0.1:{p['haproxy']}",
            "database": f"postgres://{DB_USER}:{s['app']}@127.0.0.1:{p['pgbouncer']}/{DB_NAME}",
            "primary": f"postgres://{DB_USER}:{s['app']}@127.0.0.1:{p['primary']}/{DB_NAME}",
            "replica": f"postgres://{DB_USER}:{s['app']}@127.0.0.1:{p['replica']}/{DB_NAME}",
            "primary_admin": f"postgres://postgres:{s['admin']}@127.0.0.1:{p['primary']}/postgres",
            "replica_admin": f"postgres://postgres:{s['admin']}@127.0.0.1:{p['replica']}/postgres",
            "pgbouncer_admin": (
                f"postgres://postgres:{s['admin']}@127.0.0.1:{p['pgbouncer']}/pgbouncer"
            ),
            "channels": [f"redis://127.0.0.1:{port}/0" for port in p["channels"]],
            "redis": f"redis://127.0.0.1:{p['celery']}/0",
            "haproxy_socket": str(self.run / "haproxy.sock"),
            "daphne": [f"http://127.0.0.1:{port}" for port in p["daphne"]],
            "var": str(self.var),
        }

    def app_environment(self) -> dict[str, str]:
        u = self.urls()
        env = {
            "DATABASE_URL": u["database"],
            "DATABASE_POOLED": "true",
            "DATABASE_REPLICA_URL": u["replica"],
            "CHANNEL_REDIS_URLS": ",".join(u["channels"]),
            "REDIS_URL": u["redis"],
            "SAHRAT_VAR_DIR": u["var"],
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "PROXY_COUNT": "1",
            "PYTHONUNBUFFERED": "1",
        }
        env.update(self.settings)
        return env

    # --- configuration --------------------------------------------------------------------

    def configure(self) -> None:
        for d in (self.dir, self.etc, self.log, self.run, self.var, self.dir / "redis"):
            d.mkdir(parents=True, exist_ok=True)
        # PostgreSQL and PgBouncer run as postgres: they must reach their files here
        self.dir.chmod(0o755)
        for d in (self.log, self.run):
            d.chmod(0o777 if self.root_user else 0o755)
        s, p, u = self.secrets(), self.ports, self.urls()
        values: dict[str, Any] = {
            "HAPROXY_BIND": f"127.0.0.1:{p['haproxy']}",
            "HAPROXY_SOCKET": u["haproxy_socket"],
            "HEALTH_HOST": "127.0.0.1",
            "HAPROXY_BUSY_PAGE": self.etc / "haproxy-busy.html",
            # HAProxy's 503 gives the hint a full daphne gives (the site's own setting)
            "BUSY_RETRY_SECONDS": self.settings.get("SAHRAT_BUSY_RETRY_SECONDS", "5"),
            "DAPHNE_SERVERS": "\n".join(
                f"    server daphne-{port} 127.0.0.1:{port}" for port in p["daphne"]
            ),
            "DAPHNE_TABLE_SERVERS": "\n".join(
                f"    server daphne-{port} 127.0.0.1:{port} track daphne/daphne-{port}"
                for port in p["daphne"]
            ),
            "DB_NAME": DB_NAME,
            "DB_USER": DB_USER,
            "DB_PASSWORD": s["app"],
            "DB_ADMIN": "postgres",
            "DB_ADMIN_PASSWORD": s["admin"],
            "PRIMARY_HOST": "127.0.0.1",
            "PRIMARY_PORT": p["primary"],
            "REPLICA_PORT": p["replica"],
            "PGBOUNCER_HOST": "127.0.0.1",
            "PGBOUNCER_PORT": p["pgbouncer"],
            "PGBOUNCER_USERLIST": self.etc / "pgbouncer-userlist.txt",
            "PG_LISTEN": "127.0.0.1",
            "REPLICATION_USER": REPLICATION_USER,
            "REPLICATION_PASSWORD": s["replication"],
            "REPLICA_NAME": REPLICA_NAME,
            "APP_NETWORK": "127.0.0.1/32",
            "ADMIN_NETWORK": "127.0.0.1/32",
            "REPLICA_NETWORK": "127.0.0.1/32",
            "REDIS_BIND": "127.0.0.1",
            "RUN_DIR": self.run,
            "LOG_DIR": self.log,
            "ETC_DIR": self.etc,
            "VAR_DIR": self.var,
            "ROOT": ROOT,
            "PYTHON": PYTHON,
            "PG_BIN": pg_bin(),
            "PG_USER_LINE": "user = postgres" if self.root_user else "",
            "PRIMARY_DATA": self.primary_data,
            "REPLICA_DATA": self.replica_data,
            "REDIS_SERVER": binary("redis-server", "/usr/bin/redis-server"),
            "PGBOUNCER": binary("pgbouncer", "/usr/sbin/pgbouncer"),
            "HAPROXY": binary("haproxy", "/usr/sbin/haproxy"),
            "CHANNEL_SHARDS": len(p["channels"]),
            "CHANNEL_REDIS_PORT": p["channels"][0],
            "DAPHNES": self.daphnes,
            "DAPHNE_PORT": p["daphne"][0],
            "WORKERS": self.workers,
            "WORKER_CONCURRENCY": self.concurrency,
            "APP_ENVIRONMENT": ",".join(
                f'{k}="{v}"' for k, v in sorted(self.app_environment().items())
            ),
        }
        render(DEPLOY / "haproxy/haproxy.cfg", self.etc / "haproxy.cfg", values)
        render(DEPLOY / "haproxy/busy.html", self.etc / "haproxy-busy.html", values)
        render(DEPLOY / "pgbouncer/pgbouncer.ini", self.etc / "pgbouncer.ini", values)
        render(
            DEPLOY / "pgbouncer/userlist.txt", self.etc / "pgbouncer-userlist.txt", values, 0o600
        )
        render(DEPLOY / "postgresql/primary.conf", self.etc / "postgresql-primary.conf", values)
        render(DEPLOY / "postgresql/replica.conf", self.etc / "postgresql-replica.conf", values)
        render(DEPLOY / "postgresql/pg_hba.conf", self.etc / "pg_hba.conf", values)
        for port in p["channels"]:
            shard = self.dir / "redis" / f"channels-{port}"
            shard.mkdir(exist_ok=True)
            render(
                DEPLOY / "redis/channels.conf",
                self.etc / f"redis-channels-{port}.conf",
                {**values, "REDIS_PORT": port, "REDIS_DIR": shard},
            )
        celery_dir = self.dir / "redis" / "celery"
        celery_dir.mkdir(exist_ok=True)
        render(
            DEPLOY / "redis/celery.conf",
            self.etc / "redis-celery.conf",
            {**values, "REDIS_PORT": p["celery"], "REDIS_DIR": celery_dir},
        )
        render(DEPLOY / "supervisor/sahrat.conf", self.etc / "supervisord.conf", values, 0o600)
        if self.root_user:  # PgBouncer (as postgres) reads its files
            subprocess.run(["chown", "postgres", self.etc / "pgbouncer-userlist.txt"], check=True)
        self.state_file.write_text(
            json.dumps({**self.urls(), "environment": self.app_environment()}, indent=2)
        )

    # --- processes --------------------------------------------------------------------------

    def as_postgres(self, argv: list[str]) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *argv] if self.root_user else argv

    def supervisorctl(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(
            [
                PYTHON,
                "-m",
                "supervisor.supervisorctl",
                "-c",
                str(self.etc / "supervisord.conf"),
                *args,
            ],
            capture_output=True,
            text=True,
        )
        if check and done.returncode not in (0,):
            raise ClusterError(f"supervisorctl {' '.join(args)}: {done.stdout}{done.stderr}")
        return done.stdout

    def supervised(self) -> bool:
        return (self.run / "supervisor.sock").exists() and (
            subprocess.run(
                [
                    PYTHON,
                    "-m",
                    "supervisor.supervisorctl",
                    "-c",
                    str(self.etc / "supervisord.conf"),
                    "pid",
                ],
                capture_output=True,
                text=True,
            )
            .stdout.strip()
            .isdigit()
        )

    def start_programs(self, *names: str) -> None:
        self.supervisorctl("start", *names)

    def initdb(self) -> None:
        if (self.primary_data / "PG_VERSION").exists():
            return
        if self.root_user:
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                raise ClusterError("run as root, the cluster needs a 'postgres' user") from None
        self.primary_data.mkdir(mode=0o700, exist_ok=True)
        pwfile = self.dir / "pg-pwfile"
        pwfile.write_text(self.secrets()["admin"] + "\n")
        if self.root_user:
            subprocess.run(["chown", "postgres", self.primary_data, pwfile], check=True)
        done = subprocess.run(
            self.as_postgres(
                [
                    f"{pg_bin()}/initdb",
                    "-D",
                    str(self.primary_data),
                    "-U",
                    "postgres",
                    "--auth-local=peer",
                    "--auth-host=scram-sha-256",
                    f"--pwfile={pwfile}",
                    "-E",
                    "UTF8",
                    "--locale=C.UTF-8",
                ]
            ),
            capture_output=True,
            text=True,
        )
        pwfile.unlink()
        if done.returncode:
            raise ClusterError(f"initdb failed:\n{done.stdout}{done.stderr}")
        self._include(self.primary_data, self.etc / "postgresql-primary.conf")

    def _include(self, data: Path, conf: Path) -> None:
        """The data directory's own files point at the rendered ones in etc/."""
        (data / "postgresql.conf").write_text(
            f"# written by deploy/local/cluster.py\ninclude '{conf}'\n"
            f"hba_file = '{self.etc / 'pg_hba.conf'}'\n"
        )
        if self.root_user:
            subprocess.run(["chown", "postgres", data / "postgresql.conf"], check=True)

    def create_roles(self) -> None:
        import psycopg

        s = self.secrets()
        with psycopg.connect(self.urls()["primary_admin"], autocommit=True) as conn:
            if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [DB_USER]).fetchone():
                conn.execute(f"CREATE ROLE {DB_USER} LOGIN PASSWORD '{s['app']}'")
                conn.execute(
                    f"CREATE ROLE {REPLICATION_USER} REPLICATION LOGIN "
                    f"PASSWORD '{s['replication']}'"
                )
            if not conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", [DB_NAME]
            ).fetchone():
                conn.execute(f"CREATE DATABASE {DB_NAME} OWNER {DB_USER}")

    def migrate(self) -> None:
        env = {**os.environ, **self.app_environment(), "DATABASE_URL": self.urls()["primary"]}
        for name in ("DATABASE_POOLED", "DATABASE_REPLICA_URL", "DJANGO_SETTINGS_MODULE"):
            env.pop(name, None)
        done = subprocess.run(
            [PYTHON, "manage.py", "migrate", "--verbosity", "0"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise ClusterError(f"migrate failed:\n{done.stdout}{done.stderr}")

    def base_backup(self) -> None:
        if (self.replica_data / "PG_VERSION").exists():
            return
        import psycopg

        with psycopg.connect(self.urls()["primary_admin"], autocommit=True) as conn:
            conn.execute(  # a slot left by an earlier replica of this directory
                "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots "
                "WHERE slot_name = %s",
                [REPLICA_NAME],
            )
        if self.replica_data.exists():
            shutil.rmtree(self.replica_data)
        self.replica_data.mkdir(mode=0o700)
        if self.root_user:
            subprocess.run(["chown", "postgres", self.replica_data], check=True)
        env = {**os.environ, "PGPASSWORD": self.secrets()["replication"]}
        done = subprocess.run(
            self.as_postgres(
                [
                    f"{pg_bin()}/pg_basebackup",
                    "-h",
                    "127.0.0.1",
                    "-p",
                    str(self.ports["primary"]),
                    "-U",
                    REPLICATION_USER,
                    "-D",
                    str(self.replica_data),
                    "-X",
                    "stream",
                    "-C",
                    "-S",
                    REPLICA_NAME,
                    "--checkpoint=fast",
                ]
            ),
            capture_output=True,
            text=True,
            env=env,
        )
        if done.returncode:
            raise ClusterError(f"pg_basebackup failed:\n{done.stdout}{done.stderr}")
        (self.replica_data / "standby.signal").touch()
        if self.root_user:
            subprocess.run(["chown", "postgres", self.replica_data / "standby.signal"], check=True)
        self._include(self.replica_data, self.etc / "postgresql-replica.conf")

    def sql(self, which: str, query: str) -> Any:
        import psycopg

        with psycopg.connect(self.urls()[which], autocommit=True, connect_timeout=2) as conn:
            return conn.execute(query).fetchall()

    def start(self) -> None:
        self.configure()
        if self.supervised():
            raise ClusterError(f"the cluster in {self.dir} already runs (make cluster-stop)")
        self.initdb()
        # the programs inherit supervisord's environment: none of this shell's site settings
        inherited = {k: v for k, v in os.environ.items() if k not in FOREIGN_SETTINGS}
        done = subprocess.run(
            [PYTHON, "-m", "supervisor.supervisord", "-c", str(self.etc / "supervisord.conf")],
            capture_output=True,
            text=True,
            env=inherited,
        )
        if done.returncode:
            raise ClusterError(f"supervisord did not start:\n{done.stdout}{done.stderr}")
        wait("supervisord", self.supervised, 20)
        try:
            self._start_in_order()
        except BaseException:
            self.stop()  # nothing left running half-started; the data stays for the next try
            raise

    def _start_in_order(self) -> None:
        p = self.ports
        self.lap()
        self.start_programs("pg-primary", "redis-channels:*", "redis-celery")
        wait(
            "PostgreSQL primary",
            lambda: self.sql("primary_admin", "SELECT 1"),
            60,
            self.log / "pg-primary.log",
        )
        for port in [*p["channels"], p["celery"]]:
            wait(f"Redis on {port}", lambda port=port: port_open(port), 20)
        self.lap("databases and Redis")
        self.create_roles()
        self.lap("roles")
        self.migrate()
        self.lap("migrate")
        self.base_backup()
        self.lap("base backup")
        self.start_programs("pg-replica", "pgbouncer")
        wait(
            "PostgreSQL replica",
            lambda: self.sql("replica_admin", "SELECT pg_is_in_recovery()") == [(True,)],
            60,
            self.log / "pg-replica.log",
        )
        wait("PgBouncer", lambda: port_open(p["pgbouncer"]), 20, self.log / "pgbouncer.log")
        self.lap("replica and PgBouncer")
        self.start_programs("beat", "worker:*", "daphne:*")
        for url in self.urls()["daphne"]:
            wait(
                f"daphne {url}",
                lambda url=url: http_ok(url + "/health/ready/"),
                90,
                self.log / "daphne-{}.log".format(url.rsplit(":", 1)[1]),
            )
        self.lap("daphne, workers, beat")
        self.start_programs("haproxy")
        wait(
            "HAProxy",
            lambda: all(s == "UP" for s in self.server_states().values()),
            30,
            self.log / "haproxy.log",
        )
        wait("the site", lambda: http_ok(self.urls()["url"] + "/health/ready/"), 30)
        # daphne is ready without the table work (decision 121): the site is up once beat's
        # sweep has run through a worker too
        wait("the table work", lambda: http_ok(self.urls()["url"] + "/health/tasks/"), 60)
        self.lap("HAProxy")

    def lap(self, what: str = "") -> None:
        """Note how long the step ``what`` took (since the last lap)."""
        now = time.monotonic()
        if what:
            self.timings[what] = now - self._lap
        self._lap = now

    def stop(self) -> None:
        if not self.supervised():
            return
        self.supervisorctl("shutdown")
        wait(
            "supervisord to stop",
            lambda: not (self.run / "supervisord.pid").exists(),
            120,
            self.log / "supervisord.log",
        )

    # --- HAProxy's runtime API ------------------------------------------------------------

    def haproxy(self, command: str) -> str:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(5)
            s.connect(str(self.run / "haproxy.sock"))
            s.sendall(command.encode() + b"\n")
            chunks = []
            while chunk := s.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def set_state(self, name: str, state: str) -> None:
        """Set daphne ``name``'s admin state (``drain``, ``ready``) in every backend it serves."""
        for backend in BACKENDS:
            self.haproxy(f"set server {backend}/{name} state {state}")

    def stat_rows(self) -> list[dict[str, str]]:
        """HAProxy's ``show stat``: one row a frontend, backend and server, by column."""
        lines = self.haproxy("show stat").splitlines()
        header = lines[0].lstrip("# ").split(",")
        return [dict(zip(header, line.split(","), strict=False)) for line in lines[1:]]

    def server_states(self) -> dict[str, str]:
        """Each daphne's status as HAProxy sees it: UP, DOWN, DRAIN, MAINT, …"""
        return {
            row["svname"]: row["status"]
            for row in self.stat_rows()
            if row.get("pxname") == "daphne" and row.get("svname", "").startswith("daphne-")
        }

    def server_sessions(self, name: str) -> int:
        """The connections HAProxy holds open to daphne ``name`` (pages and every socket)."""
        found = [
            int(row["scur"] or 0)
            for row in self.stat_rows()
            if row.get("pxname") in BACKENDS and row.get("svname") == name
        ]
        if not found:
            raise ClusterError(f"HAProxy has no server {name}")
        return sum(found)

    # --- the rolling restart ---------------------------------------------------------------

    def restart(self, say: Any = print) -> None:
        """Every daphne, then every worker, one at a time, while the site keeps serving."""
        if not self.supervised():
            raise ClusterError(f"no cluster runs in {self.dir} (make cluster)")
        for port in self.ports["daphne"]:
            started = time.monotonic()
            self.restart_daphne(port)
            say(f"daphne-{port} restarted in {time.monotonic() - started:.1f} s")
        for number in range(1, self.workers + 1):
            name = f"worker-{number}"
            started = time.monotonic()
            log = self.log / f"{name}.log"
            readies = ready_lines(log)
            # warm shutdown: it finishes what it runs; acks_late hands back what it had not
            # started, and the beat's sweep reissues any table work still missing
            self.supervisorctl("stop", f"worker:{name}")
            self.supervisorctl("start", f"worker:{name}")
            wait(f"{name} ready", lambda log=log, n=readies: ready_lines(log) > n, 90, log)
            say(f"{name} restarted in {time.monotonic() - started:.1f} s")

    def restart_daphne(self, port: int) -> None:
        name = f"daphne-{port}"
        # 1. no new connection goes to it; its open ones stay
        self.set_state(name, "drain")
        # 2. SIGTERM: every websocket gets 1001 "going away", the pages reconnect through
        #    HAProxy, which sends them to the daphne still taking connections
        self.supervisorctl("stop", f"daphne:{name}")
        wait(f"{name}'s connections to close", lambda: self.server_sessions(name) == 0, 20)
        # HAProxy's check sees it down, so that "up" below is the new process's
        wait(f"HAProxy to see {name} down", lambda: "DOWN" in self.server_states()[name], 10)
        # 3. start it; wait until it is ready and HAProxy's checks pass again
        self.supervisorctl("start", f"daphne:{name}")
        wait(
            f"{name} ready",
            lambda: http_ok(f"http://127.0.0.1:{port}/health/ready/"),
            90,
            self.log / f"{name}.log",
        )
        wait(f"HAProxy to see {name} up", lambda: self.server_states()[name] == "DRAIN", 20)
        # 4. back in rotation
        self.set_state(name, "ready")

    def status(self) -> str:
        return self.supervisorctl("status", check=False)


def ready_lines(log: Path) -> int:
    """How many times a Celery worker logged that it is ready (``celery@… ready.``)."""
    if not log.exists():
        return 0
    lines = log.read_text(errors="replace").splitlines()
    return sum(1 for line in lines if line.endswith(" ready."))


def http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=3) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["start", "stop", "restart", "status"])
    parser.add_argument("--dir", default=str(ROOT / "var" / "cluster"))
    parser.add_argument("--port-base", type=int, default=int(os.environ.get("CLUSTER_PORT", 7100)))
    parser.add_argument("--daphnes", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=2, help="processes per worker")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    settings = dict(item.split("=", 1) for item in args.set)
    cluster = Cluster(
        Path(args.dir), args.port_base, args.daphnes, args.workers, settings, args.concurrency
    )
    try:
        if args.command == "start":
            started = time.monotonic()
            cluster.start()
            print(
                f"\nSahrat's cluster is up in {time.monotonic() - started:.0f} s: "
                f"{cluster.urls()['url']}/\n"
                f"  every address and password: {cluster.state_file}\n"
                f"  logs: {cluster.log}/   stop: make cluster-stop\n"
                "  took: " + ", ".join(f"{k} {v:.1f} s" for k, v in cluster.timings.items())
            )
        elif args.command == "stop":
            cluster.stop()
            print("the cluster stopped")
        elif args.command == "restart":
            cluster.restart()
        else:
            print(cluster.status(), end="")
    except ClusterError as error:
        print(f"cluster: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
