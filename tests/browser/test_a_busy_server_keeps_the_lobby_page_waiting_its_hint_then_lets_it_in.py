"""The page's side of admission control, in Chromium against a real daphne
(``python -m sahrat.web_server``) that holds one socket at most: a second lobby page is
refused 4503 "busy; retry after 1 s", shows the busy line in its reader's language, waits at
least the hint before each new attempt, counts its reconnects, and gets in once the first
page leaves. And backoff.js itself, run in the page: full jitter, the hint, the reset."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from sahrat.testing.live import free_port, migrated_sqlite

ROOT = Path(__file__).resolve().parents[2]
HINT_SECONDS = 1


@pytest.fixture(scope="module")
def one_socket_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    var = tmp_path_factory.mktemp("busy-site")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL",)}
    env.update(
        SAHRAT_VAR_DIR=str(var),
        DEBUG="true",
        CHANNELS_PREFIX=f"browser-busy-{os.getpid()}",
        PYTHONUNBUFFERED="1",
        SAHRAT_SOCKETS_MAX_PER_PROCESS="1",
        SAHRAT_LOOP_LAG_MAX_MS="0",
        SAHRAT_BUSY_RETRY_SECONDS=str(HINT_SECONDS),
    )
    migrated_sqlite(env, var)
    port = free_port()
    log = open(var / "daphne.log", "wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "sahrat.web_server", "-b", "127.0.0.1", "-p", str(port),
         "sahrat.asgi:application"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/health/", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("daphne did not start:\n" + (var / "daphne.log").read_text())
            time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        server.wait(10)
        log.close()


#: the page notes when (its own clock, ms) it opens each socket: timed here, as Playwright's
#: events reach this process, two openings a second apart arrived 470 ms apart on a loaded
#: machine
NOTE_OPENINGS = """(() => {
  const Native = window.WebSocket;
  window.__openedAt = [];
  window.WebSocket = class extends Native {
    constructor(...args) { window.__openedAt.push(performance.now()); super(...args); }
  };
})()"""


def lobby(browser: Any, url: str, language: str) -> Any:
    """A lobby page in ``language`` that notes when it opens each socket (``openings``)."""
    context = browser.new_context()
    context.add_cookies([{"name": "django_language", "value": language, "url": url}])
    page = context.new_page()
    page.add_init_script(NOTE_OPENINGS)
    page.goto(url + "/")
    return page


def openings(page: Any) -> list[float]:
    """When (ms, the page's clock) the page opened each of its sockets."""
    return page.evaluate("window.__openedAt")  # type: ignore[no-any-return]


def test_a_refused_page_says_busy_waits_the_hint_and_gets_in_when_there_is_room(
    browser: Any, one_socket_site: str, shot: Any
) -> None:
    first = lobby(browser, one_socket_site, "en")
    expect(first.locator("#live")).to_have_text("live")
    second = lobby(browser, one_socket_site, "ar")
    live = second.locator("#live")
    expect(live).to_have_text("مزدحم: نعيد المحاولة بعد ثوانٍ…")
    shot(second, "busy-lobby-ar")
    second.wait_for_function("() => (window.sahratReconnects || 0) >= 2", timeout=15_000)
    assert second.evaluate("document.documentElement.dataset.reconnects") not in (None, "0")
    attempts = openings(second)
    gaps = [b - a for a, b in zip(attempts, attempts[1:], strict=False)]
    assert gaps and min(gaps) >= HINT_SECONDS * 1000 - 50, gaps  # never before the hint
    first.context.close()  # its socket closes: room for one
    expect(live).to_have_text("مباشر", timeout=3 * HINT_SECONDS * 1000 + 5000)
    second.context.close()


def test_backoff_js_spreads_reconnects_and_honours_the_hint(
    browser: Any, one_socket_site: str
) -> None:
    page = browser.new_page()
    page.goto(one_socket_site + "/static/js/backoff.js")
    found = page.evaluate(
        """async () => {
          const m = await import("/static/js/backoff.js");
          const lost = { code: 1006, reason: "" };
          const spread = [];
          for (let i = 0; i < 200; i++) spread.push(m.reconnectDelay(3, lost));
          const capped = [];
          for (let i = 0; i < 200; i++) capped.push(m.reconnectDelay(12, lost));
          const busy = [];
          for (let i = 0; i < 200; i++)
            busy.push(m.reconnectDelay(0, { code: 4503, reason: "busy; retry after 5 s" }));
          let now = 0;
          const b = new m.Backoff(() => 0.5, () => now);
          const walk = [b.next(lost), b.next(lost), b.next(lost)];
          b.opened(); now += m.STEADY_MS;
          walk.push(b.next(lost));
          return {
            spread: [Math.min(...spread), Math.max(...spread), new Set(spread).size],
            capped: Math.max(...capped),
            busy: [Math.min(...busy), Math.max(...busy)],
            hint: [m.retryHint("busy; retry after 7 s"), m.retryHint("bye")],
            noHint: m.reconnectDelay(0, { code: 4503, reason: "" }, () => 0),
            goingAway: m.reconnectDelay(9, { code: 1001, reason: "" }, () => 0.99),
            walk, count: b.count,
          };
        }"""
    )
    low, high, distinct = found["spread"]
    assert 0 <= low < 1000 and 3000 < high <= 4000  # full jitter over [0, 0.5 s x 2^3]
    assert distinct > 150  # no two pages in lockstep
    assert found["capped"] <= 10_000
    assert 5000 <= found["busy"][0] and found["busy"][1] <= 10_000
    assert found["hint"] == [7000, None]
    assert found["noHint"] == 5000
    assert found["goingAway"] < 500
    assert found["walk"] == [250, 500, 1000, 250]  # doubling; a steady socket starts it over
    assert found["count"] == 4
