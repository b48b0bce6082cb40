"""Every popover, panel and dialog of the live table (the deal's fingerprint «بصمة السر», the
hints, the talk panel, the wild 2's "where does it go?" question) closes on Escape, on a click
outside it, and when the turn changes (the seat's clock runs out and the bots play on): none
stays over the table, in Arabic and in English, on a phone and a laptop. Escape gives the focus
back to the control that opened it (issue #35, items 3 and 4).

The time-outs run on a 5 s clock, two overlays to a table (a third time-out in a row would seat
a bot for the seat)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.seats import AWAY_AFTER_TIMEOUTS
from sahrat.testing.live import LiveSite

from .overlay_helpers import (
    MY_TURN,
    OVERLAYS,
    TURN_WITH_TIME,
    click_outside,
    next_round_now,
    open_overlay,
    press_opener,
    wait_down,
)
from .table_helpers import open_table, screenshots_dir, state

NAMES = list(OVERLAYS)


@pytest.fixture(scope="module")
def long_turns(table_site: LiveSite) -> dict[str, int]:
    # a long clock: the seat's turn lasts while the overlays are opened and closed
    options = {"players": 4, "turn_seconds": 300}
    return {
        lang: table_site.start_table([f"layla{lang}"], options, bots=True) for lang in ("ar", "en")
    }


@pytest.mark.parametrize(("lang", "size"), [("ar", "phone-portrait"), ("en", "desktop-1366")])
def test_each_overlay_closes_on_escape_and_on_a_click_outside(
    table_site: LiveSite, browser: Any, long_turns: dict[str, int], lang: str, size: str
) -> None:
    page = open_table(browser, table_site, f"layla{lang}", long_turns[lang], size, lang)
    page.wait_for_function(MY_TURN, timeout=60_000)  # three bots first, on a loaded machine
    turn = page.evaluate("window.sahratTable.state.view.turn_no")
    for name in NAMES:
        # Escape
        open_overlay(page, name)
        page.screenshot(path=f"{screenshots_dir()}/overlay-{name}-{size}-{lang}.png")
        page.keyboard.press("Escape")
        assert wait_down(page, name), f"{name} stayed up after Escape"
        opener = OVERLAYS[name][0]
        if opener is not None:  # the focus is back on the control that opened it
            assert page.evaluate("(sel) => document.activeElement.matches(sel)", opener), name
        else:
            assert page.evaluate("window.__wild") is None  # the question was cancelled
        # a click outside
        open_overlay(page, name)
        click_outside(page, name)
        assert wait_down(page, name), f"{name} stayed up after a click outside"
    # all of it within one turn: nothing here was closed by a new turn
    assert page.evaluate("window.sahratTable.state.view.turn_no") == turn
    page.context.close()


# a table serves two overlays' time-outs (a third in a row would seat a bot for the seat), on
# the shortest clock the options allow
CLOCK_SECONDS = 5
AHEAD_MS = 3000  # what the turn must have left when the overlays go up

TURN_OR_OVER = f"""(ms) => {{
  const s = window.sahratTable && window.sahratTable.state;
  if (s && s.view && s.view.result) return 'over';
  return ({TURN_WITH_TIME})(ms) ? 'turn' : false;
}}"""

#: the page is at turn ``n`` of round ``r`` or past it
AT_TURN = """([r, n]) => { const s = window.sahratTable.state;
  return s.round_no > r || (s.round_no === r && !!s.view && s.view.turn_no >= n); }"""

#: 'gone' once the page is past turn ``n`` of round ``r``, 'up' while it is there with the
#: overlay showing
UP_OR_GONE = """([sel, r, n]) => { const s = window.sahratTable.state;
  if (s.round_no !== r || !s.view || s.view.turn_no !== n) return 'gone';
  return document.querySelector(sel)?.checkVisibility() ? 'up' : false; }"""


def open_in_turn(page: Any, name: str, rnd: int, turn: int) -> bool:
    """Put overlay ``name`` up during turn ``turn`` of round ``rnd``; whether it was up within
    that turn. On a loaded machine the clock may run out first: the control is redrawn under
    the click, or the hints come back for a turn already gone (and are never shown)."""
    where = [OVERLAYS[name][1], rnd, turn]
    try:
        press_opener(page, name, timeout=10_000)
    except PlaywrightTimeoutError:
        if page.evaluate(UP_OR_GONE, where) != "gone":
            raise  # the turn is still there: the control itself failed
        return False
    return bool(page.wait_for_function(UP_OR_GONE, arg=where, timeout=20_000).json_value() == "up")


def a_turn_with_time(site: LiveSite, table: int, page: Any) -> tuple[int, int]:
    """Wait for a turn of the seat with more than AHEAD_MS on its clock; return its round and
    turn numbers. A round that ended is followed at once by the next (the shared site keeps
    its score sheet up for two minutes)."""
    while True:
        found = page.wait_for_function(TURN_OR_OVER, arg=AHEAD_MS, timeout=60_000).json_value()
        s = state(page)
        if found == "turn":
            return int(s["round_no"]), int(s["view"]["turn_no"])
        next_round_now(site, table)
        page.wait_for_function(
            "(n) => window.sahratTable.state.round_no > n", arg=s["round_no"], timeout=30_000
        )


def a_fresh_table(
    site: LiveSite, browser: Any, pages: list[Any], views: list[tuple[str, str]]
) -> tuple[int, list[Any]]:
    """A table of the seat's own against bots, and its pages (the earlier ones closed)."""
    for page in pages:
        page.context.close()
    user = "sultan"
    table = site.start_table([user], {"players": 4, "turn_seconds": CLOCK_SECONDS}, bots=True)
    return table, [open_table(browser, site, user, table, size, lang) for lang, size in views]


