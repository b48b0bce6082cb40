"""A scripted player over a real websocket: sends its seed when a round opens and, in its own
turns, the baseline bot's move of the table's game (or lets the clock play a turn it is told to
skip). Used by the integration tests."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.typing import Origin

from games import registry

#: the least time between two messages of one client: under the socket's limit of 10 a second
#: (docs/protocol.md), as a person's pace would be; scripted players that answer every state at
#: once otherwise run into ``too_many_messages`` on a quick machine
MIN_GAP = 0.125


class TableClient:
    def __init__(
        self,
        ws_url: str,
        origin: str,
        cookie: str,
        *,
        plays: bool = True,
        skip: Callable[[dict[str, Any]], bool] | None = None,
        reconnect: bool = False,
    ) -> None:
        self.ws_url = ws_url
        self.origin = origin
        self.cookie = cookie
        self.plays = plays
        self.skip = skip  # a state for which it makes no move: the clock plays that turn
        self.messages: list[tuple[float, dict[str, Any]]] = []
        self.state: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self._seeded: set[int] = set()
        self._acted: set[tuple[int, int]] = set()
        self.sent: dict[int, float] = {}  # message id -> when sent
        self._next_id = 0
        self._last_send = 0.0
        self.reconnect = reconnect  # a closed socket is opened again, as the page does
        self.closes: list[tuple[float, int | None]] = []  # when and with what code
        self.opens: list[float] = []

    async def run(self, until: Callable[[dict[str, Any]], bool], timeout: float = 300) -> None:
        """Play until ``until(state)`` holds for a state message (or the time runs out). With
        ``reconnect``, a socket the server closes (or that breaks) is opened again at once,
        and again while opening fails, as the page does."""
        await asyncio.wait_for(self._connected(until), timeout)

    async def _connected(self, until: Callable[[dict[str, Any]], bool]) -> None:
        while True:
            try:
                async with connect(
                    self.ws_url,
                    origin=Origin(self.origin),
                    additional_headers={"Cookie": self.cookie},
                    open_timeout=5,
                ) as ws:
                    self.opens.append(time.monotonic())
                    self._acted.clear()  # a move sent on the old socket may never have arrived
                    try:
                        await self._loop(ws, until)
                    except ConnectionClosed:
                        if not self.reconnect:
                            raise
                    else:
                        if self.state is not None and until(self.state):
                            return
                    self.closes.append((time.monotonic(), _close_code(ws)))
            except (OSError, InvalidHandshake, TimeoutError):
                if not self.reconnect:
                    raise
            if not self.reconnect:
                return
            await asyncio.sleep(0.05 + secrets.randbelow(100) / 1000)

    async def _loop(self, ws: Any, until: Callable[[dict[str, Any]], bool]) -> None:
        async for raw in ws:
            msg = json.loads(raw)
            self.messages.append((time.monotonic(), msg))
            if msg["type"] == "error":
                self.errors.append(msg)
                continue
            if msg["type"] != "state":
                continue
            if self.state and (msg["round_no"], msg["event"]) < (
                self.state["round_no"],
                self.state["event"],
            ):
                continue  # an older message overtaken by a newer one
            self.state = msg
            if until(msg):
                return
            if self.plays:
                await self._act(ws, msg)

    async def _act(self, ws: Any, msg: dict[str, Any]) -> None:
        rnd, view, you = msg["round"], msg["view"], msg["you"]
        if you is None or rnd is None or msg["match"]["status"] != "playing":
            return
        if rnd["status"] == "seeding" and rnd["number"] not in self._seeded:
            self._seeded.add(rnd["number"])
            await self._send(ws, {"type": "ready", "seed": secrets.token_hex(8)})
            return
        if view is None or view["result"] is not None or view["turn"] != you:
            return
        if msg["seats"][you]["bot"] or (self.skip is not None and self.skip(msg)):
            return
        key = (msg["round_no"], msg["event"])
        if key in self._acted:
            return
        self._acted.add(key)
        action = registry.get(msg["match"]["game"]).bot(view)
        self._next_id += 1
        await self._send(
            ws,
            {"type": "action", "action": action, "turn_no": view["turn_no"], "id": self._next_id},
        )

    async def _send(self, ws: Any, message: dict[str, Any]) -> None:
        """Send ``message`` once ``MIN_GAP`` has passed since the last; note when an action
        (a message with an ``id``) went."""
        wait = self._last_send + MIN_GAP - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        self._last_send = time.monotonic()
        if "id" in message:
            self.sent[message["id"]] = self._last_send
        await ws.send(json.dumps(message))


def match_over(state: dict[str, Any]) -> bool:
    return bool(state["match"]["status"] != "playing")


def _close_code(ws: Any) -> int | None:
    """The close code the server sent (1001 going away), or None (the connection broke)."""
    code = ws.close_code
    return None if code in (None, 1006) else int(code)
