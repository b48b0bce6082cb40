"""A whole hand of Pinochle played by tapping on a 390×844 phone in English, against three bots:
at every phase (the auction, naming trump, the tricks) the page fits the screen (no scrolling,
the hand and the buttons inside it, tap targets of 44 px), and the hand ends on the score
sheet with its Verify link."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .pinochle_helpers import check_fit, play_hand
from .table_helpers import open_table, state


def test_a_player_plays_a_whole_pinochle_hand_on_a_phone_in_english(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(
        ["maryam"],
        {"variant": "single", "turn_seconds": 300, "nines_redeal": "off"},
        bots=True,
        game="pinochle",
    )
    page = open_table(browser, table_site, "maryam", table, "phone-portrait", "en")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    checked: set[str] = set()

    def on_turn(page: Any, s: Any) -> None:
        v = s["view"]
        phase = "lead" if v["phase"] == "play" and not v["trick"] else v["phase"]
        if phase == "play" and v["last_trick"]:
            phase = "follow"
        if phase in checked:
            return
        checked.add(phase)
        page.wait_for_timeout(450)  # a card in flight lands
        check_fit(page, phase)
        shot(page, f"pinochle-phone-en-{phase}")
        if phase == "bidding":
            expect(page.locator("[data-action=pass]")).to_have_text("Pass")
            # the hints: a suggested bid (or pass) and the meld each suit would give
            page.click("[data-action=hints]")
            panel = page.locator("[data-testid=hints-panel]")
            expect(panel.locator("[data-testid=hint-bid]")).to_be_visible()
            expect(panel).to_contain_text("meld")
            shot(page, "pinochle-phone-en-hints")
            page.click("[data-action=hints]")
            expect(panel).to_be_hidden()

    done = play_hand(page, on_turn)
    assert done.get("play", 0) >= 11, done
    sheet = page.locator("[data-testid=score-sheet]")
    expect(sheet).to_be_visible(timeout=15_000)
    result = state(page)["view"]["result"]
    expect(sheet).to_contain_text("Round 1")
    if result["reason"] == "played":
        expect(sheet.locator("[data-testid=made]")).to_have_text(
            "made" if result["made"] else "set"
        )
        expect(sheet).to_contain_text("Meld counted")
        expect(sheet).to_contain_text("Counters")
    expect(sheet.locator("[data-action=verify]")).to_be_visible()
    # one read in the page: the sheet is drawn again on each state it gets, and a locator's
    # bounding_box() between two reads can find the box it resolved already replaced
    box = page.evaluate(
        """() => {
          const b = document.querySelector("[data-testid=score-sheet] .sheet-box");
          return b && b.getBoundingClientRect().toJSON();
        }"""
    )
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(page, "pinochle-phone-en-score-sheet")
    assert {"bidding", "lead"} <= checked or {"bidding", "follow"} <= checked, checked
    page.context.close()
