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


def press_opener(page: Any, name: str, timeout: float = 30_000) -> None:
    """Do what puts overlay ``name`` up: click its control, or ask the wild 2's question."""
    opener = OVERLAYS[name][0]
    if opener is None:
        page.evaluate(ASK_WILD)
    else:
        page.click(opener, timeout=timeout)


def open_overlay(page: Any, name: str) -> None:
    press_opener(page, name)
    page.wait_for_selector(OVERLAYS[name][1], state="visible", timeout=10_000)


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


def wait_down(page: Any, name: str, timeout: float = 5_000) -> bool:
    """Wait until overlay ``name`` is no longer up (a condition, not a pause); whether it went."""
    try:
        page.wait_for_function(
            "(sel) => !document.querySelector(sel)?.checkVisibility()",
            arg=OVERLAYS[name][1],
            timeout=timeout,
        )
    except Exception:  # Playwright's TimeoutError: it stayed up
        return False
    return True


#: the seat's turn with more than ``ms`` milliseconds on its clock
TURN_WITH_TIME = MY_TURN.replace("return !!(", "return !!(s && s.clock.remaining_ms > ms && ")
TURN_WITH_TIME = TURN_WITH_TIME.replace("() =>", "(ms) =>", 1)


def next_round_now(site: Any, table_id: int) -> None:
    """Open the table's next round at once when its round is over (no waiting out the score
    sheet's break), as the round's break would."""
    site.query(
        "from games import live\n"
        "from games.models import Match\n"
        f"m = Match.objects.filter(table_id={table_id}).order_by('-pk').first()\n"
        "r = m.rounds.order_by('-number').first()\n"
        "if m.status == 'playing' and r.status == 'finished':\n"
        "    live.next_round(m.pk, r.number + 1)\n"
        "result = r.number\n"
    )


SETTLED = """(sel) => [...document.querySelectorAll(sel)].every((n) =>
  n.getAnimations({subtree: true}).every((a) =>
    a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity))"""


def settle(page: Any, selector: str, timeout: float = 10_000) -> None:
    """Wait until what matches ``selector`` (and all inside it) has finished its entrance: no
    animation or transition running but the endless ones (a hint's pulse, a spinner)."""
    page.wait_for_function(SETTLED, arg=selector, timeout=timeout)
