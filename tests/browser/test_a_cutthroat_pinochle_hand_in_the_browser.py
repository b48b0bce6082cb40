"""Cutthroat Pinochle in the browser (Arabic, a phone and a laptop): three seats each for
themselves, sixteen cards each and no widow; the player bids, names trump when the auction is
theirs, plays every trick by clicking, and the score sheet has a column per seat."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .pinochle_helpers import check_fit, check_score_sheet, keep_the_auction, play_hand
from .table_helpers import open_table, state


# one hand, on a phone in Arabic (the laptop in English plays whole Pinochle hands elsewhere:
# two-handed, six- and eight-handed); a whole hand is CI's costliest kind of test
@pytest.mark.parametrize(("size", "lang"), [("phone-portrait", "ar")])
def test_a_player_plays_a_whole_cutthroat_hand_with_sixteen_cards_and_no_widow(
    table_site: LiveSite, browser: Any, shot: Any, size: str, lang: str
) -> None:
    table = table_site.start_table(
        [f"mishal{lang}"],
        {"variant": "cutthroat", "turn_seconds": 300, "nines_redeal": "off"},
        bots=True,
        game="pinochle",
    )
    page = open_table(browser, table_site, f"mishal{lang}", table, size, lang)
    s = state(page)
    assert len(s["seats"]) == 3 and len(s["view"]["hand"]) == 16
    expect(page.locator(".tbar-scores .score")).to_have_count(3)
    seen: set[str] = set()

    def on_turn(page: Any, s: Any) -> None:
        phase = s["view"]["phase"]
        if phase not in seen:
            seen.add(phase)
            check_fit(page, f"cutthroat {phase}")
            shot(page, f"pinochle-cutthroat-{phase}-{size}-{lang}")
        assert page.locator("[data-testid=widow]").count() == 0

    play_hand(page, on_turn, choose=keep_the_auction)
    assert {"trump", "play"} <= seen, seen
    check_score_sheet(page, 3)
    shot(page, f"pinochle-cutthroat-score-sheet-{size}-{lang}")
    page.context.close()
