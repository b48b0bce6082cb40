"""Who is on a websocket: the session cookie read once, at the handshake.

Channels' ``AuthMiddlewareStack`` resolves the user the same way (``channels.auth.get_user``:
the session's user, its password hash checked), and its session layer also wraps the socket's
``send`` so that a changed session is saved before an HTTP response starts. A websocket never
sends one, so for a socket that wrapper only looked at the session on every frame sent (a
profile put it near a tenth of daphne's samples at 100 live tables; the CPU per move measured
no change: decision 73). Here the consumer sends straight to daphne. The scope keeps
``session`` and ``user`` as Channels' stack leaves them; a socket never writes its session
(nothing here calls ``channels.auth.login``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from channels.auth import get_user
from channels.sessions import CookieMiddleware
from django.conf import settings


class SessionUser:
    """ASGI middleware: ``scope["session"]`` from the session cookie and ``scope["user"]``
    (``AnonymousUser`` when the session names nobody), resolved before the socket's app runs.
    Needs ``scope["cookies"]`` (``CookieMiddleware``)."""

    def __init__(self, application: Any) -> None:
        self.application = application
        self.store = import_module(settings.SESSION_ENGINE).SessionStore

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        session_key = scope["cookies"].get(settings.SESSION_COOKIE_NAME)
        scope = dict(scope, session=self.store(session_key))
        scope["user"] = await get_user(scope)
        return await self.application(scope, receive, send)


def SocketAuthStack(application: Any) -> Any:  # noqa: N802 (named as Channels' AuthMiddlewareStack)
    return CookieMiddleware(SessionUser(application))
