"""Cutthroat Pinochle in the browser (Arabic, a phone and a laptop): three seats each for
themselves, sixteen cards each and no widow; the player bids, names trump when the auction is
theirs, plays every trick by clicking, and the score sheet has a column per seat."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from games.pinochle import bots
from sahrat.testing.live import LiveSite

from .pinochle_helpers import check_fit, my_turn, play, wait_for_change
from .table_helpers import open_table, state


@pytest.mark.parametrize(("size", "lang"), [("phone-portrait", "ar"), ("desktop-1366", "en")])
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
    deadline = time.monotonic() + 300
    while True:
        s = state(page)
        v = s["view"]
        if v and v["result"]:
            break
        assert time.monotonic() < deadline, "the hand did not end in time"
        if not my_turn(s):
            page.wait_for_timeout(60)
            continue
        if v["phase"] == "bidding":
            low = next((a["amount"] for a in v["legal"] if a["type"] == "bid"), None)
            action = {"type": "bid", "amount": low} if low is not None else {"type": "pass"}
        else:
            action = bots.next_action(v)
        if v["phase"] not in seen:
            seen.add(v["phase"])
            check_fit(page, f"cutthroat {v['phase']}")
            shot(page, f"pinochle-cutthroat-{v['phase']}-{size}-{lang}")
        assert page.locator("[data-testid=widow]").count() == 0
        play(page, action)
        wait_for_change(page, s)
    assert {"trump", "play"} <= seen, seen
    sheet = page.locator("[data-testid=score-sheet]")
    expect(sheet).to_be_visible(timeout=15_000)
    result = state(page)["view"]["result"]
    expect(sheet.locator("thead th")).to_have_count(4)  # a label column and one per seat
    for seat in range(3):
        expect(sheet.locator("tr[data-row=hand-points] td").nth(seat)).to_have_text(
            str(result["team_points"][seat])
        )
    shot(page, f"pinochle-cutthroat-score-sheet-{size}-{lang}")
    page.context.close()
