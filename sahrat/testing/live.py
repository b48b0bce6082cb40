"""A live site for integration tests and benchmarks: real daphne + a real Celery worker on
127.0.0.1, a fresh database of its own (SQLite in a temp dir, or a fresh PostgreSQL database
when ``DATABASE_URL`` is set), and the Redis of ``REDIS_URL`` with a queue and prefix of its own.

    with LiveSite(tmp_dir, SAHRAT_BOT_SECONDS="0.05") as site:   # daphne, worker, beat
        cookie = site.session("alice")          # a logged-in user's session cookie
        table = site.start_table(["alice", "bob"], {"players": 2})
        ...  # connect websockets to site.ws_url(f"/ws/table/{table}/")
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]

#: quick table timings for tests (overridable per site)
FAST = {
    "SAHRAT_SEED_SECONDS": "0.3",
    "SAHRAT_BOT_SECONDS": "0.05",
    "SAHRAT_BOT_STEP_SECONDS": "0.05",
    "SAHRAT_ROUND_BREAK_SECONDS": "0.3",
    # long enough that a test reading the database after its clients closed is never raced
    # by a bot standing in for them on a busy machine; the bot-takeover test sets its own
    "SAHRAT_AWAY_GRACE_SECONDS": "60",
    "SAHRAT_SWEEP_SECONDS": "0.5",
}


#: Whether a site's ``stop`` leaves its processes' shutdown (a Celery worker's warm shutdown takes
#: seconds) and its database's removal to a thread of its own: the test run sets it
#: (``sahrat.testing.pytest_plugin``) so the next module starts meanwhile; benchmarks leave it
#: unset, so a stopping site never costs the next one's measured CPU.
stops_in_background = False
#: the sites stopping in the background
_stopping: list[threading.Thread] = []


def finish_stopping() -> None:
    """Wait until every site stopping in the background is gone."""
    while _stopping:
        _stopping.pop().join()


#: one migrated database per process and database server (SQLite file or PostgreSQL database),
#: copied for each new site: migrating takes seconds, a copy milliseconds
_templates: dict[str, str] = {}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def migrate(env: dict[str, str]) -> None:
    manage(env, "migrate", "--verbosity", "0")


def migrated_sqlite(env: dict[str, str], var: Path) -> None:
    """A migrated SQLite database in ``var``: a copy of this process's template, migrated once
    (with ``env``) the first time."""
    template = _templates.get("sqlite")
    if template is None:
        tmp = Path(tempfile.mkdtemp(prefix="sahrat-live-template-"))
        atexit.register(shutil.rmtree, tmp, True)
        migrate({**env, "SAHRAT_VAR_DIR": str(tmp)})
        template = _templates["sqlite"] = str(tmp / "sahrat.sqlite3")
    var.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal"):  # SQLite in WAL mode: a log not yet merged is the database too
        if Path(template + suffix).exists():
            shutil.copyfile(template + suffix, var / f"sahrat.sqlite3{suffix}")


def postgres(admin_url: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql)


#: the console's program: Django set up once, then each snippet read from stdin (a JSON string
#: a line) run in a namespace of its own, what it printed (or its traceback) written back as a
#: JSON line. Its command line names nothing of the site's, so ``pids()`` never takes it for one
#: of the site's processes.
CONSOLE = r"""
import contextlib, io, json, sys, traceback
import django
django.setup()
from django.db import connections
answer = sys.stdout
for line in sys.stdin:
    printed = io.StringIO()
    error = None
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(json.loads(line), "<live>", "exec"), {"__name__": "__live__"})
    except BaseException:
        error = traceback.format_exc()
    finally:
        connections.close_all()
    answer.write(json.dumps({"out": printed.getvalue(), "error": error}) + "\n")
    answer.flush()
