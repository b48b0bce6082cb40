"""Every popover, panel and dialog of the live table (the deal's fingerprint «بصمة السر», the
hints, the talk panel, the wild 2's "where does it go?" question) closes on Escape, on a click
outside it, and when the turn changes (the seat's clock runs out and the bots play on): none
stays over the table, in Arabic and in English, on a phone and a laptop. Escape gives the focus
back to the control that opened it (issue #35, items 3 and 4)."""

from __future__ import annotations

from typing import Any

import pytest

from sahrat.testing.live import LiveSite

from .overlay_helpers import MY_TURN, OVERLAYS, click_outside, is_up, open_overlay
from .table_helpers import open_table, screenshots_dir

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
    page.wait_for_function(MY_TURN, timeout=30_000)
    turn = page.evaluate("window.sahratTable.state.view.turn_no")
    for name in NAMES:
        # Escape
        open_overlay(page, name)
        page.screenshot(path=f"{screenshots_dir()}/overlay-{name}-{size}-{lang}.png")
        page.keyboard.press("Escape")
        page.wait_for_timeout(100)
        assert not is_up(page, name), f"{name} stayed up after Escape"
        opener = OVERLAYS[name][0]
        if opener is not None:  # the focus is back on the control that opened it
            assert page.evaluate("(sel) => document.activeElement.matches(sel)", opener), name
        else:
            assert page.evaluate("window.__wild") is None  # the question was cancelled
        # a click outside
        open_overlay(page, name)
        click_outside(page, name)
        page.wait_for_timeout(100)
        assert not is_up(page, name), f"{name} stayed up after a click outside"
    # all of it within one turn: nothing here was closed by a new turn
    assert page.evaluate("window.sahratTable.state.view.turn_no") == turn
    page.context.close()


@pytest.mark.parametrize(("lang", "size"), [("ar", "desktop-1366"), ("en", "phone-portrait")])
def test_each_overlay_closes_when_the_turn_times_out(
    table_site: LiveSite, browser: Any, lang: str, size: str
) -> None:
    user = f"sultan{lang}"
    for name in NAMES:
        # a table of its own for each (a seat that keeps timing out does not keep its round)
        table = table_site.start_table([user], {"players": 4, "turn_seconds": 8}, bots=True)
        page = open_table(browser, table_site, user, table, size, lang)
        # a turn of this seat with most of its 8 s ahead (the first: a seat that keeps timing
        # out is soon away, a bot in its place)
        page.wait_for_function(
            MY_TURN.replace("return !!(", "return !!(s && s.clock.remaining_ms > 3000 && "),
            timeout=60_000,
        )
        turn = page.evaluate("window.sahratTable.state.view.turn_no")
        open_overlay(page, name)
        assert is_up(page, name)
        page.screenshot(path=f"{screenshots_dir()}/overlay-turn-{name}-{size}-{lang}.png")
        # nobody moves for this seat: the clock plays for it, and the turn goes on
        page.wait_for_function(
            "(n) => window.sahratTable.state.view.turn_no !== n", arg=turn, timeout=20_000
        )
        page.wait_for_timeout(100)
        assert not is_up(page, name), f"{name} outlived the turn"
        if name == "wild":
            assert page.evaluate("window.__wild") is None  # cancelled, nothing laid down
            assert page.locator("[data-testid=choice]").count() == 0
        page.context.close()
