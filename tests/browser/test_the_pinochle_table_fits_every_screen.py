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
from .table_helpers import open_table, resize, settle

HAND = {"single": 12, "double": 20, "three": 15}
#: the screens checked, a window each: the player's own on a desktop in Arabic (it plays the
#: auction by clicks), and a phone in English, looked at upright then turned sideways
DESKTOP = ("desktop-1366", "ar")
PHONE = ("phone-portrait", "phone-landscape")


def same_state(page: Any, s: Any) -> None:
    """Wait until the page shows the state ``s`` another page of the seat shows."""
    page.wait_for_function(
        """([round, event]) => {
            const s = window.sahratTable.state;
            return s && s.round_no === round && s.event === event;
        }""",
        arg=[s["round_no"], s["event"]],
        timeout=20_000,
    )


def check_screen(
    page: Any, shot: Any, variant: str, size: str, lang: str, moment: str, s: Any
) -> dict[str, Any]:
    """The fit at one screen and moment ("auction" or "trick"), with its screenshot."""
    same_state(page, s)
    settle(page, size)  # the deal's or the trick's animation, or the turn sideways
    shot(page, f"pinochle-fit-{variant}-{size}-{lang}-{moment}")
    geo = check_fit(page, f"{'the auction' if moment == 'auction' else 'a trick'} ({size})")
    assert len(geo["cards"]) == len(s["view"]["hand"])
    return geo


@pytest.mark.parametrize("variant", ["single", "double", "three"])
def test_the_pinochle_table_fits_the_window_in_the_auction_and_the_tricks(
    table_site: LiveSite, browser: Any, shot: Any, variant: str
) -> None:
    user = f"fit-{variant}"
    table = table_site.start_table(
        [user],
        {"variant": variant, "turn_seconds": 300, "nines_redeal": "off"},
        bots=True,
        game="pinochle",
    )
    size, lang = DESKTOP
    page = open_table(browser, table_site, user, table, size, lang)
    phone = open_table(browser, table_site, user, table, PHONE[0], "en")
    s = play_until(page, lambda s: s["view"]["phase"] == "bidding")
    assert len(s["view"]["hand"]) == HAND[variant]
    geo = check_screen(page, shot, variant, size, lang, "auction", s)
    assert {"pass", "hints"} <= {b["what"] for b in geo["buttons"]}
    for turned in PHONE:  # upright, then sideways
        resize(phone, turned)
        geo = check_screen(phone, shot, variant, turned, "en", "auction", s)
        assert {"pass", "hints"} <= {b["what"] for b in geo["buttons"]}

    s = play_until(page, lambda s: s["view"]["phase"] == "play")
    check_screen(page, shot, variant, size, lang, "trick", s)
    for turned in reversed(PHONE):  # sideways as it was left, then upright again
        resize(phone, turned)
        check_screen(phone, shot, variant, turned, "en", "trick", s)
    page.context.close()
    phone.context.close()


@pytest.fixture(scope="module")
def watched(table_site: LiveSite) -> int:
    """A table waiting on its player's turn (a long clock), for the spectators."""
    return table_site.start_table(
        ["played"], {"turn_seconds": 300, "nines_redeal": "off"}, bots=True, game="pinochle"
    )


@pytest.mark.parametrize("size", ["desktop-1366", "phone-portrait"])
def test_a_spectator_watches_a_pinochle_table_without_a_hand_or_errors(
    table_site: LiveSite, browser: Any, watched: int, size: str
) -> None:
    table = watched
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
