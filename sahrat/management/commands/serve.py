"""``manage.py serve``: the whole site on one machine, the way ``make run`` starts it.

Migrates, collects static files, creates the first admin (printing its password once), then
supervises the embedded Redis (when ``REDIS_URL`` is unset), daphne, a Celery worker and Celery
beat: a child that dies is started again. Ctrl-C (or SIGTERM, or a child that keeps dying)
stops them all; a supervisor that is killed takes them with it (Linux's parent-death signal,
and a watchdog that kills what is left of each child's process group after a grace).
One supervisor per var/ (``var/serve.pid``); a new one stops what a crashed one left running.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time
from types import FrameType
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from sahrat import metrics
from sahrat.embedded_redis import EmbeddedRedis
from sahrat.env import env_int, env_str
from sahrat.supervision import (
    AlreadySupervised,
    VarLock,
    Watchdog,
    die_with_parent,
    stop_groups,
    stop_leftovers,
)

#: the worker's flags for a site whose workers need not talk to each other: nothing here uses
#: their gossip or heartbeats (about 1.7 ms of CPU a second each), and mingle delays every
#: start by a second (deploy/supervisor and deploy/systemd give the same; decision 149)
WORKER_QUIET = ("--without-gossip", "--without-mingle", "--without-heartbeat")
CRASH_LIMIT = 5  # restarts of one child within a minute before everything stops


class Command(BaseCommand):
    help = "Run Sahrat: (embedded Redis), daphne, a Celery worker and Celery beat, together."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default=env_str("HOST", "127.0.0.1"))
        parser.add_argument("--port", type=int, default=env_int("PORT", 8000, minimum=1))
        parser.add_argument("--no-setup", action="store_true", help="skip migrate/collectstatic")
        parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes")

    def handle(self, *args: Any, **opts: Any) -> None:
        self.stopping = False
        self.children: list[tuple[str, subprocess.Popen[bytes]]] = []
        self.argv: dict[str, list[str]] = {}
        self.crashes: dict[str, list[float]] = {}
        self.redis_server: EmbeddedRedis | None = None
        redis_server: EmbeddedRedis | None = None
        self.preexec = die_with_parent()
        self.lock = VarLock(settings.VAR_DIR / "serve.pid")
        try:
            leftovers = self.lock.acquire()
        except AlreadySupervised as running:
            pid = running.pid if running.pid is not None else "?"
            raise CommandError(
                f"Sahrat already runs from {settings.VAR_DIR} (pid {pid}): stop it first "
                f"(Ctrl-C in its terminal, or kill {pid})"
            ) from None
        signal.signal(signal.SIGINT, self._on_signal)
        signal.signal(signal.SIGTERM, self._on_signal)
        self.watchdog = Watchdog()
        try:
            for line in stop_leftovers(leftovers):
                self.stderr.write(line)
            if not opts["no_setup"]:
                call_command("migrate", interactive=False, verbosity=1)
                call_command("collectstatic", interactive=False, verbosity=0)
                self._first_admin()
            if settings.REDIS_EMBEDDED:
                redis_server = EmbeddedRedis(settings.REDIS_SOCKET, settings.VAR_DIR)
                if redis_server.shut_down_stray():  # var/ is ours: the one who started it died
                    self.stderr.write(
                        f"shut down the embedded Redis left by a supervisor that died "
                        f"({settings.REDIS_SOCKET})"
                    )
                self._start_redis(redis_server)
                self.redis_server = redis_server
                self.stdout.write(f"embedded Redis on {redis_server.url}")
            python = sys.executable
            var = str(settings.VAR_DIR)
            metrics.reset_dir()  # this run's samples only (the children inherit the directory)
            self._spawn(
                "daphne",
                [
                    python,
                    "-m",
                    "sahrat.web_server",  # daphne, with a goodbye (1001) on shutdown
                    "-b",
                    opts["host"],
                    "-p",
                    str(opts["port"]),
                    "sahrat.asgi:application",
                ],
            )
            self._spawn(
                "worker",
                [
                    python,
                    "-m",
                    "celery",
                    "-A",
                    "sahrat",
                    "worker",
                    "--loglevel",
                    "INFO",
                    "--concurrency",
                    str(opts["concurrency"]),
                    *WORKER_QUIET,
                    "--hostname",
                    f"worker-{os.getpid()}@%h",
                ],
            )
            self._spawn(
                "beat",
                [
                    python,
                    "-m",
                    "celery",
                    "-A",
                    "sahrat",
                    "beat",
                    "--loglevel",
                    "INFO",
                    "--schedule",
                    os.path.join(var, "celerybeat-schedule"),
                ],
            )
            self.stdout.write(
                self.style.SUCCESS(
                    f"\nSahrat is up: http://{opts['host']}:{opts['port']}/   (Ctrl-C stops it)\n"
                )
            )
            self._watch()
        finally:
            self._stop_children()
            if redis_server is not None:
                redis_server.stop()
            self.watchdog.close()  # it stops what is left of any child's group, or finds none
            self.lock.release()
            self.stdout.write("stopped")

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True

    def _spawn(self, name: str, argv: list[str]) -> None:
        # Children get their own process group so a terminal's Ctrl-C reaches only us; we
        # then stop them in order.
        # They die with us however we die (a parent-death signal, Linux), and var/serve.pid
        # records them for a supervisor after a crash where that signal is missing.
        proc = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, start_new_session=True, preexec_fn=self.preexec
        )
        self.lock.record(name, proc.pid)
        self.watchdog.watch(proc.pid)  # its process group: the child leads one of its own
        self.argv[name] = argv
        self.children = [(n, p) for n, p in self.children if n != name] + [(name, proc)]

    def _watch(self) -> None:
        """Restart whatever dies (Redis first, then the child), as systemd's Restart=always
        would at scale: a Celery worker, for one, exits when its broker socket goes away. A
        child that keeps dying (more than CRASH_LIMIT times in a minute) stops everything."""
        while not self.stopping:
            if self.redis_server is not None and self.redis_server.process is not None:
                if self.redis_server.process.poll() is not None:
                    self.stderr.write("embedded Redis exited; starting it again")
                    self._crashed("redis")
                    self._start_redis(self.redis_server)
            for name, proc in list(self.children):
                if proc.poll() is not None and not self.stopping:
                    self.stderr.write(f"{name} exited with {proc.returncode}; starting it again")
                    metrics.process_died(proc.pid)  # its open sockets no longer count
                    self._crashed(name)
                    self._spawn(name, self.argv[name])
            time.sleep(0.3)

    def _start_redis(self, server: EmbeddedRedis) -> None:
        server.start()
        if server.process is not None:
            self.lock.record("redis", server.process.pid)
            self.watchdog.watch(server.process.pid)

    def _crashed(self, name: str) -> None:
        now = time.monotonic()
        recent = [t for t in self.crashes.get(name, []) if now - t < 60] + [now]
        self.crashes[name] = recent
        if len(recent) > CRASH_LIMIT:
            self.stderr.write(f"{name} keeps exiting; stopping all")
            self.stopping = True
            raise SystemExit(1)

    def _stop_children(self) -> None:
        """SIGTERM each child's process group, the last started first; after the grace,
        SIGKILL whatever is left in them (a worker stuck in its warm shutdown, its pool)."""
        stop_groups([proc.pid for _name, proc in reversed(self.children)])
        for _name, proc in self.children:
            proc.wait()

    def _first_admin(self) -> None:
        User = get_user_model()
        if User.objects.filter(is_superuser=True).exists():
            return
        password = secrets.token_urlsafe(12)
        User.objects.create_superuser(
            username="admin", email="admin@localhost", password=password, display_name="Admin"
        )
        self.stdout.write(
            self.style.WARNING(
                "\nFirst run: an admin account was created. Its password is shown only now:\n"
                f"    username: admin\n    password: {password}\n"
            )
        )
