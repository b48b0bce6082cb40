"""The client's address, as the rate limits see it (django-axes and Sahrat's own throttles).

With ``PROXY_COUNT = 0`` nothing sits in front: the connection's ``REMOTE_ADDR`` is the client
and ``X-Forwarded-For`` is ignored (a client would write whatever it likes there).

Behind N trusted reverse proxies, each appends the address it was connected from to
``X-Forwarded-For``; the last one's own address is ``REMOTE_ADDR``. The client is therefore the
N-th entry from the right: what the outermost trusted proxy saw. Anything left of it came from
the client and is never read. A header with fewer entries, or an entry that is not an address,
means the request did not come through every proxy: the connection's address counts then.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings


def client_ip(request: Any) -> str | None:
    meta = request.META
    remote: str | None = meta.get("REMOTE_ADDR")
    hops = int(getattr(settings, "PROXY_COUNT", 0))
    if hops <= 0:
        return remote
    forwarded = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [part for part in forwarded if part]
    if len(forwarded) < hops:
        return remote
    candidate = forwarded[-hops]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote
