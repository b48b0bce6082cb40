"""Helpers for the table's overlays (the deal's fingerprint, the hints, the talk panel, the
wild 2's question): open one the way a player does, tell whether it is up, wait for the seat's
turn. See shell.js, "overlays"."""

from __future__ import annotations

from typing import Any

MY_TURN = """() => {
  const s = window.sahratTable && window.sahratTable.state;
  return !!(s && s.view && s.you !== null && s.view.turn === s.you && s.view.phase !== 'ended'
    && s.round.status === 'playing' && !s.view.result);
}"""

# the question the Banakil page asks when a wild 2 could go to either end of a meld
ASK_WILD = """async () => {
  const { shell } = await import('/static/table/shell.js');
  window.__wild = 'open';
  shell.ask(shell.fmt('where_wild', {card: '2♣'}), {prefix: 'wild', card: '2C', choices: [
      {value: 'low', label: shell.t.to_low}, {value: 'high', label: shell.t.to_high}]})
    .then((answer) => { window.__wild = answer; });
}"""

#: overlay -> (the control that opens it, the overlay's box)
OVERLAYS = {
    "fingerprint": ("[data-testid=commitment]", "#commit-pop"),
    "hints": (".controls [data-action=hints]", "[data-testid=hints-panel]"),
    "talk": ("[data-action=talk]", "#talk-panel"),
    "wild": (None, "[data-testid=choice] .choice-box"),
}


def open_overlay(page: Any, name: str) -> None:
    opener, box = OVERLAYS[name]
    if opener is None:
        page.evaluate(ASK_WILD)
    else:
        page.click(opener)
    page.wait_for_selector(box, state="visible", timeout=10_000)


def is_up(page: Any, name: str) -> bool:
    return bool(
        page.evaluate(
            "(sel) => !!document.querySelector(sel)?.checkVisibility()",
            OVERLAYS[name][1],
        )
    )


BOXES = """(sel) => [...document.querySelectorAll(sel)].filter((n) => n.checkVisibility())
.map((n) => {
  const r = n.getBoundingClientRect();
  return {l: r.left, t: r.top, r: r.right, b: r.bottom};
})"""


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    """The boxes of what shows of ``selector`` (left, top, right, bottom)."""
    return page.evaluate(BOXES, selector)  # type: ignore[no-any-return]


def rect(page: Any, selector: str) -> dict[str, float] | None:
    found = boxes(page, selector)
    return found[0] if found else None


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Two boxes share more than a hair (half a pixel) of area."""
    wide = min(a["r"], b["r"]) - max(a["l"], b["l"])
    high = min(a["b"], b["b"]) - max(a["t"], b["t"])
    return wide > 0.5 and high > 0.5


def click_outside(page: Any, name: str) -> None:
    """Click a spot of the table that is outside the overlay and is no button (a seat, a
    zone's title, the prompt): what a player does to put an overlay away."""
    point = page.evaluate(
        """(sel) => {
          const box = document.querySelector(sel);
          const spots = ['.pos-top .seat', '.own-seat .seat', '.pos-left .seat', '.zone-title',
                         '.prompt', '.score'];
          for (const c of spots) {
            const n = document.querySelector(c);
            if (!n) continue;
            const r = n.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            const hit = document.elementFromPoint(x, y);
            if (hit && !box.contains(hit) && !hit.closest('button, a')) return {x, y};
          }
          return null;
        }""",
        OVERLAYS[name][1],
    )
    assert point, f"no free spot outside {name}"
    page.mouse.click(point["x"], point["y"])
