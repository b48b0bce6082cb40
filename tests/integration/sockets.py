"""What a real websocket client (the ``websockets`` library) sees from a real daphne."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from sahrat.testing.live import LiveSite


def open_socket(site: LiveSite, path: str, cookie: str | None = None, origin: str = "") -> Any:
    headers = {"Cookie": cookie} if cookie else {}
    return connect(
        site.ws_url(path),
        origin=origin or site.url,  # type: ignore[arg-type]
        additional_headers=headers,
        max_size=None,
    )


async def next_of_type(ws: ClientConnection, kind: str, timeout: float = 10) -> dict[str, Any]:
    """The next message of this type (states pushed meanwhile are skipped)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if message["type"] == kind:
            return message


async def close_code(ws: ClientConnection, timeout: float = 10) -> int | None:
    """Read until the server closes; its close frame's code (None: no close frame came)."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), timeout)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None
