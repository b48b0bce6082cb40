"""``manage.py serve``: the whole site on one machine, the way ``make run`` starts it.

Migrates, collects static files, creates the first admin (printing its password once), then
supervises the embedded Redis (when ``REDIS_URL`` is unset), daphne, a Celery worker and Celery
beat. Ctrl-C (or SIGTERM, or any child dying) stops them all.
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
from django.core.management.base import BaseCommand, CommandParser

from sahrat.embedded_redis import EmbeddedRedis


class Command(BaseCommand):
    help = "Run Sahrat: (embedded Redis), daphne, a Celery worker and Celery beat, together."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
        parser.add_argument("--no-setup", action="store_true", help="skip migrate/collectstatic")
        parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes")

    def handle(self, *args: Any, **opts: Any) -> None:
        self.stopping = False
        self.children: list[tuple[str, subprocess.Popen[bytes]]] = []
        redis_server: EmbeddedRedis | None = None
        signal.signal(signal.SIGINT, self._on_signal)
        signal.signal(signal.SIGTERM, self._on_signal)
        try:
            if not opts["no_setup"]:
                call_command("migrate", interactive=False, verbosity=1)
                call_command("collectstatic", interactive=False, verbosity=0)
                self._first_admin()
            if settings.REDIS_EMBEDDED:
                redis_server = EmbeddedRedis(settings.REDIS_SOCKET, settings.VAR_DIR)
                redis_server.start()
                self.stdout.write(f"embedded Redis on {redis_server.url}")
            python = sys.executable
            var = str(settings.VAR_DIR)
            self._spawn("daphne", [python, "-m", "daphne", "-b", opts["host"],
                                   "-p", str(opts["port"]), "sahrat.asgi:application"])
            self._spawn("worker", [python, "-m", "celery", "-A", "sahrat", "worker",
                                   "--loglevel", "INFO", "--concurrency", str(opts["concurrency"]),
                                   "--hostname", f"worker-{os.getpid()}@%h"])
            self._spawn("beat", [python, "-m", "celery", "-A", "sahrat", "beat",
                                 "--loglevel", "INFO",
                                 "--schedule", os.path.join(var, "celerybeat-schedule")])
            self.stdout.write(self.style.SUCCESS(
                f"\nSahrat is up: http://{opts['host']}:{opts['port']}/   (Ctrl-C stops it)\n"
            ))
            self._watch()
        finally:
            self._stop_children()
            if redis_server is not None:
                redis_server.stop()
            self.stdout.write("stopped")

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True

    def _spawn(self, name: str, argv: list[str]) -> None:
        # Children get their own process group so a terminal's Ctrl-C reaches only us; we
        # then stop them in order.
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, start_new_session=True)
        self.children.append((name, proc))

    def _watch(self) -> None:
        while not self.stopping:
            for name, proc in self.children:
                if proc.poll() is not None:
                    self.stderr.write(f"{name} exited with {proc.returncode}; stopping all")
                    self.stopping = True
                    raise SystemExit(1)
            time.sleep(0.3)

    def _stop_children(self) -> None:
        for _name, proc in reversed(self.children):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 15
        for _name, proc in reversed(self.children):
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def _first_admin(self) -> None:
        User = get_user_model()
        if User.objects.filter(is_superuser=True).exists():
            return
        password = secrets.token_urlsafe(12)
        User.objects.create_superuser(
            username="admin", email="admin@localhost", password=password, display_name="Admin"
        )
        self.stdout.write(self.style.WARNING(
            "\nFirst run: an admin account was created. Its password is shown only now:\n"
            f"    username: admin\n    password: {password}\n"
        ))
