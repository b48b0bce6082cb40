import asyncio
import time

import pytest
from websockets.exceptions import WebSocketException

from sahrat.testing.live import LiveSite
from sahrat.testing.table_client import TableClient

from .faults import round_facts


@pytest.fixture
def site_with_its_own_redis(tmp_path):
    with LiveSite(tmp_path, own_redis=True, SAHRAT_AWAY_GRACE_SECONDS="60") as site:
        yield site


def test_play_goes_on_after_redis_restarts_and_loses_everything_in_it(site_with_its_own_redis):
    site = site_with_its_own_redis
    table = site.start_table(["red", "rod"], {"players": 2, "turn_seconds": 5})
    url = site.ws_url(f"/ws/table/{table}/")
    cookies = [site.session(n) for n in ("red", "rod")]

    def play_until(turn_no: int, timeout: float = 60) -> None:
        players = [TableClient(url, site.url, c) for c in cookies]
        until = lambda s: (s["view"] or {}).get("turn_no", 0) >= turn_no  # noqa: E731

        async def play() -> None:
            await asyncio.gather(*(p.run(until, timeout=timeout) for p in players))

        asyncio.run(play())

    play_until(3)
    site.restart_redis()  # groups, queued tasks and pending clocks are gone
    for _ in range(60):  # the web process and the workers reconnect by themselves
        try:
            play_until(round_facts(site, table)["turn_no"] + 3, timeout=20)
            break
        except (OSError, TimeoutError, WebSocketException):
            time.sleep(1)  # as the web client does: reconnect after a pause
    else:
        pytest.fail("play did not resume after the Redis restart")
    # a clock lost with Redis is issued again by the sweeper: nobody plays, the time-out does
    facts = round_facts(site, table)
    time.sleep(5 + 3)
    assert round_facts(site, table)["turn_no"] > facts["turn_no"]
