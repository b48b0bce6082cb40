"""Log-in lock-outs: django-axes' per-account lock plus a per-client lock against spraying.

Axes locks a username at one client address after ``AXES_FAILURE_LIMIT`` (5) failures. One
password tried against many usernames never trips that, so this handler also counts every
failure per client address, across usernames, in the cache; after
``SAHRAT_LOGIN_FAILURES_PER_CLIENT`` (30) in an hour every log-in from that address is refused
until the hour is over, even with the right password (else spraying would go on and keep its
hits). Other addresses are not touched. The lock-out page names which lock it is
(``request.sahrat_lock``: ``client`` or ``account``).
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from django.conf import settings

from . import throttle

SCOPE = "login-failures"


def _client_locked(request: Any) -> bool:
    address = getattr(request, "axes_ip_address", None)
    if not address:
        return False
    return throttle.seen(SCOPE, address) >= settings.SAHRAT_LOGIN_FAILURES_PER_CLIENT


class LoginLimits(AxesDatabaseHandler):  # type: ignore[misc]
    def is_locked(self, request: Any, credentials: dict[str, Any] | None = None) -> bool:
        if _client_locked(request):
            request.sahrat_lock = "client"
            return True
        locked = bool(super().is_locked(request, credentials))
        if locked:
            request.sahrat_lock = "account"
        return locked

    def user_login_failed(
        self, sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any
    ) -> None:
        already_locked = request is not None and getattr(request, "axes_locked_out", False)
        super().user_login_failed(sender, credentials, request, **kwargs)
        if request is None or already_locked:
            return  # a refused attempt while locked does not stretch the lock
        address = getattr(request, "axes_ip_address", None)
        if not address:
            return
        failures = throttle.count(SCOPE, address)
        if failures >= settings.SAHRAT_LOGIN_FAILURES_PER_CLIENT:
            request.axes_locked_out = True
            request.axes_credentials = credentials
            request.sahrat_lock = "client"
        elif getattr(request, "axes_locked_out", False):
            request.sahrat_lock = "account"
