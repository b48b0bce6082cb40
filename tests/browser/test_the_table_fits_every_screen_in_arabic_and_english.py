"""The live table fits the window at desktop sizes (1366×768, 1280×720) and on a phone held
upright (390×844) or sideways (844×390), in Arabic and in English: nothing scrolls, the hand
and its buttons are on screen, every tap target is at least 44 px, dialogs sit in the middle,
and through a whole round every meld's every card stays in view at desktop sizes.

A window a device and language: the laptop's is made smaller (1366×768 to 1280×720), the phone
is turned from upright to sideways, and the table must fit again each time."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from sahrat.testing.live import LiveSite

from .table_helpers import DEVICES, drive, open_table, resize, screenshots_dir, state

TAP = 44  # px
JS = Path(__file__).parent / "js"


@pytest.fixture(scope="module")
def table(table_site: LiveSite) -> int:
    # a long turn: the seated player is shown mid-turn, with nothing timing out meanwhile
    return table_site.start_table(["fatima"], {"players": 4, "turn_seconds": 300}, bots=True)


GEOMETRY = (JS / "geometry.js").read_text()

DIALOG = (JS / "dialog_centred.js").read_text()


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("device", list(DEVICES))
def test_the_table_fits_the_window_with_tap_targets_of_44_px(
    table_site: LiveSite, browser: Any, table: int, device: str, lang: str
) -> None:
    sizes = DEVICES[device]
    page = open_table(browser, table_site, "fatima", table, sizes[0], lang)
    assert page.evaluate("document.documentElement.lang") == lang
    # mid-round, the hand dealt (the 19 or 20 cards of a first turn, or what is left of them)
    page.wait_for_function(
        "window.sahratTable.state.view.hand.length > 0 && !window.sahratTable.state.view.result"
    )
    for size in sizes:  # the laptop's window made smaller, the phone turned sideways
        resize(page, size)  # the first time, the deal's animation settles
        check_the_fit(page, size, lang)
    page.context.close()


def check_the_fit(page: Any, size: str, lang: str) -> None:
    geo = page.evaluate(GEOMETRY)
    page.screenshot(path=f"{screenshots_dir()}/fit-{size}-{lang}.png")
    assert geo["scrollW"] <= geo["vw"], f"{size}: the page overflows sideways: {geo['scrollW']}px"
    assert geo["scrollH"] <= geo["vh"], f"{size}: the page scrolls: {geo['scrollH']}px"
    assert len(geo["cards"]) == len(state(page)["view"]["hand"]), size
    assert geo["allInside"], f"{size}: a hand card or a button is outside the window"
    small = [c for c in geo["cards"] if c["w"] < TAP or c["h"] < TAP]
    assert not small, f"{size}: hand cards with a visible strip under {TAP}px: {small}"
    assert all(geo["hits"]), f"{size}: a tap in a card's visible part lands on another card"
    small = [b for b in geo["buttons"] if b["w"] < TAP or b["h"] < TAP]
    assert not small, f"{size}: buttons under {TAP}px: {small}"
    actions = {b["what"] for b in geo["buttons"]}
    assert {"meld", "throw", "hints", "stock", "pile"} <= actions, size

    dialog = page.evaluate(DIALOG)
    assert dialog["answer"] == "high"
    assert abs(dialog["cx"] - dialog["vw"] / 2) <= 2 and abs(dialog["cy"] - dialog["vh"] / 2) <= 2
    assert dialog["l"] >= 0 and dialog["t"] >= 0
    assert dialog["r"] <= dialog["vw"] and dialog["b"] <= dialog["vh"]
    assert dialog["scrollW"] <= dialog["vw"]


MELDS_IN_VIEW = (JS / "melds_in_view.js").read_text()


def test_every_meld_stays_fully_in_view_through_a_whole_round_at_desktop_sizes(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(["khalid"], {"players": 4}, bots=True)
    pages = {
        "1366-ar": open_table(browser, table_site, "khalid", table, "desktop-1366", "ar"),
        "1280-en": open_table(browser, table_site, "khalid", table, "desktop-1280", "en"),
    }
    driver = drive(table_site, table, until="round", pause=0.15)
    most = {name: 0 for name in pages}
    problems: list[str] = []
    deadline = time.monotonic() + 240
    try:
        while True:
            assert time.monotonic() < deadline, "the round did not end in time"
            over = 0
            for name, page in pages.items():
                seen = page.evaluate(MELDS_IN_VIEW)
                if seen["over"]:
                    over += 1
                    continue
                most[name] = max(most[name], seen["tiles"])
                if seen["bad"] or seen["scrolls"]:
                    problems.append(f"{name}: {seen['bad'][:3]} scrolls={seen['scrolls']}")
                    shot(page, f"melds-clipped-{name}")
            if over == len(pages):
                break
            time.sleep(0.25)
    finally:
        if driver.poll() is None:
            driver.kill()
    assert not problems, problems[:5]
    # the round put melds on the table, and they were looked at
    assert all(n >= 6 for n in most.values()), most
    for name, page in pages.items():
        shot(page, f"melds-round-end-{name}")
        page.context.close()


SEATS_INSIDE = """() => [...document.querySelectorAll('.felt-live .seat')].map((el) => {
    const r = el.getBoundingClientRect();
    return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
})"""


@pytest.mark.parametrize("device", list(DEVICES))
def test_a_spectator_sees_every_seat_without_scrolling(
    table_site: LiveSite, browser: Any, table: int, device: str
) -> None:
    sizes = DEVICES[device]
    page = open_table(browser, table_site, "onlooker", table, sizes[0], "ar")
    assert state(page)["you"] is None
    for size in sizes:
        resize(page, size)
        geo = page.evaluate(GEOMETRY)
        assert geo["scrollW"] <= geo["vw"] and geo["scrollH"] <= geo["vh"], (size, geo)
        assert page.evaluate(SEATS_INSIDE) == [True] * 4, size
    page.context.close()
