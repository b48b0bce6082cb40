"""Draws, throws and lay-offs fly across the table and a new round is dealt into the hand; a
reader whose system asks for reduced motion gets the same table with none of it."""

from __future__ import annotations

from typing import Any

import pytest

from sahrat.testing.live import LiveSite

from .table_helpers import VIEW_READY, drive

WATCH = """() => {
  window.__flights = 0;
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) {
      if (n.classList && n.classList.contains('flying')) window.__flights += 1;
    }
  }).observe(document.body, {childList: true});
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cards_fly_only_for_readers_who_want_motion(
    table_site: LiveSite, browser: Any, motion: str
) -> None:
    name = f"motion{motion[:3]}"
    table = table_site.start_table([name], {"players": 4, "turn_seconds": 300}, bots=True)
    context = browser.new_context(viewport={"width": 1280, "height": 720}, reduced_motion=motion)
    cookie = table_site.session(name).split("=", 1)[1]
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": table_site.url}])
    page = context.new_page()
    page.goto(f"{table_site.url}/tables/{table}/")
    page.wait_for_function(VIEW_READY)
    page.evaluate(WATCH)
    start = page.evaluate("[window.sahratTable.state.round_no, window.sahratTable.state.event]")
    driver = drive(table_site, table, only=[name], pause=0.3)
    try:
        # eight changes of the round, or its end (bots may go out within a few turns: the
        # events of the next round count from zero)
        page.wait_for_function(
            """([round, event]) => {
                const s = window.sahratTable.state;
                return s.round_no !== round || s.event >= event + 8 || !!(s.view && s.view.result);
            }""",
            arg=start,
            timeout=60_000,
        )
    finally:
        driver.kill()
    flights = page.evaluate("window.__flights")
    animated = page.evaluate(
        """() => [...document.querySelectorAll('.hand .hcard > svg, .meld, .pile-cards .pcard')]
            .some((n) => getComputedStyle(n).animationName !== 'none')"""
    )
    if motion == "reduce":
        assert flights == 0
        assert not animated
    else:
        assert flights > 0
    context.close()
