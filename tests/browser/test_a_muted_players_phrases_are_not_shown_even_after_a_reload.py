"""A player mutes another from the phrases' panel: the muted seat is marked, its phrases no
longer show on that page (the others still see them), and the mute survives a reload because
it is kept in the browser per reader. Unmuting shows them again."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .table_helpers import VIEW_READY, open_table
from .talk_helpers import bubble, fits, say


def test_a_muted_seat_stays_silent_on_that_page_across_a_reload(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(
        ["hessa", "fahad", "nora"], {"players": 4, "turn_seconds": 300}, bots=True
    )
    hessa = open_table(browser, table_site, "hessa", table, "desktop-1280", "ar")
    fahad = open_table(browser, table_site, "fahad", table, "phone-landscape", "en")
    nora = open_table(browser, table_site, "nora", table, "phone-portrait", "en")

    # Hessa mutes Fahad (seat 1) from the panel: the button is pressed, his seat is marked
    hessa.locator("[data-action=talk]").click()
    mute = hessa.locator("#talk-panel [data-action=mute-seat][data-seat='1']")
    expect(mute).to_have_attribute("aria-pressed", "false")
    expect(mute).to_have_attribute("title", "اكتم \u2068fahad\u2069")
    mute.click()
    mute = hessa.locator("#talk-panel [data-action=mute-seat][data-seat='1']")
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(hessa.locator("[data-seat='1'] [data-testid=seat-muted]")).to_have_count(1)
    fits(hessa)
    shot(hessa, "talk-muted-desktop-ar")
    hessa.keyboard.press("Escape")
    # the panel fits the phones too, in English, both ways
    for page, name in ((fahad, "talk-panel-phone-landscape-en"), (nora, "talk-panel-phone-en")):
        page.locator("[data-action=talk]").click()
        expect(page.locator("#talk-panel .talk-phrase").first).to_have_text("Peace be upon you")
        fits(page)
        shot(page, name)
        page.keyboard.press("Escape")

    # after a reload the mute holds
    hessa.reload()
    hessa.wait_for_function(VIEW_READY, timeout=30_000)
    expect(hessa.locator("[data-seat='1'] [data-testid=seat-muted]")).to_have_count(1)
    hessa.locator("[data-action=talk]").click()
    expect(hessa.locator("#talk-panel [data-action=mute-seat][data-seat='1']")).to_have_attribute(
        "aria-pressed", "true"
    )
    hessa.keyboard.press("Escape")

    # Fahad talks: Nora sees it, Hessa does not; Nora (not muted) still reaches Hessa
    say(fahad, "sorry")
    expect(bubble(nora, 1)).to_have_text("Sorry!")
    say(nora, "salam")
    expect(bubble(hessa, 2)).to_have_text("السلام عليكم")
    expect(bubble(hessa, 1)).to_have_count(0)
    shot(hessa, "talk-muted-seat-silent-desktop-ar")

    # unmuted, he is heard again
    hessa.locator("[data-action=talk]").click()
    hessa.locator("#talk-panel [data-action=mute-seat][data-seat='1']").click()
    expect(hessa.locator("[data-seat='1'] [data-testid=seat-muted]")).to_have_count(0)
    hessa.keyboard.press("Escape")
    say(fahad, "thanks")
    expect(bubble(hessa, 1)).to_have_text("مشكور!")
    for page in (hessa, fahad, nora):
        page.context.close()