"""


class Console:
    """One Python process with Django set up against a site's database, running the snippets
    ``run`` sends it one at a time: a process a snippet spent over a second of CPU on
    ``django.setup()`` alone, and tests send hundreds (every page they open logs in through
    one). Each snippet's database connections are closed after it, so it holds nothing
    between snippets; a console that died is started again on the next snippet."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = {**env, "DJANGO_SETTINGS_MODULE": "sahrat.settings"}
        self.process: subprocess.Popen[str] | None = None
        self.errors: Any = None
        self.lock = threading.Lock()

    def run(self, code: str) -> str:
        with self.lock:
            line = ""
            for _ in range(2):  # a console killed since the last snippet: once more, anew
                if self.process is None or self.process.poll() is not None:
                    self._start()
                line = self._ask(code)
                if line:
                    break
                self.errors.seek(0)
                died = self.errors.read()
                self.close()
            if not line:
                raise RuntimeError(f"live python died:\n{died}")
            done = json.loads(line)
        if done["error"]:
            raise RuntimeError(f"live python failed:\n{done['out']}{done['error']}")
        return str(done["out"])

    def _ask(self, code: str) -> str:
        assert self.process is not None and self.process.stdin and self.process.stdout
        try:
            self.process.stdin.write(json.dumps(code) + "\n")
            self.process.stdin.flush()
            return self.process.stdout.readline()
        except OSError:
            return ""

    def _start(self) -> None:
        self.close()
        self.errors = tempfile.TemporaryFile("w+")
        self.process = subprocess.Popen(
            [sys.executable, "-u", "-c", CONSOLE],
            cwd=ROOT,
            env=self.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            text=True,
        )

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process = None
        if self.errors is not None:
            self.errors.close()
            self.errors = None


class Site:
    """Talking to a running site from a test: its settings are ``env``, its address ``url``."""

    env: dict[str, str]
    url: str
    _console: Console | None = None

    def manage(self, *args: str) -> str:
        return manage(self.env, *args)

    def python(self, code: str) -> str:
        """Run Python with Django set up against this site's database (in the site's console,
        started on first use); return what it prints."""
        if self._console is None:
            self._console = Console(self.env)
            atexit.register(self._console.close)
        return self._console.run(code)

    def close_console(self) -> None:
        if self._console is not None:
            self._console.close()
            self._console = None

    def query(self, code: str) -> Any:
        """Evaluate Python that sets ``result``; returns it decoded from JSON."""
        out = self.python(code + "\nimport json\nprint('@@' + json.dumps(result, default=str))")
        return json.loads(out.rsplit("@@", 1)[1])

    def session(self, username: str) -> str:
        """Create the user if needed and a logged-in session; returns the Cookie header value."""
        key = self.query(
            "from django.contrib.auth import get_user_model\n"
            "from django.contrib.sessions.backends.db import SessionStore\n"
            "from django.contrib.auth import SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY\n"
            f"u, _ = get_user_model().objects.get_or_create(username={username!r}, "
            f"defaults={{'display_name': {username.capitalize()!r}}})\n"
            "s = SessionStore()\n"
            "s[SESSION_KEY] = str(u.pk)\n"
            "s[BACKEND_SESSION_KEY] = 'django.contrib.auth.backends.ModelBackend'\n"
            "s[HASH_SESSION_KEY] = u.get_session_auth_hash()\n"
            "s.create()\n"
            "result = s.session_key\n"
        )
        return f"sessionid={key}"

    def start_table(
        self,
        usernames: list[str],
        options: dict[str, Any] | None = None,
        bots: bool = False,
        game: str = "banakil",
    ) -> int:
        """Seat these users (created if needed) at a table of ``game`` in order, fill with bots
        if asked, start. A user still seated from an earlier test of the same site stands up
        first (as the player would, with the Leave button), so tests may share names."""
        return int(
            self.query(
                "from django.contrib.auth import get_user_model\n"
                "from lobby import services\n"
                "from lobby.models import Seat\n"
                "from games import live\n"
                "U = get_user_model()\n"
                f"users = [U.objects.get_or_create(username=n, defaults={{'display_name': n}})[0] "
                f"for n in {usernames!r}]\n"
                "for u in users:\n"
                "    for seat in Seat.objects.filter(user_id=u.pk):\n"
                "        live.leave(u, seat.table_id)\n"
                f"t = services.create_table(users[0], {options or {}!r}, {game!r})\n"
                "for u in users[1:]:\n    services.sit(u, t)\n"
                f"if {bots!r}:\n    services.fill_with_bots(users[0], t)\n"
                "live.start(users[0], t.pk)\n"
                "result = t.pk\n"
            )
        )

    def end_playing_tables(self) -> int:
        """Every player still seated at a playing table leaves it (as with the Leave button), so
        its match ends rather than being played on by bots for the rest of the run; returns how
        many tables that was."""
        return int(
            self.query(
                "from games import live\n"
                "from lobby.models import Seat, Table\n"
                "seats = list(Seat.objects.filter(table__status=Table.Status.PLAYING,"
                " user__isnull=False).select_related('user'))\n"
                "for seat in seats:\n"
                "    live.leave(seat.user, seat.table_id)\n"
                "result = len({seat.table_id for seat in seats})\n"
            )
        )

    def ws_url(self, path: str) -> str:
        return "ws" + self.url.removeprefix("http") + path


