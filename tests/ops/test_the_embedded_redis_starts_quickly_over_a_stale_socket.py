"""A crash leaves ``redis.sock`` behind. ``EmbeddedRedis.start()`` checks it with one ping, no
retries (it took 4.7 s with the client's default retries): a restart is quick."""

import socket
import time

from sahrat.embedded_redis import EmbeddedRedis


def test_start_over_a_stale_socket_file_is_quick(tmp_path):
    path = tmp_path / "redis.sock"
    stale = socket.socket(socket.AF_UNIX)
    stale.bind(str(path))  # the file of a dead server: it exists, nobody listens
    stale.close()
    assert path.exists()

    server = EmbeddedRedis(path, tmp_path / "data", persist=False)
    began = time.monotonic()
    try:
        server.start()
        took = time.monotonic() - began
        assert server.process is not None and server.process.poll() is None
    finally:
        server.stop()
    assert took < 1.0, f"start() over a stale socket took {took:.2f} s"
