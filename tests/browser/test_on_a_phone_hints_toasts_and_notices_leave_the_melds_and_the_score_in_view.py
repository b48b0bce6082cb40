"""On a phone (held upright, 390×844, or sideways, 844×390), in Arabic and English: the hints
panel does not cover "Our melds", a refusal's toast (too many quick phrases) does not cover the
score, and on a sideways phone the "played for you" notice does not cover the melds; the page
still fits the window (issue #35, item 12)."""

from __future__ import annotations

from typing import Any

import pytest

from sahrat.testing.live import LiveSite

from .overlay_helpers import MY_TURN, boxes, overlap, rect
from .table_helpers import open_table, screenshots_dir
from .talk_helpers import say

FITS = """(() => { const se = document.scrollingElement;
  return se.scrollHeight <= innerHeight && se.scrollWidth <= innerWidth; })()"""


@pytest.fixture(scope="module")
def tables(table_site: LiveSite) -> dict[str, int]:
    options = {"players": 4, "turn_seconds": 300}
    return {
        lang: table_site.start_table([f"hessa{lang}"], options, bots=True) for lang in ("ar", "en")
    }


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("size", ["phone-portrait", "phone-landscape"])
def test_the_hints_panel_leaves_our_melds_in_view(
    table_site: LiveSite, browser: Any, tables: dict[str, int], size: str, lang: str
) -> None:
    page = open_table(browser, table_site, f"hessa{lang}", tables[lang], size, lang)
    page.wait_for_function(MY_TURN, timeout=30_000)
    page.click(".controls [data-action=hints]")
    page.wait_for_selector("[data-testid=hints-panel]", state="visible")
    page.wait_for_timeout(300)
    page.screenshot(path=f"{screenshots_dir()}/hints-our-melds-{size}-{lang}.png")
    panel = rect(page, "[data-testid=hints-panel]")
    ours = rect(page, ".meld-zone.zone-bottom")
    assert panel and ours
    assert not overlap(panel, ours), (panel, ours)
    assert ours["b"] - ours["t"] >= 30, ours  # still room to see the melds
    assert page.evaluate(FITS)
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "size"), [("ar", "phone-portrait"), ("en", "phone-landscape"), ("ar", "desktop-1366")]
)
def test_a_refusals_toast_leaves_the_score_in_view(
    table_site: LiveSite, browser: Any, tables: dict[str, int], size: str, lang: str
) -> None:
    user = f"toast{lang}{size}"
    table = table_site.start_table([user], {"players": 4, "turn_seconds": 300}, bots=True)
    page = open_table(browser, table_site, user, table, size, lang)
    page.wait_for_function(MY_TURN, timeout=30_000)  # a long turn: the talk panel stays up
    # three phrases in ten seconds are allowed; the fourth is refused with a toast
    for _ in range(4):
        say(page, "salam")
    toast = page.locator("[data-testid=toast].toast-error")
    toast.wait_for(state="visible", timeout=10_000)
    page.wait_for_timeout(250)  # its entrance
    page.screenshot(path=f"{screenshots_dir()}/toast-score-{size}-{lang}.png")
    box = rect(page, "[data-testid=toast].toast-error")
    scores = boxes(page, ".score")
    assert box and scores
    assert not any(overlap(box, s) for s in scores), (box, scores)
    page.context.close()


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_sideways_phones_played_for_you_notice_leaves_the_melds_in_view(
    table_site: LiveSite, browser: Any, lang: str
) -> None:
    user = f"notice{lang}"
    table = table_site.start_table([user], {"players": 4, "turn_seconds": 5}, bots=True)
    page = open_table(browser, table_site, user, table, "phone-landscape", lang)
    notice = page.locator("[data-testid=played-for-you]")
    notice.wait_for(state="visible", timeout=60_000)  # the clock played this seat's turn
    page.wait_for_timeout(300)
    page.screenshot(path=f"{screenshots_dir()}/played-for-you-sideways-{lang}.png")
    box = rect(page, "[data-testid=played-for-you]")
    zones = boxes(page, ".meld-zone")
    assert box and len(zones) == 2
    assert not any(overlap(box, z) for z in zones), (box, zones)
    assert all(z["b"] - z["t"] >= 30 for z in zones), zones
    assert page.evaluate(FITS)
    page.context.close()
