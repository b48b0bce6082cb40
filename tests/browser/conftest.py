"""The browser tests' world: Debian's Chromium and a real daphne serving the site.

pytest-django's live_server is WSGI only and the pages open a websocket, so a daphne subprocess
serves a fresh SQLite database of its own on 127.0.0.1 (a free port), with the suite's Redis.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from sahrat.testing.live import migrated_sqlite

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "var" / "screenshots"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    browser_items = [item for item in items if "tests/browser/" in str(item.fspath)]
    for item in browser_items:
        item.add_marker(pytest.mark.browser)
    if CHROMIUM.exists() or not browser_items:
        return
    if os.environ.get("CI") == "true":
        raise pytest.UsageError(f"CI: {CHROMIUM} is missing; the browser tests must run in CI")
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(
            f"WARNING: {CHROMIUM} is missing: browser tests SKIPPED (apt-get install -y chromium)",
            red=True,
            bold=True,
        )
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing (apt-get install -y chromium)")
    for item in browser_items:
        item.add_marker(skip)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def live_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    var = tmp_path_factory.mktemp("site-var")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL",)}
    env.update(
        SAHRAT_VAR_DIR=str(var),
        DEBUG="true",
        CHANNELS_PREFIX=f"browser-{os.getpid()}",
        PYTHONUNBUFFERED="1",
    )
    migrated_sqlite(env, var)
    port = _free_port()
    log = open(var / "daphne.log", "wb")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "sahrat.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
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
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def shot() -> object:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page: object, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
        return path

    return take


@pytest.fixture(scope="session")
def table_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """One live site (daphne, a Celery worker and beat) for the live table's tests: quick bots,
    a score sheet that stays up, and no bot taking a seat whose page closed."""
    from sahrat.testing.live import LiveSite

    with LiveSite(
        tmp_path_factory.mktemp("table-site"),
        SAHRAT_BOT_SECONDS="0.05",
        SAHRAT_BOT_STEP_SECONDS="0.05",
        SAHRAT_ROUND_BREAK_SECONDS="120",
        SAHRAT_SEED_SECONDS="0.5",
        SAHRAT_AWAY_GRACE_SECONDS="600",  # a player between two pages keeps the seat
    ) as live:
        yield live
