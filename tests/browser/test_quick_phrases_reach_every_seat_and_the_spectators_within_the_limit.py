"""A seated player's quick phrase or emote shows in a bubble by their seat on every other
seat's page and a spectator's, each in its reader's language; spectators read but cannot send;
a fourth phrase within ten seconds is refused with its message. The panel and the bubbles fit
a phone (no sideways scrolling, tap targets of at least 44 px)."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .table_helpers import open_table
from .talk_helpers import bubble, fits, say

TOO_MANY_AR = "على هونك: كم عبارة وانتظر شوي."


def test_a_phrase_reaches_the_other_seat_and_a_spectator_and_the_fourth_is_refused(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(["amal", "badr"], {"players": 4, "turn_seconds": 300}, bots=True)
    amal = open_table(browser, table_site, "amal", table, "desktop-1366", "en")
    badr = open_table(browser, table_site, "badr", table, "phone-portrait", "ar")
    yousef = open_table(browser, table_site, "yousef", table, "phone-landscape", "en")
    errors: list[str] = []
    for page in (amal, badr, yousef):
        page.on("pageerror", lambda error: errors.append(str(error)))

    # the panel: the fixed phrases in the reader's language, the emotes, the mutes
    badr.locator("[data-action=talk]").click()
    panel = badr.locator("#talk-panel")
    expect(panel).to_be_visible()
    expect(panel.locator(".talk-phrase")).to_have_count(10)
    expect(panel.locator(".talk-emote")).to_have_count(8)
    expect(panel.locator("[data-phrase=good_luck]")).to_have_text("بالتوفيق!")
    fits(badr)
    shot(badr, "talk-panel-phone-ar")
    badr.locator("[data-action=talk]").click()
    expect(panel).to_have_count(0)

    # a spectator reads but has nothing to send
    yousef.locator("[data-action=talk]").click()
    expect(yousef.locator("#talk-panel [data-testid=talk-watching]")).to_be_visible()
    expect(yousef.locator("#talk-panel .talk-phrase")).to_have_count(0)
    fits(yousef)
    yousef.keyboard.press("Escape")
    expect(yousef.locator("#talk-panel")).to_have_count(0)

    # Amal (seat 0) wishes luck: Badr reads it in Arabic, the spectator in English, by seat 0
    say(amal, "good_luck")
    expect(bubble(badr, 0)).to_have_text("بالتوفيق!")
    expect(bubble(yousef, 0)).to_have_text("Good luck!")
    expect(bubble(amal, 0)).to_have_text("Good luck!")  # and on her own seat
    fits(badr)
    fits(yousef)
    shot(badr, "talk-bubble-phone-ar")
    shot(yousef, "talk-bubble-spectator-landscape-en")
    shot(amal, "talk-bubble-desktop-en")
    # the bubble goes after a few seconds
    expect(bubble(badr, 0)).to_have_count(0, timeout=10_000)

    # Badr (seat 1) sends three emotes and a phrase in a row (well within ten seconds, even on
    # a slow machine): the first three reach the others, the fourth is refused with its message
    heard = """() => {
        window.heard = [];
        new MutationObserver((changes) => {
            for (const c of changes) for (const n of c.addedNodes)
                if (n.dataset && n.dataset.testid === 'phrase-bubble')
                    window.heard.push([Number(n.dataset.seat), n.dataset.phrase]);
        }).observe(document.body, { childList: true, subtree: true });
    }"""
    amal.evaluate(heard)
    yousef.evaluate(heard)
    sent_at = time.monotonic()
    for key in ("👍", "😄", "🔥", "well_played"):
        say(badr, key)
    toast = badr.locator("[data-testid=toast].toast-error")
    expect(toast).to_have_text(TOO_MANY_AR)
    assert time.monotonic() - sent_at < 10
    shot(badr, "talk-refused-phone-ar")
    expect(bubble(amal, 1)).to_have_text("🔥")
    expect(bubble(yousef, 1)).to_have_text("🔥")
    badr.wait_for_timeout(1_000)  # time enough for a fourth to arrive, were it let through
    for page in (amal, yousef):
        assert page.evaluate("window.heard") == [[1, "👍"], [1, "😄"], [1, "🔥"]]
    # the limit is per player: Amal still talks meanwhile
    say(amal, "thanks")
    expect(bubble(badr, 0)).to_have_text("مشكور!")
    assert errors == []
    for page in (amal, badr, yousef):
        page.context.close()
