"""Helpers for Pinochle's browser tests: play the seated player's turns through the page by
clicking (the move chosen by the engine's own bot), and read the page's fit."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from games.pinochle import bots

from .table_helpers import state

JS = Path(__file__).parent / "js"
GEOMETRY = (JS / "pinochle_geometry.js").read_text()
TAP = 44  # px


def my_turn(s: Any) -> bool:
    return bool(
        s
        and s["view"]
        and s["round"]["status"] == "playing"
        and s["match"]["status"] == "playing"
        and s["view"]["result"] is None
        and s["view"]["turn"] == s["you"]
        and not s["seats"][s["you"]]["bot"]
    )


def wait_for_change(page: Any, before: Any) -> None:
    """Wait until a newer state than ``before`` arrived; fail on a refusal toast."""
    page.wait_for_function(
        """([round, event]) => {
            const s = window.sahratTable.state;
            if (document.querySelector('[data-testid=toast].toast-error')) return true;
            return s && (s.round_no !== round || s.event > event);
        }""",
        arg=[before["round_no"], before["event"]],
        timeout=20_000,
    )
    toast = page.locator("[data-testid=toast].toast-error")
    if toast.count():
        raise AssertionError(f"the table refused a move: {toast.first.inner_text()}")


def click_cards(page: Any, cards: list[str]) -> None:
    """Add these cards of the hand to the selection (copies one by one)."""
    before = page.locator(".hand .hcard.selected").count()
    for code in cards:
        page.locator(f".hand .hcard[data-card='{code}']:not(.selected)").first.click()
    page.wait_for_function(
        "(n) => document.querySelectorAll('.hand .hcard.selected').length === n",
        arg=before + len(cards),
    )


def pick_meld(page: Any, cards: list[str]) -> None:
    """Two-handed: pick a meld's cards, from the hand first, then from the own table."""
    for code in cards:
        in_hand = page.locator(f".hand .hcard[data-card='{code}']:not(.selected)")
        if in_hand.count():
            in_hand.first.click()
        else:
            table = "[data-testid=my-table] [data-action=table-pick]"
            page.locator(f"{table}[data-card='{code}'][aria-pressed=false]").first.click()
    page.wait_for_selector("[data-action=declare]:not([disabled])")


def press(page: Any, selector: str) -> None:
    """Reach a control by the keyboard: focus it and press Enter."""
    control = page.locator(selector).first
    control.focus()
    expect(control).to_be_focused()
    page.keyboard.press("Enter")


def give_kitty(page: Any, cards: list[str]) -> None:
    """Deal out the kitty by the keyboard: for each seat its card, then the seat, then «Deal the
    kitty» (focused by the page once every seat has its card)."""
    for seat, code in enumerate(cards):
        press(page, f".pk-cards [data-action=kitty-card][data-card='{code}']:not(.given)")
        press(page, f"[data-action=kitty-seat][data-seat='{seat}']")
    give = page.locator("[data-action=give-kitty]")
    expect(give).to_be_enabled()
    expect(give).to_be_focused()
    page.keyboard.press("Enter")


def play(page: Any, action: dict[str, Any]) -> None:
    """Make one engine action through the page, by clicking."""
    kind = action["type"]
    if kind == "bid":
        button = page.locator(f"[data-action=bid][data-amount='{action['amount']}']")
        if button.count():
            button.click()
        else:
            page.fill("[data-testid=bid-input]", str(action["amount"]))
            page.click("[data-action=bid-custom]")
    elif kind == "pass":
        page.click("[data-action=pass]")
    elif kind == "trump":
        # each suit's button shows the meld that suit gives (from the server's hints)
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-testid=trump-meld]')]"
            ".every((el) => /\\d/.test(el.textContent))"
        )
        page.click(f"[data-action=trump][data-suit={action['suit']}]")
    elif kind in ("pass_cards", "discard"):
        click_cards(page, action["cards"])
        page.click("[data-action=send-cards]")
    elif kind == "play" and action.get("from") == "table":
        page.locator(
            f"[data-testid=my-table] [data-action=table-play][data-card='{action['card']}']"
        ).first.click()
    elif kind == "play":
        card = page.locator(f".hand .hcard.legal[data-card='{action['card']}']").first
        card.click()
    elif kind == "meld":
        pick_meld(page, action["cards"])
        page.click("[data-action=declare]")
    elif kind == "give_kitty":
        give_kitty(page, action["cards"])
    elif kind in ("concede", "play_on"):
        press(page, f"[data-action={kind.replace('_', '-')}]")
    else:  # pragma: no cover
        raise AssertionError(f"unknown action {action}")


