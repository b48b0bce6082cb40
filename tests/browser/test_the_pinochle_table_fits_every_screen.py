"""Pinochle's table fits the window in every variant (one deck, the double deck's 20 cards a
hand, three-handed) on a 1366×768 desktop in Arabic and on a phone held upright (390×844) or
sideways (844×390) in English: in the auction and in the tricks nothing scrolls, the hand and
every button are on screen, each tap target is at least 44 px and a tap on a card's visible part
lands on that card."""

from __future__ import annotations

from typing import Any

import pytest

from sahrat.testing.live import LiveSite

from .pinochle_helpers import check_fit, play_until
from .table_helpers import open_table

HAND = {"single": 12, "double": 20, "three": 15}


@pytest.mark.parametrize(
    ("size", "lang"),
    [("desktop-1366", "ar"), ("phone-portrait", "en"), ("phone-landscape", "en")],
)
@pytest.mark.parametrize("variant", ["single", "double", "three"])
def test_the_pinochle_table_fits_the_window_in_the_auction_and_the_tricks(
    table_site: LiveSite, browser: Any, shot: Any, variant: str, size: str, lang: str
) -> None:
    user = f"fit-{variant}-{size}"
    table = table_site.start_table(
        [user],
        {"variant": variant, "turn_seconds": 300, "nines_redeal": "off"},
        bots=True,
        game="pinochle",
    )
    page = open_table(browser, table_site, user, table, size, lang)
    s = play_until(page, lambda s: s["view"]["phase"] == "bidding")
    assert len(s["view"]["hand"]) == HAND[variant]
    page.wait_for_timeout(600)  # the deal's animation
    shot(page, f"pinochle-fit-{variant}-{size}-{lang}-auction")
    geo = check_fit(page, "the auction")
    assert len(geo["cards"]) == HAND[variant]
    assert {"pass", "hints"} <= {b["what"] for b in geo["buttons"]}
    s = play_until(page, lambda s: s["view"]["phase"] == "play")
    page.wait_for_timeout(450)
    shot(page, f"pinochle-fit-{variant}-{size}-{lang}-trick")
    geo = check_fit(page, "a trick")
    assert len(geo["cards"]) == len(s["view"]["hand"])
    page.context.close()


@pytest.mark.parametrize("size", ["desktop-1366", "phone-portrait"])
def test_a_spectator_watches_a_pinochle_table_without_a_hand_or_errors(
    table_site: LiveSite, browser: Any, size: str
) -> None:
    table = table_site.start_table(
        [f"played-{size}"], {"turn_seconds": 300, "nines_redeal": "off"}, bots=True, game="pinochle"
    )
    page = open_table(browser, table_site, f"watcher-{size}", table, size, "ar")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.reload()
    page.wait_for_function("window.sahratTable && window.sahratTable.state?.view", timeout=60_000)
    s = page.evaluate("window.sahratTable.state")
    assert s["you"] is None and "hand" not in s["view"]
    page.wait_for_selector(
        "[data-testid=auction], [data-testid=trick], [data-testid=trump-choice]", timeout=30_000
    )
    assert page.locator(".felt-live .seat").count() == 4
    assert page.locator(".hand .hcard").count() == 0
    geo = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert geo[0] <= geo[1]
    assert not errors, errors
    page.context.close()
