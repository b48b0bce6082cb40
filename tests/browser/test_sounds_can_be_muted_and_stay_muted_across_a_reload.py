"""The table's sounds (your turn, cards drawn, thrown and laid down, the last seconds) come from
the Web Audio API after the first tap; the mute button silences them and the choice survives
a reload."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .table_helpers import drive, open_table


def test_muting_silences_every_sound_and_survives_a_reload(
    table_site: LiveSite, browser: Any
) -> None:
    table = table_site.start_table(["maryam"], {"players": 4, "turn_seconds": 300}, bots=True)
    page = open_table(browser, table_site, "maryam", table, "desktop-1280", "en")
    mute = page.locator("[data-action=mute]")
    expect(mute).to_have_attribute("aria-pressed", "false")
    # the first tap starts the audio; turning the sound on plays the turn chime as a sample
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "false")
    sample = page.evaluate("window.sahratTable.sounds.at(-1)")
    assert sample == {"name": "turn", "played": True, "muted": False}

    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('sahrat.muted')") == "1"
    page.reload()
    page.wait_for_function("window.sahratTable && window.sahratTable.state")
    mute = page.locator("[data-action=mute]")
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(mute).to_have_attribute("aria-label", "Sound muted (click to turn on)")
    assert page.evaluate("window.sahratTable.muted") is True
    # sounds asked for after the reload (a tap first, so audio could start) stay silent
    page.locator(".prompt").click()
    driver = drive(table_site, table, only=["maryam"], pause=0.3)  # moves, hers and the bots'
    try:
        page.wait_for_function(
            "window.sahratTable.sounds.filter((s) => ['draw', 'throw', 'meld'].includes(s.name))"
            ".length >= 3",
            timeout=60_000,
        )
    finally:
        driver.kill()
    heard = page.evaluate("window.sahratTable.sounds")
    assert heard and all(s["muted"] and not s["played"] for s in heard), heard
    page.context.close()
