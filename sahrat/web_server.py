"""daphne as Sahrat runs it: ``python -m sahrat.web_server [daphne's options] APPLICATION``.

Every daphne option works as in plain daphne; two things differ:

- **A goodbye on shutdown.** On SIGTERM or SIGINT every open websocket gets a close frame,
  1001 "going away", and the server waits for the closing handshakes (at most
  ``CLOSE_WAIT_SECONDS``) before it stops the application instances. The goodbyes go out
  ``GOODBYE_PER_SECOND`` at a time over at most ``GOODBYE_MAX_SECONDS``: every page reconnects
  at once, through HAProxy, to the processes still running, and each arrival costs the process
  that takes it a handshake, a session read and the table's state; 200 at once queued there
  for up to 3.3 s (``benchmarks/live.py --rolling-restart``). Plain daphne drops the TCP
  connections with no close frame, so a client cannot tell a restart from a network failure;
  the consumers also get their ``disconnect`` (a seat's presence) before the process goes.
- **Defaults that fit docs/protocol.md.** A websocket message or frame up to
  ``MAX_MESSAGE_BYTES`` (64 KiB) reaches the consumer, which refuses one over 4096 bytes with
  ``message_too_large`` and keeps the socket; a larger one is closed by the transport with
  1009 (daphne's own default is 1 MiB, dropped without a word to the consumer). A handshake
  may wait 30 s (a reconnect storm queues instead of failing at daphne's 5 s). autobahn holds
  what the server sends to the same limit: the largest view measured over 150 bot rounds is
  about 4 KB, a whole ``state`` a few KB more.
- **A send on a closing socket is dropped.** When the transport closes a socket (1009 for a
  frame over the limit), the consumer may still be answering an earlier frame; autobahn raised
  "Attempt to send on a closed protocol" into it and daphne logged an exception any client could
  cause (issue #35).
- **A close carries its reason.** An application's ``websocket.close`` with a ``reason`` sends
  it in the close frame (daphne drops it): a busy process's refusal, 4503, says when to retry
  there (``sahrat.admission``).
- **Every foreign Origin is a 403.** autobahn refused ``Origin: null`` and an Origin it cannot
  parse (``http://127.0.0.1:8000.evil.example``: a port that is not a number) with HTTP 400
  before the application; ``null`` now reaches the application's own check (``sahrat.origin``)
  and an unreadable Origin is refused with 403, as docs/protocol.md says.
"""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any

import daphne.server  # noqa: F401  (first: it installs the asyncio reactor)
from daphne.cli import CommandLineInterface
from daphne.server import Server
from daphne.ws_protocol import WebSocketProtocol
from twisted.internet import defer, reactor

MAX_MESSAGE_BYTES = 64 * 1024
CONNECT_TIMEOUT_SECONDS = 30
GOING_AWAY = 1001
CLOSE_WAIT_SECONDS = 3.0
#: goodbyes a second on shutdown, so the pages that reconnect elsewhere arrive spread out
GOODBYE_PER_SECOND = 50
#: the goodbyes take at most this long, however many sockets (supervisord waits 15 s, systemd
#: too, for the goodbyes, ``CLOSE_WAIT_SECONDS`` and the application instances to stop)
GOODBYE_MAX_SECONDS = 8.0
#: how autobahn's reason starts when it refuses a handshake whose Origin it cannot parse
ORIGIN_UNREADABLE = "HTTP Origin header invalid"