def keep_the_auction(view: Any) -> dict[str, Any]:
    """The bot's move, but in the auction always the lowest legal bid (from its button), so the
    seat becomes the declarer and meets the declarer's steps."""
    if view["phase"] != "bidding":
        return dict(bots.next_action(view))
    low = next((a["amount"] for a in view["legal"] if a["type"] == "bid"), None)
    return {"type": "bid", "amount": low} if low is not None else {"type": "pass"}


def play_hand(
    page: Any, on_turn: Any = None, timeout: float = 300, choose: Any = bots.next_action
) -> dict[str, int]:
    """Play the seat's turns until the hand has a result; ``on_turn(page, state)`` runs before
    each move (screenshots, checks), ``choose(view)`` picks it (the engine's bot by default).
    Returns how many actions of each type went through."""
    done: dict[str, int] = {}
    deadline = time.monotonic() + timeout
    while True:
        s = state(page)
        if s["view"] and s["view"]["result"]:
            return done
        assert time.monotonic() < deadline, "the hand did not end in time"
        if not my_turn(s):
            page.wait_for_timeout(60)
            continue
        if on_turn is not None:
            on_turn(page, s)
            s = state(page)
            if not my_turn(s):
                continue
        action = choose(s["view"])
        play(page, action)
        done[action["type"]] = done.get(action["type"], 0) + 1
        wait_for_change(page, s)


def check_fit(page: Any, what: str) -> dict[str, Any]:
    """Nothing scrolls, the hand and the action buttons are inside the window, tap targets are
    at least 44 px, a tap on a card's visible part lands on it."""
    geo = page.evaluate(GEOMETRY)
    assert geo["scrollW"] <= geo["vw"], f"{what}: the page overflows sideways: {geo['scrollW']}px"
    assert geo["scrollH"] <= geo["vh"], f"{what}: the page scrolls: {geo['scrollH']}px"
    assert geo["allInside"], (
        f"{what}: a hand card or a button is outside the window: {geo['outside']}"
    )
    small = [c for c in geo["cards"] if c["w"] < TAP or c["h"] < TAP]
    assert not small, f"{what}: hand cards with a visible strip under {TAP}px: {small}"
    assert all(geo["hits"]), f"{what}: a tap in a card's visible part lands on another card"
    hidden = [b["what"] for b in geo["buttons"] if not b["hit"]]
    assert not hidden, f"{what}: buttons clipped or covered (a tap misses them): {hidden}"
    small = [b for b in geo["buttons"] if b["w"] < TAP - 0.5 or b["h"] < TAP - 0.5]
    assert not small, f"{what}: buttons under {TAP}px: {small}"
    return geo


def play_until(page: Any, wanted: Any, timeout: float = 120) -> Any:
    """Play the seat's turns (as the engine's bot would, by clicking) until ``wanted(state)``
    holds on the seat's own turn; returns that state."""
    deadline = time.monotonic() + timeout
    while True:
        s = state(page)
        assert time.monotonic() < deadline, "the wanted moment did not come in time"
        assert not (s["view"] and s["view"]["result"]), "the hand ended first"
        if not my_turn(s):
            page.wait_for_timeout(60)
            continue
        if wanted(s):
            return s
        play(page, bots.next_action(s["view"]))
        wait_for_change(page, s)


def check_score_sheet(page: Any, units: int) -> None:
    """The hand's score sheet is up with a label column and a column per side (a team, or a
    seat for itself), each showing the side's points of the hand."""
    sheet = page.locator("[data-testid=score-sheet]")
    expect(sheet).to_be_visible(timeout=15_000)
    result = state(page)["view"]["result"]
    expect(sheet.locator("[data-testid=pinochle-scores] thead th")).to_have_count(units + 1)
    for unit in range(units):
        expect(sheet.locator("tr[data-row=hand-points] td").nth(unit)).to_have_text(
            str(result["team_points"][unit])
        )
