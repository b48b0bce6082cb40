"""Three-handed Pinochle in the browser (English, 1366×768): three seats around the felt and a
score per seat; the player bids until the auction is theirs, sees the widow turned up and taken
into the hand, names trump, puts three cards aside by tapping them, plays every trick, and the
score sheet has a column per seat. The table plays checks: each seat shows its checks by its name
and the score sheet lists every seat's checks of the hand."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .pinochle_helpers import check_fit, check_score_sheet, keep_the_auction, play_hand
from .table_helpers import open_table, state


def test_a_player_wins_the_auction_takes_the_widow_discards_and_plays_a_three_handed_hand(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(
        ["hamad"],
        {"variant": "three", "turn_seconds": 300, "nines_redeal": "off", "checks": True},
        bots=True,
        game="pinochle",
    )
    page = open_table(browser, table_site, "hamad", table, "desktop-1366", "en")
    s = state(page)
    assert len(s["seats"]) == 3 and len(s["view"]["hand"]) == 15
    expect(page.locator(".felt-live .seat")).to_have_count(2)  # and this seat's own, by the hand
    expect(page.locator(".tbar-scores .score")).to_have_count(3)
    seen: set[str] = set()

    def on_turn(page: Any, s: Any) -> None:
        v = s["view"]
        if v["phase"] == "trump" and "trump" not in seen:
            seen.add("trump")
            # the widow is shown to everyone, and is in the declarer's hand now
            widow = page.locator("[data-testid=widow] [data-card]")
            expect(widow).to_have_count(3)
            assert len(v["hand"]) == 18
            shot(page, "pinochle-three-widow")
        if v["phase"] == "discard" and "discard" not in seen:
            seen.add("discard")
            expect(page.locator("[data-action=send-cards]")).to_be_disabled()
            check_fit(page, "the discard")
        if v["phase"] == "play" and "play" not in seen:
            seen.add("play")
            expect(page.locator("[data-testid=melds] [data-testid=seat-meld]")).to_have_count(3)
            shot(page, "pinochle-three-melds")

    # keep the auction: always the lowest legal bid, from its button
    play_hand(page, on_turn, choose=keep_the_auction)
    assert {"trump", "discard", "play"} <= seen, seen
    check_score_sheet(page, 3)
    expect(page.locator("[data-testid=seat-checks]")).to_have_count(3)
    checks = page.locator("[data-testid=score-sheet] [data-testid=checks-table] tbody tr")
    expect(checks).to_have_count(3)  # a row per seat, its events in words, the hand and the match
    shot(page, "pinochle-three-score-sheet")
    page.context.close()
