"""A real daphne at its socket limit (``SAHRAT_SOCKETS_MAX_PER_PROCESS=2``): a third socket is
accepted and closed with 4503 and the retry hint in the close frame, ``/health/ready/``
answers 503 with ``Retry-After``, the two open sockets keep working; once one closes the
newcomer gets in. ``/metrics`` on that daphne counts the sockets and the refusal, and the
Celery worker's clock (a time-out it played) is summed in with them (multiprocess mode)."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from prometheus_client.parser import text_string_to_metric_families
from websockets.exceptions import ConnectionClosed

from sahrat.testing.live import LiveSite

from .sockets import next_of_type, open_socket


@pytest.fixture(scope="module")
def small_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite(
        tmp_path_factory.mktemp("admission"),
        SAHRAT_SOCKETS_MAX_PER_PROCESS="2",
        SAHRAT_LOOP_LAG_MAX_MS="0",  # a shared machine's lag must not decide this test
    ) as site:
        yield site


def ready(site: LiveSite) -> tuple[int, str | None]:
    try:
        with urllib.request.urlopen(site.url + "/health/ready/", timeout=10) as response:
            return response.status, response.headers.get("Retry-After")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers.get("Retry-After")


def scrape(site: LiveSite) -> dict[str, float]:
    with urllib.request.urlopen(site.url + "/metrics", timeout=10) as response:
        text = response.read().decode()
    out = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            out[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return out


def test_the_third_socket_gets_4503_the_first_two_play_on_and_it_gets_in_later(small_site):
    site = small_site
    table = site.start_table(["ana", "ben"], {"players": 2, "turn_seconds": 5})
    cookies = {name: site.session(name) for name in ("ana", "ben", "cyd")}
    path = f"/ws/table/{table}/"

    async def scenario() -> None:
        async with (
            open_socket(site, path, cookies["ana"]) as ana,
            open_socket(site, path, cookies["ben"]) as ben,
        ):
            await next_of_type(ana, "state")
            await next_of_type(ben, "state")

            async with open_socket(site, path, cookies["cyd"]) as cyd:
                with pytest.raises(ConnectionClosed) as closed:
                    await asyncio.wait_for(cyd.recv(), 10)
            assert closed.value.rcvd is not None
            assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (
                4503,
                "busy; retry after 5 s",
            )
            assert await asyncio.to_thread(ready, site) == (503, "5")
            figures = await asyncio.to_thread(scrape, site)
            assert figures["sahrat_open_sockets"] == 2
            assert figures["sahrat_sockets_refused_total{reason=sockets}"] == 1
            await asyncio.sleep(0.3)  # the probe writes the busy gauge every 0.1 s
            assert (await asyncio.to_thread(scrape, site))["sahrat_busy_processes"] == 1

            await ana.send(json.dumps({"type": "ping", "id": 1}))  # held sockets keep working
            assert (await next_of_type(ana, "pong"))["id"] == 1
            await ben.close()
            deadline = time.monotonic() + 10
            while (await asyncio.to_thread(ready, site))[0] != 200:
                assert time.monotonic() < deadline, "readiness stayed 503 with room"
                await asyncio.sleep(0.2)
            async with open_socket(site, path, cookies["cyd"]) as cyd:
                assert (await next_of_type(cyd, "state"))["you"] is None  # a spectator, in

    asyncio.run(scenario())


def test_the_metrics_of_daphne_and_the_worker_are_summed(small_site):
    site = small_site
    site.start_table(["dia", "eli"], {"players": 2, "turn_seconds": 5})
    timeout = "sahrat_moves_total{actor=timeout,game=banakil}"
    deadline = time.monotonic() + 40  # the seed wait, the deal, a 5 s turn, the clock
    while (figures := scrape(site)).get(timeout, 0) < 1:  # the worker's own samples
        assert time.monotonic() < deadline, figures
        time.sleep(0.5)
    assert figures["sahrat_clock_lateness_seconds_count"] >= 1
    assert figures["sahrat_tables_playing{game=banakil}"] >= 1
    assert figures["sahrat_scrape_source_up{source=redis}"] == 1
    assert figures["sahrat_sweep_lag_seconds"] < 10  # the beat sweeps every 0.5 s here
