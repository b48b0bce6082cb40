"""With the table option «cards passed between the declarer and partner» (3 here), the player
who wins the auction gets three cards from the partner, shown only to those two, then picks
three cards in the hand by tapping them and passes them back with the button (English,
1366×768)."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect

from games.pinochle import bots
from sahrat.testing.live import LiveSite

from .pinochle_helpers import check_fit, click_cards, my_turn, play, wait_for_change
from .table_helpers import open_table, state


def test_the_declarer_receives_three_cards_and_passes_three_back_by_tapping(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(
        ["noor"],
        {"pass_cards": 3, "turn_seconds": 300, "nines_redeal": "off"},
        bots=True,
        game="pinochle",
    )
    page = open_table(browser, table_site, "noor", table, "desktop-1366", "en")
    deadline = time.monotonic() + 180
    while True:
        s = state(page)
        v = s["view"]
        assert time.monotonic() < deadline, "the passing never came"
        assert not v["result"], "the hand ended before any passing"
        if not my_turn(s):
            page.wait_for_timeout(60)
            continue
        if v["phase"] == "passing":
            break
        if v["phase"] == "bidding":
            low = next((a["amount"] for a in v["legal"] if a["type"] == "bid"), None)
            action = {"type": "bid", "amount": low} if low is not None else {"type": "pass"}
        else:
            action = bots.next_action(v)
        play(page, action)
        wait_for_change(page, s)
    # the partner's three cards are in the hand and shown to this seat
    got = v["passed_cards"]["to_declarer"]
    assert got and len(got) == 3 and v["declarer"] == s["you"] and len(v["hand"]) == 15
    passed = page.locator("[data-testid=exchange] .p-passed [data-card]")
    expect(passed).to_have_count(3)
    expect(page.locator("[data-testid=exchange]")).to_contain_text("Choose 3 cards to pass")
    send = page.locator("[data-action=send-cards]")
    expect(send).to_have_text("Pass 3 cards")
    expect(send).to_be_disabled()
    back = bots.next_action(v)["cards"]
    click_cards(page, back[:2])
    expect(send).to_be_disabled()
    expect(page.locator("[data-testid=picked]")).to_have_text("2 of 3")
    click_cards(page, back[2:])
    expect(send).to_be_enabled()
    check_fit(page, "passing cards")
    shot(page, "pinochle-pass-cards")
    send.click()
    wait_for_change(page, s)
    after = state(page)["view"]
    assert after["phase"] == "play" and len(after["hand"]) == 12
    assert sorted(after["passed_cards"]["to_partner"]) == sorted(back)
    page.context.close()