def test_each_overlay_closes_when_the_turn_times_out(table_site: LiveSite, browser: Any) -> None:
    # two tabs of the seat, one a laptop in Arabic and one a phone in English: each overlay
    # goes up on both, and one time-out of the turn must put it away on both
    views = [("ar", "desktop-1366"), ("en", "phone-portrait")]
    table, pages = a_fresh_table(table_site, browser, [], views)
    for name in NAMES:
        for _attempt in range(4):
            s = state(pages[0])
            if s["seats"][s["you"]]["missed"] >= AWAY_AFTER_TIMEOUTS - 1:
                table, pages = a_fresh_table(table_site, browser, pages, views)
            rnd, turn = a_turn_with_time(table_site, table, pages[0])
            in_time = True
            for page in pages:
                page.wait_for_function(AT_TURN, arg=[rnd, turn])
                # up within the seat's turn (on a loaded machine the clock may run out first:
                # then this overlay is tried again at a later turn)
                in_time = in_time and open_in_turn(page, name, rnd, turn)
            for page, (lang, size) in zip(pages, views, strict=True):
                page.screenshot(path=f"{screenshots_dir()}/overlay-turn-{name}-{size}-{lang}.png")
            if not in_time:  # put away what went up late, and try at a later turn
                print(f"{name}: the turn ran out before it was up; again")
                for page in pages:
                    page.keyboard.press("Escape")
                    assert wait_down(page, name)
                continue
            # nobody moves for this seat: the clock plays for it, and the turn goes on
            for page, (lang, size) in zip(pages, views, strict=True):
                page.wait_for_function(
                    "(n) => window.sahratTable.state.view.turn_no !== n", arg=turn, timeout=20_000
                )
                assert wait_down(page, name), f"{name} outlived the turn ({lang}, {size})"
                if name == "wild":
                    assert page.evaluate("window.__wild") is None  # cancelled, nothing laid down
                    assert page.locator("[data-testid=choice]").count() == 0
            break
        else:
            raise AssertionError(f"{name}: no turn of the seat lasted while it was opened")
    for page in pages:
        page.context.close()
