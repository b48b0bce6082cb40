"""``manage.py rate_limits_reset <client address or e-mail>…``: lift Sahrat's own rate limits
(log-in failures per client address, reset mail per client and per e-mail address) before their
hour is over. Axes' per-account lock-outs have their own ``manage.py axes_reset``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from accounts import throttle


class Command(BaseCommand):
    help = "Forget the rate-limit counts of these client addresses or e-mail addresses."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("subjects", nargs="+", help="client IP addresses or e-mail addresses")

    def handle(self, *args: Any, **options: Any) -> None:
        for subject in options["subjects"]:
            subject = subject.strip().lower()
            lifted = [scope for scope in throttle.SCOPES if throttle.clear(scope, subject)]
            self.stdout.write(f"{subject}: {', '.join(lifted) if lifted else 'no count'}")