class LiveSite(Site):
    def __init__(
        self,
        root: Path,
        workers: int = 2,
        debug: bool = True,
        own_redis: bool = False,
        **settings: str,
    ) -> None:
        self.root = Path(root)
        self.workers = workers
        self.name = f"live{os.getpid()}x{uuid.uuid4().hex[:6]}"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.own_redis = own_redis
        self.serve: subprocess.Popen[bytes] | None = None
        self._pg_admin: str | None = None
        self._redis: Any = None
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
        env.pop("DJANGO_SETTINGS_MODULE", None)
        env.pop("SAHRAT_DB_THREADS", None)  # the test run's in-memory database setting
        env.update(FAST)
        env.update(settings)
        env.update(
            SAHRAT_VAR_DIR=str(self.root / "var"),
            DEBUG="true" if debug else "false",
            SECURE_SSL_REDIRECT="false",  # plain http on 127.0.0.1
            CHANNELS_PREFIX=self.name,
            CACHE_PREFIX=self.name,  # presence counts and locks of its own on a shared Redis
            CELERY_QUEUE=self.name,
            PYTHONUNBUFFERED="1",
            LOG_LEVEL=settings.get("LOG_LEVEL", "WARNING"),
        )
        if not debug:
            env["SECRET_KEY"] = uuid.uuid4().hex * 2
        database = os.environ.get("DATABASE_URL")
        if database:
            parts = urlsplit(database)
            self._pg_admin = urlunsplit(parts._replace(path="/postgres"))
            env["DATABASE_URL"] = urlunsplit(parts._replace(path=f"/{self.name}"))
        self.env = env

    # --- life cycle ------------------------------------------------------------------------

    def __enter__(self) -> LiveSite:
        self.start()
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.stop()

    def start(self) -> None:
        (self.root / "var").mkdir(parents=True, exist_ok=True)
        if self.own_redis or not self.env.get("REDIS_URL"):  # a Redis of its own
            from sahrat.embedded_redis import EmbeddedRedis

            self._redis = EmbeddedRedis(
                self.root / "redis.sock",
                self.root / "redis",
                persist=False,
                port=free_port() if self.own_redis else 0,  # TCP, as Redis is at scale
            )
            self._redis.start()
            self.env["REDIS_URL"] = self._redis.url
        self._migrated_database()
        readies = self._workers_ready()  # a site started again: its log has the last run's
        log = open(self.root / "serve.log", "ab")
        # the product's own supervisor: daphne, a Celery worker and beat, restarted if they die
        self.serve = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "serve",
                "--no-setup",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--concurrency",
                str(self.workers),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        self._wait_until_up(readies)

    def _migrated_database(self) -> None:
        """This site's database, a copy of the process's migrated template."""
        if self._pg_admin:
            template = _templates.get(self._pg_admin)
            if template is None:
                template = f"sahrat_live_template_{os.getpid()}"
                self._postgres(f'DROP DATABASE IF EXISTS "{template}"')
                self._postgres(f'CREATE DATABASE "{template}"')
                atexit.register(postgres, self._pg_admin, f'DROP DATABASE IF EXISTS "{template}"')
                url = urlsplit(self.env["DATABASE_URL"])
                migrate({**self.env, "DATABASE_URL": urlunsplit(url._replace(path=f"/{template}"))})
                _templates[self._pg_admin] = template
            self._postgres(f'CREATE DATABASE "{self.name}" TEMPLATE "{template}"')
            return
        migrated_sqlite(self.env, self.root / "var")

    def stop(self) -> None:
        """Ctrl-C to the site's supervisor, then its processes' end, its Redis and its database
        gone; with ``stops_in_background`` (a test run) the wait and the rest go on in a thread
        while the caller goes on (``finish_stopping`` waits for them)."""
        self.close_console()
        if self.serve is not None and self.serve.poll() is None:
            self.serve.send_signal(signal.SIGINT)  # Ctrl-C: it stops its children in order
        if not stops_in_background:
            self._finish_stop()
            return
        thread = threading.Thread(target=self._finish_stop, name=f"stop-{self.name}")
        thread.start()
        _stopping.append(thread)

    def _finish_stop(self) -> None:
        if self.serve is not None and self.serve.poll() is None:
            try:
                self.serve.wait(40)
            except subprocess.TimeoutExpired:
                for pid in self.pids():
                    os.kill(pid, signal.SIGKILL)
                self.serve.kill()
                self.serve.wait()
        if self._redis is not None:
            self._redis.stop()
            self._redis = None
        if self._pg_admin:
            self._postgres(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def pids(self, name: str = "") -> list[int]:
        """This site's processes (``daphne``, ``worker``, ``beat`` or all), found by the
        marker every one of them carries in its environment."""
        patterns = {
            "daphne": "sahrat.asgi:application",
            "worker": "celery -A sahrat worker",
            "beat": "celery -A sahrat beat",
            "": "sahrat",
        }
        found = subprocess.run(
            ["pgrep", "-f", "--", patterns[name]], capture_output=True, text=True
        )
        mine = []
        for pid in found.stdout.split():
            try:
                environ = Path(f"/proc/{pid}/environ").read_bytes()
            except OSError:
                continue
            if f"CHANNELS_PREFIX={self.name}".encode() in environ.split(b"\0"):
                mine.append(int(pid))
        return mine

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        """Kill one of the supervised processes (with its pool children), as a crash would."""
        for pid in self.pids(name):
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass

    def restart(self, name: str) -> None:
        """Crash a process and wait until the supervisor has it serving again."""
        before = set(self.pids(name))
        readies = self._workers_ready() if name in ("worker", "") else 0
        self.kill(name)
        deadline = time.monotonic() + 60
        while not (self.pids(name) and before.isdisjoint(self.pids(name))):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not come back:\n{self.log('serve')}")
            time.sleep(0.2)
        self._wait_until_up(readies)

    def restart_redis(self) -> None:
        """Stop this site's own Redis (everything in it is lost) and start it again."""
        assert self._redis is not None, "LiveSite(own_redis=True) owns its Redis"
        self._redis.stop()
        self._redis.start()

    def log(self, name: str) -> str:
        path = self.root / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def _wait_until_up(self, readies: int = 0) -> None:
        """Until daphne answers and a Celery worker started after ``readies`` of them logged
        that it is ready (it consumes the site's queue from then on)."""
        deadline = time.monotonic() + 60
        while True:
            if self.serve is not None and self.serve.poll() is not None:
                raise RuntimeError(f"serve exited:\n{self.log('serve')}")
            try:
                with urllib.request.urlopen(self.url + "/health/", timeout=2) as response:
                    if response.status == 200 and self._workers_ready() > readies:
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("live site did not come up:\n" + self.log("serve"))
            time.sleep(0.2)

    def _workers_ready(self) -> int:
        """How many Celery workers logged ``celery@… ready.`` in this site's log so far."""
        return sum(
            1
            for line in self.log("serve").splitlines()
            if "/MainProcess]" in line and line.endswith(" ready.")
        )

    def _postgres(self, sql: str) -> None:
        assert self._pg_admin is not None
        postgres(self._pg_admin, sql)
