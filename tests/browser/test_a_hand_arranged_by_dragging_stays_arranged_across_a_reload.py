"""A player arranges the hand by dragging cards, with the mouse or a finger; the order stays
through the next states and a reload (saved per round in the browser), and «by suit» / «by
rank» sort it again. A card dragged onto the table pile is thrown."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .table_helpers import VIEW_READY, open_table

ORDER_IS = "(want) => window.sahratTable.handOrder.join() === want.join()"
HAND_AT_REST = (
    "document.querySelector('.hand').getAnimations({ subtree: true })"
    ".every((a) => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)"
)
CARD_AT = "([x, y]) => document.elementFromPoint(x, y)?.closest('.hcard')?.dataset.card"
#: Every frame the table's socket sends and receives, in ``window.frames_seen``: the bots answer
#: at once, so ``state.last`` may pass the player's own throw between two looks at it.
RECORD_FRAMES = """
window.frames_seen = [];
window.WebSocket = class extends window.WebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (e) => window.frames_seen.push(JSON.parse(e.data)));
  }
  send(data) {
    window.frames_seen.push({ sent: JSON.parse(data) });
    return super.send(data);
  }
};
"""
#: The throw of card ``c`` was sent and the server answered it "ok".
THROWN = """(c) => {
  const sent = window.frames_seen.find((f) => f.sent && f.sent.type === "action"
    && f.sent.action.type === "throw" && f.sent.action.card === c);
  return !!sent && window.frames_seen.some((f) => f.type === "ok" && f.id === sent.sent.id);
}"""


def order(page: Any) -> list[str]:
    return list(page.evaluate("window.sahratTable.handOrder"))


def strip_centre(page: Any, index: int) -> tuple[float, float]:
    box = page.locator(".hand .hcard").nth(index).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 30)


def test_a_card_dragged_with_the_mouse_keeps_its_place_after_a_reload(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(["noor"], {"players": 4, "turn_seconds": 300}, bots=True)
    page = open_table(browser, table_site, "noor", table, "desktop-1366", "ar")
    page.wait_for_function(HAND_AT_REST)  # the deal has flown in: the cards are where they stay
    before = order(page)
    assert len(before) >= 10
    # the first card, dragged past the fourth
    x0, y0 = strip_centre(page, 0)
    x4, y4 = strip_centre(page, 4)
    page.mouse.move(x0, y0)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x0 + (x4 + 10 - x0) * step / 10, y0 + 3, steps=2)
    page.mouse.up()
    moved = before[1:5] + [before[0]] + before[5:]
    page.wait_for_function(ORDER_IS, arg=moved)
    # a press and drag is not a click: nothing got selected
    assert page.evaluate("window.sahratTable.selection") == []
    expect(page.locator("[data-action=sort-suit]")).to_have_attribute("aria-pressed", "false")
    shot(page, "hand-reordered-1366-ar")

    page.reload()
    page.wait_for_function(VIEW_READY)
    assert order(page) == moved
    cards = page.locator(".hand .hcard")
    assert [cards.nth(i).get_attribute("data-card") for i in range(len(moved))] == moved

    # sorting again replaces the player's order
    page.click("[data-action=sort-suit]")
    assert order(page) != moved and sorted(order(page)) == sorted(moved)
    page.context.close()


def test_a_card_dragged_with_a_finger_on_a_phone_moves_too(
    table_site: LiveSite, browser: Any
) -> None:
    table = table_site.start_table(["reem"], {"players": 4, "turn_seconds": 300}, bots=True)
    page = open_table(browser, table_site, "reem", table, "phone-portrait", "en")
    page.wait_for_function(HAND_AT_REST)
    before = order(page)
    x0, y0 = strip_centre(page, 0)
    x2, y2 = strip_centre(page, 2)
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x0, y0)
    for step in range(1, 11):
        touch("touchMove", x0 + (x2 + 8 - x0) * step / 10, y0 + 2)
    touch("touchEnd", x2 + 8, y0 + 2)
    moved = before[1:3] + [before[0]] + before[3:]
    page.wait_for_function(ORDER_IS, arg=moved)
    page.reload()
    page.wait_for_function(VIEW_READY)
    assert order(page) == moved
    page.context.close()


def test_a_card_dragged_onto_the_table_pile_is_thrown(table_site: LiveSite, browser: Any) -> None:
    table = table_site.start_table(["lulwa"], {"players": 4, "turn_seconds": 300}, bots=True)
    page = open_table(browser, table_site, "lulwa", table, "desktop-1280", "en", RECORD_FRAMES)
    mine = "(s => s.view.turn === s.you && s.view.phase !== 'ended')(window.sahratTable.state)"
    page.wait_for_function(mine, timeout=60_000)
    if page.evaluate("window.sahratTable.state.view.phase") == "draw":
        page.click("[data-testid=stock]")
    page.wait_for_function("window.sahratTable.state.view.phase === 'play'")
    page.wait_for_function(HAND_AT_REST)  # the drawn card has flown in and the hand has settled
    x0, y0 = strip_centre(page, 0)
    card = page.evaluate(CARD_AT, [x0, y0])  # the card under the pointer is the one dragged
    pile = page.locator("[data-testid=pile]").bounding_box()
    px, py = pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    for step in range(1, 16):
        page.mouse.move(x0 + (px - x0) * step / 15, y0 + (py - y0) * step / 15, steps=2)
    expect(page.locator("[data-testid=pile]")).to_have_class(re.compile("drop-over"))
    page.mouse.up()
    try:
        page.wait_for_function(THROWN, arg=card)
    except PlaywrightTimeout as e:
        sent = page.evaluate("window.frames_seen.filter((f) => f.sent || f.type === 'error')")
        raise AssertionError(f"{card} was not thrown; the socket carried {sent}") from e
    page.context.close()
