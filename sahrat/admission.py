"""The websockets one daphne process holds: counted for ``sahrat_open_sockets``."""

from __future__ import annotations

from typing import Any

from . import metrics


class Capacity:
    """This process's open sockets."""

    def __init__(self) -> None:
        self.open = 0

    def opened(self) -> None:
        self.open += 1
        metrics.OPEN_SOCKETS.inc()

    def closed(self) -> None:
        self.open -= 1
        metrics.OPEN_SOCKETS.dec()


capacity = Capacity()


class SocketGate:
    """ASGI middleware: counts the open websockets (accepted and not yet closed)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            return await self.application(scope, receive, send)
        accepted = False

        async def counting(message: dict[str, Any]) -> None:
            nonlocal accepted
            if message["type"] == "websocket.accept" and not accepted:
                accepted = True
                capacity.opened()
            await send(message)

        try:
            return await self.application(scope, receive, counting)
        finally:
            if accepted:
                capacity.closed()