class SahratWebSocketProtocol(WebSocketProtocol):  # type: ignore[misc]
    def serverSend(self, content: str | bytes, binary: bool = False) -> None:
        """Drop what the application sends once the socket is closing or closed."""
        if self.state in (self.STATE_CLOSING, self.STATE_CLOSED):
            return
        super().serverSend(content, binary)

    def handle_reply(self, message: dict[str, Any]) -> None:
        """A close with a ``reason`` (ASGI's ``websocket.close``) sends it in the close frame:
        daphne drops it, and a busy refusal's reason carries its retry hint (4503)."""
        reason = message.get("reason")
        if message.get("type") == "websocket.close" and reason and self.state == self.STATE_OPEN:
            self.sendClose(code=message.get("code") or 1000, reason=str(reason)[:120])
            return
        super().handle_reply(message)

    def failHandshake(self, reason: str, code: int = 400, responseHeaders: Any = None) -> None:
        """An Origin autobahn cannot read is a foreign origin: 403, as the application answers
        any other one."""
        if reason.startswith(ORIGIN_UNREADABLE):
            code = 403
        super().failHandshake(reason, code, responseHeaders)


class GracefulServer(Server):  # type: ignore[misc]
    def run(self) -> None:
        reactor.callWhenRunning(self._protocol_options)
        super().run()

    def _protocol_options(self) -> None:
        # A message over the limit (or a protocol error) gets a close frame with its code
        # (1009, 1002) instead of autobahn's default, a dropped TCP connection. ``null`` is
        # judged by the application's origin check, as every other Origin.
        self.ws_factory.setProtocolOptions(failByDrop=False, allowNullOrigin=True)
        self.ws_factory.protocol = SahratWebSocketProtocol

    def kill_all_applications(self) -> defer.Deferred[Any]:
        """daphne's "before shutdown" step: say goodbye on every websocket, let the consumers
        hear their disconnect, then cancel what still runs."""
        closed = self.close_websockets()
        closed.addCallback(lambda _: self._cancel_applications())
        return closed

    def _cancel_applications(self) -> defer.Deferred[Any]:
        # daphne's own version, except that a connection whose application is already reaped
        # (after the goodbye, its entry has no "application_instance") is skipped, not a
        # KeyError.
        running = [
            details["application_instance"]
            for details in self.connections.values()
            if "application_instance" in details and not details["application_instance"].done()
        ]
        for instance in running:
            instance.cancel()
        waited = defer.Deferred.fromFuture(asyncio.gather(*running, return_exceptions=True))
        waited.addErrback(lambda _: None)
        return waited

    def close_websockets(self) -> defer.Deferred[None]:
        sockets = [
            protocol
            for protocol in list(self.connections)
            if isinstance(protocol, WebSocketProtocol) and protocol.state == protocol.STATE_OPEN
        ]
        spread = min(GOODBYE_MAX_SECONDS, len(sockets) / GOODBYE_PER_SECOND)
        for n, protocol in enumerate(sockets):
            reactor.callLater(n * spread / len(sockets), _goodbye, protocol)  # type: ignore[arg-type]
        done: defer.Deferred[None] = defer.Deferred()
        deadline = time.monotonic() + spread + CLOSE_WAIT_SECONDS

        def check() -> None:
            waiting = [p for p in sockets if p.state != p.STATE_CLOSED]
            if not waiting or time.monotonic() > deadline:
                done.callback(None)
            else:
                reactor.callLater(0.05, check)  # type: ignore[arg-type]  # zope interface typing

        check()
        return done


def _goodbye(protocol: WebSocketProtocol) -> None:
    """1001 "going away" to one socket still open. (sendClose() allows only 1000 and
    3000-4999, the application codes; 1001 is the protocol's own, sent as daphne sends its
    1011.)"""
    if protocol.state == protocol.STATE_OPEN:
        protocol.sendCloseFrame(code=GOING_AWAY, reasonUtf8=b"server restarting")


class SahratCommandLine(CommandLineInterface):  # type: ignore[misc]
    server_class = GracefulServer

    def __init__(self) -> None:
        super().__init__()
        self.parser.set_defaults(
            websocket_max_message_size=MAX_MESSAGE_BYTES,
            websocket_max_frame_size=MAX_MESSAGE_BYTES,
            websocket_connect_timeout=CONNECT_TIMEOUT_SECONDS,
        )


def main() -> None:
    SahratCommandLine().run(sys.argv[1:])


if __name__ == "__main__":
    main()
