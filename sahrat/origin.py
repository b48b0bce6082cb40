"""Websockets open only from the site's own pages: the handshake's Origin must be exactly
(scheme, host and port) the origin the page was served from, as Django's CSRF check demands of
a form: ``http(s)://<Host header>`` with the Host one of ``ALLOWED_HOSTS`` (https when the
socket is ``wss`` or the trusted proxy's ``SECURE_PROXY_SSL_HEADER`` says so), or an exact entry
of ``CSRF_TRUSTED_ORIGINS``. Channels' ``AllowedHostsOriginValidator`` compared host names only,
so another port or scheme of an allowed host got in.
"""

from __future__ import annotations

import re
from typing import Any

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

# A serialized origin: scheme, host (a name, IPv4 or [IPv6]) and an optional port; nothing else.
_ORIGIN = re.compile(r"^(https?)://([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::([0-9]{1,5}))?$")
_DEFAULT_PORT = {"http": 80, "https": 443}

Origin = tuple[str, str, int]


def parse_origin(text: str) -> Origin | None:
    match = _ORIGIN.match(text.strip().lower())
    if match is None:
        return None
    scheme, host, port = match.groups()
    return scheme, host, int(port) if port else _DEFAULT_PORT[scheme]


def _headers(scope: dict[str, Any]) -> dict[bytes, str]:
    out: dict[bytes, str] = {}
    for name, value in scope.get("headers", []):
        out.setdefault(name.lower(), value.decode("latin1"))
    return out


def _secure(scope: dict[str, Any], headers: dict[bytes, str]) -> bool:
    if scope.get("scheme") in ("wss", "https"):
        return True
    proxy_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if not proxy_header:
        return False
    name, secure_value = proxy_header
    asgi_name = name.removeprefix("HTTP_").replace("_", "-").lower().encode()
    value = headers.get(asgi_name)
    return value is not None and value.split(",", 1)[0].strip() == secure_value


def own_origin(scope: dict[str, Any]) -> Origin | None:
    """The origin of the page this handshake came from, if its Host is one of ours."""
    headers = _headers(scope)
    host = headers.get(b"host", "")
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    scheme = "https" if _secure(scope, headers) else "http"
    return parse_origin(f"{scheme}://{host}")


def origin_allowed(scope: dict[str, Any]) -> bool:
    origin_text = _headers(scope).get(b"origin")
    origin = parse_origin(origin_text) if origin_text else None
    if origin is None:
        return False  # missing, "null", or not a plain scheme://host:port
    if origin == own_origin(scope):
        return True
    return any(origin == parse_origin(trusted) for trusted in settings.CSRF_TRUSTED_ORIGINS)


class SameOriginOnly:
    """ASGI middleware for websockets: refuse the handshake unless ``origin_allowed``."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
