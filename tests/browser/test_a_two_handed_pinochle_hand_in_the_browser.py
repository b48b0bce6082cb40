"""Two-handed Pinochle in the browser (a phone held upright in English and sideways in Arabic,
and a laptop in Arabic): both seats face to face, the stock's count and the turn-up (trump) under
it, the stage said on the table (stock play, then strict play once the stock is empty), each
seat's declared melds lying on its table; after a won stock-stage trick the player picks a meld's
cards, sees its name and points before sending it (or declares none); cards are played from the
hand and from the own table; the page fits the window at every step and the score sheet closes
it."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from games.pinochle import bots
from sahrat.testing.live import LiveSite

from .pinochle_helpers import check_fit, my_turn, pick_meld, play, wait_for_change
from .table_helpers import open_table, state


def check_board(page: Any, s: Any) -> None:
    """What the two-handed board shows is the view's: the stock, the turn-up, the stage and
    both tables."""
    v = s["view"]
    me, other = s["you"], 1 - s["you"]
    if v["stock_count"]:
        expect(page.locator("[data-testid=stock-count]")).to_have_text(str(v["stock_count"]))
    else:
        expect(page.locator("[data-testid=stock]")).to_have_count(0)
    turn_up = page.locator("[data-testid=turn-up]")
    if v["turn_up"]:
        expect(turn_up).to_have_count(1)
    else:
        expect(turn_up).to_have_count(0)
    stage = page.locator("[data-testid=stage]")
    expect(stage).to_have_class(f"p2-stage {v['stage']}")
    for testid, seat in (("my-table", me), ("their-table", other)):
        tiles = page.locator(f"[data-testid={testid}] .ctile")
        expect(tiles).to_have_count(len(v["table"][seat]))
    expect(page.locator("[data-testid=their-table] button")).to_have_count(0)


@pytest.mark.parametrize(
    ("size", "lang"),
    [("phone-portrait", "en"), ("phone-landscape", "ar"), ("desktop-1366", "ar")],
)
def test_a_player_plays_a_whole_two_handed_hand_declaring_melds_from_hand_and_table(
    table_site: LiveSite, browser: Any, shot: Any, size: str, lang: str
) -> None:
    user = f"hamad-two-{size}-{lang}"
    table = table_site.start_table(
        [user],
        {"variant": "two", "turn_seconds": 300, "nines_redeal": "off"},
        bots=True,
        game="pinochle",
    )
    page = open_table(browser, table_site, user, table, size, lang)
    s = state(page)
    assert len(s["seats"]) == 2 and len(s["view"]["hand"]) == 12
    assert page.locator(".felt-live .seat").count() == 1  # the other seat, face to face
    expect(page.locator(".tbar-scores .score")).to_have_count(2)
    seen: set[str] = set()
    declared = from_table = passed_meld = 0
    deadline = time.monotonic() + 360
    while True:
        s = state(page)
        v = s["view"]
        if v and v["result"]:
            break
        assert time.monotonic() < deadline, "the hand did not end in time"
        if not my_turn(s):
            page.wait_for_timeout(60)
            continue
        check_board(page, s)
        moment = f"{v['phase']}-{v['stage']}"
        if moment not in seen:
            seen.add(moment)
            page.wait_for_timeout(300)
            check_fit(page, f"two-handed {moment}")
            shot(page, f"pinochle-two-{moment}-{size}-{lang}")
        if v["stage"] == "strict":
            expect(page.locator("[data-testid=stage]")).to_contain_text(
                "strict play" if lang == "en" else "لعب ملزم"
            )
        action = bots.next_action(v)
        melds = [a for a in v["legal"] if a["type"] == "meld"]
        if v["phase"] == "meld" and melds:
            # pick the cards; the meld's name and points show before it is sent
            meld = melds[0]
            pick_meld(page, meld["cards"])
            preview = page.locator("[data-testid=meld-preview]")
            expect(preview).to_contain_text("+", timeout=10_000)
            if "meld" not in seen:
                seen.add("meld")
                check_fit(page, "two-handed, a meld picked")
                shot(page, f"pinochle-two-meld-picked-{size}-{lang}")
            page.click("[data-action=declare]")
            declared += 1
            wait_for_change(page, s)
            continue
        if v["phase"] == "meld":
            passed_meld += 1
        if v["phase"] == "play" and v["stage"] == "stock":
            table_plays = [a for a in v["legal"] if a.get("from") == "table"]
            if table_plays and not from_table:
                action = table_plays[0]
                from_table += 1
        play(page, action)
        wait_for_change(page, s)
    assert {"play-stock", "play-strict"} <= seen, seen
    assert declared or passed_meld, "the player never won a stock-stage trick"
    log = state(page)["view"]["meld_log"]
    assert sum(1 for m in log if m["seat"] == s["you"] and m["trick"]) >= declared
    sheet = page.locator("[data-testid=score-sheet]")
    expect(sheet).to_be_visible(timeout=15_000)
    result = state(page)["view"]["result"]
    for seat in range(2):
        expect(sheet.locator("tr[data-row=hand-points] td").nth(seat)).to_have_text(
            str(result["team_points"][seat])
        )
    shot(page, f"pinochle-two-score-sheet-{size}-{lang}")
    page.context.close()
