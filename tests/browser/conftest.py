"""The browser tests' world: Debian's Chromium and a real daphne serving the site.

pytest-django's live_server is WSGI only and the pages open a websocket, so a daphne subprocess
serves a fresh SQLite database of its own on 127.0.0.1 (a free port), with the suite's Redis.

Every page a test opens is watched: an uncaught script error or a console error fails the test
at its teardown (``page_errors``), unless the test allowed that one message by name.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


class PageErrors:
    """The uncaught script errors and console errors of every page the running test opens.

    A test that provokes one on purpose (a refused request's 4xx, a socket it cuts) declares it
    with ``allow(pattern, why)``: a regular expression searched in that one message's text."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.allowed: list[tuple[re.Pattern[str], str]] = []
        self.contexts: list[Any] = []

    def allow(self, pattern: str, why: str) -> None:
        self.allowed.append((re.compile(pattern), why))

    def watch(self, context: Any) -> None:
        self.contexts.append(context)
        context.on("weberror", self._uncaught)
        context.on("console", self._console)

    def _uncaught(self, web_error: Any) -> None:
        error = web_error.error
        page = web_error.page
        where = page.url if page is not None else "?"
        text = f"uncaught {error.name}: {error.message} on {where}\n{error.stack or ''}"
        self.seen.append(text.rstrip())

    def _console(self, message: Any) -> None:
        if message.type != "error":
            return
        where = message.location
        self.seen.append(
            f"console error {message.text} at {where.get('url')}:{where.get('lineNumber')}"
        )

    def unexpected(self) -> list[str]:
        return [m for m in self.seen if not any(p.search(m) for p, _ in self.allowed)]

    def settle(self) -> None:
        """Take in the events still on their way, then close the test's pages (a page left open
        would go on receiving the table's states, and see the server stop)."""
        for context in self.contexts:
            try:
                for page in context.pages:
                    if not page.is_closed():
                        page.wait_for_timeout(100)
                context.close()
            except Exception:  # a context the test closed already, or a browser gone
                pass


_watching: list[PageErrors] = []


@pytest.fixture(autouse=True)
def page_errors() -> Iterator[PageErrors]:
    """Fail the test on any uncaught page error or console error of a page it opened."""
    errors = PageErrors()
    _watching.append(errors)
    try:
        yield errors
    finally:
        _watching.remove(errors)
    errors.settle()
    found = errors.unexpected()
    if found:
        pytest.fail(
            f"{len(found)} uncaught script or console error(s) in the pages:\n"
            + "\n".join(f"- {m}" for m in found),
            pytrace=False,
        )


class WatchedBrowser:
    """The launched Chromium, with every context it makes (``new_context``, ``new_page``)
    watched for the running test's ``page_errors``."""

    def __init__(self, chromium: Any) -> None:
        self._chromium = chromium

    def new_context(self, **options: Any) -> Any:
        # A page asks for less motion unless the test says otherwise (``reduced_motion=
        # "no-preference"``): the table's transitions (the clock's ring, cards arriving) and its
        # running animations are drawn frame by frame, and Chromium drawing them was a third of
        # its CPU in the run, on a machine the whole suite keeps busy. The table's motion has
        # tests of its own, which ask for it.
        options.setdefault("reduced_motion", "reduce")
        context = self._chromium.new_context(**options)
        for errors in _watching:
            errors.watch(context)
        return context

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._chromium, name)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Chromium for the module. Not for the whole session: Playwright's sync API keeps an event
    loop running in the thread while it is open, and the in-process tests that follow on the
    same worker would then run inside it (Django refuses its database calls there, and
    ``asyncio.run`` fails)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield WatchedBrowser(chromium)
        chromium.close()


@pytest.fixture
def shot() -> object:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page: object, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        # CSS animations stopped (endless ones, the turn's pulse, would otherwise keep the
        # capture waiting for a still frame on a loaded machine)
        page.screenshot(path=str(path), full_page=True, animations="disabled")  # type: ignore[attr-defined]
        return path

    return take


#: the session's shared sites once started (``table_site``), for ``no_table_left_playing``
_shared_sites: list[Any] = []


@pytest.fixture(autouse=True, scope="module")
def no_table_left_playing() -> Iterator[None]:
    """After each module its tables still playing on the shared site end: a seat whose page
    closed soon has a bot in it, and bots would play those matches on, round after round, for
    the rest of the run, a load that grew with every module and slowed the later ones."""
    yield
    for site in _shared_sites:
        site.end_playing_tables()


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
        SAHRAT_QUICKPLAY_WIDENING="100",  # quick play's window widens in seconds, not a minute
    ) as live:
        _shared_sites.append(live)
        yield live
        _shared_sites.remove(live)
