"""A player plays a whole hand of Pinochle against three bots by clicking, in Arabic on a
1366×768 desktop, in real Chromium on a real daphne + Celery worker + Redis: bids (the amount
buttons or a typed amount) or passes, names trump from the suit buttons that show the meld
each suit gives, sees every seat's meld laid out, plays every trick by tapping a raised card,
and reads the score sheet (meld, meld counted, counters, the hand, the match) with its Verify
link. The move at each turn is the engine bot's; the page makes it."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .pinochle_helpers import check_fit, play_hand
from .table_helpers import open_table, state


def test_a_player_plays_a_whole_pinochle_hand_against_three_bots_by_clicking_in_arabic(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(
        ["hessa"],
        {"variant": "single", "turn_seconds": 300, "nines_redeal": "off"},
        bots=True,
        game="pinochle",
    )
    page = open_table(browser, table_site, "hessa", table, "desktop-1366", "ar")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    first = state(page)
    assert first["match"]["game"] == "pinochle" and first["you"] == 0
    assert len(first["view"]["hand"]) == 12
    seen: dict[str, bool] = {}

    def on_turn(page: Any, s: Any) -> None:
        phase = s["view"]["phase"]
        if phase == "bidding" and "bidding" not in seen:
            seen["bidding"] = True
            expect(page.locator("[data-testid=auction]")).to_contain_text("المزايدة")
            expect(page.locator("[data-action=pass]")).to_have_text("باس")
            check_fit(page, "the auction")
            shot(page, "pinochle-ar-auction")
        if phase == "trump" and "trump" not in seen:
            seen["trump"] = True
            page.wait_for_selector("[data-testid=trump-meld]:has-text('دمج')")
            check_fit(page, "naming trump")
            shot(page, "pinochle-ar-trump")
        if phase == "play" and "melds" not in seen:
            seen["melds"] = True
            # every seat's meld laid out by name and points: by itself before the first card,
            # by the button after it (and gathered back by it)
            first = s["view"]["trick"] == [] and sum(s["view"]["tricks_won"]) == 0
            board = page.locator("[data-testid=melds]")
            if not first:
                expect(board).to_have_count(0)
                page.click("[data-testid=show-melds]")
            expect(board).to_be_visible()
            expect(board.locator("[data-testid=seat-meld]")).to_have_count(4)
            for seat in range(4):
                points = str(s["view"]["melds"][seat]["points"])
                seat_meld = board.locator(
                    f".p-meld-seat[data-seat='{seat}'] [data-testid=seat-meld]"
                )
                expect(seat_meld).to_have_text(points)
            shot(page, "pinochle-ar-melds")
            if not first:
                page.click("[data-testid=show-melds]")
                expect(board).to_have_count(0)
        if phase == "play" and s["view"]["trick"] and "trick" not in seen:
            seen["trick"] = True
            legal = {a["card"] for a in s["view"]["legal"]}
            raised = page.eval_on_selector_all(
                ".hand .hcard.legal", "els => els.map(e => e.dataset.card)"
            )
            dimmed = page.eval_on_selector_all(
                ".hand .hcard.dimmed", "els => els.map(e => e.dataset.card)"
            )
            assert set(raised) == legal and not (set(dimmed) & legal)
            assert len(raised) + len(dimmed) == len(s["view"]["hand"])
            # each card of the trick by its player
            for played in s["view"]["trick"]:
                slot = page.locator(f"[data-testid=trick] .p-slot[data-seat='{played['seat']}']")
                expect(slot.locator(f"[data-card='{played['card']}']")).to_be_visible()
            check_fit(page, "a trick")
            shot(page, "pinochle-ar-trick")
        if phase == "play" and s["view"]["last_trick"] and "last" not in seen:
            seen["last"] = True
            page.click("[data-testid=show-last-trick]")
            last = s["view"]["last_trick"]
            box = page.locator("[data-testid=last-trick]")
            expect(box.locator(".tcard")).to_have_count(4)
            expect(box.locator(f".p-slot[data-seat='{last['winner']}'] .tcard")).to_have_class(
                re.compile("won")
            )
            shot(page, "pinochle-ar-last-trick")
            page.click("[data-testid=show-last-trick]")
            expect(box).to_have_count(0)

    done = play_hand(page, on_turn)
    assert done.get("play", 0) >= 11, done  # every trick (the last lead may be a bot's)
    assert done.get("bid", 0) + done.get("pass", 0) >= 1

    sheet = page.locator("[data-testid=score-sheet]")
    expect(sheet).to_be_visible(timeout=15_000)
    end = state(page)
    result = end["view"]["result"]
    expect(sheet).to_contain_text("نتيجة الجولة 1")
    if result["reason"] == "played":
        expect(sheet.locator("[data-testid=made]")).to_have_text(
            "جاب المزايدة" if result["made"] else "سقط"
        )
        for side in (0, 1):
            expect(sheet.locator("tr[data-row=hand-points] td").nth(side)).to_have_text(
                str(result["team_points"][side])
            )
            expect(sheet.locator("tr[data-row=counters] td bdi").nth(side)).to_have_text(
                str(result["counters"][side])
            )
        expect(sheet).to_contain_text("الدمج المحسوب")
        expect(sheet).to_contain_text("نقاط العد")
    expect(sheet.locator("[data-action=verify]")).to_be_visible()
    # the contract and the declarer stay in view
    if result["declarer"] is not None:
        expect(page.locator("[data-testid=contract]")).to_contain_text(str(result["contract"]))
    shot(page, "pinochle-ar-score-sheet")
    assert seen.get("bidding") or seen.get("trump") or seen.get("melds"), seen
    page.context.close()
