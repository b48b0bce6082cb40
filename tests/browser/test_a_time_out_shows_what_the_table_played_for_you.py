"""When a player's turn time runs out, the table plays the rules' time-out move for them (draw,
then throw the card just drawn, even a wild); the page says plainly what was played for them,
in their language, and keeps saying it until they close it or move again."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .table_helpers import card_name, drive, open_table, state

RECORD_STATES = """
window.__states = [];
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") window.__states.push(message);
    });
  }
};
"""

TIMED_OUT_YET = """() => ({
  hidden: !document.querySelector("[data-testid=played-for-you]")?.checkVisibility(),
  timed_out: window.__states.some(
    (s) => s.last && s.last.seat === s.you && s.last.actor === "timeout"),
})"""


def test_the_played_for_you_notice_names_the_clocks_moves_in_arabic(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    # nasser (her opponent) plays his turns; nobody moves for salma
    table = table_site.start_table(
        ["salma", "nasser"], {"players": 4, "turn_seconds": 5}, bots=True
    )
    # keep every state the page receives, from its first load: the bots move 0.05 s after the
    # clock, so the state of that moment may be gone before a poll of the latest one sees it
    page = open_table(
        browser, table_site, "salma", table, "phone-portrait", "ar", init_script=RECORD_STATES
    )
    driver = drive(table_site, table, only=["nasser"])
    notice = page.locator("[data-testid=played-for-you]")
    # no notice before her first time-out (read in one go: on a loaded machine her 5 s may
    # already have run out while the page loaded)
    before = page.evaluate(TIMED_OUT_YET)
    assert before["hidden"] or before["timed_out"], before
    # her first turn runs out
    expect(notice).to_be_visible(timeout=60_000)
    # the clock's throw for her (bots move right after it: keep the state of that moment)
    seen = page.wait_for_function(
        """() => window.__states.find(
            (s) => s.last && s.last.seat === s.you && s.last.action.type === 'throw') || null""",
        timeout=15_000,
    ).json_value()
    last = seen["last"]
    assert last["actor"] == "timeout"
    expect(notice).to_contain_text("خلص وقتك")
    moves = page.locator("[data-testid=played-for-you-moves]")
    expect(moves).to_contain_text(card_name(page, last["action"]["card"]))
    # a time-out on a drawing turn drew first: the notice names the drawn card too (her own view
    # shows it)
    log = seen["view"]["last_actions"]
    drew = [a for a in log if a["seat"] == seen["you"] and a["type"] == "draw"]
    if drew and drew[-1].get("card"):
        expect(moves).to_contain_text(card_name(page, drew[-1]["card"]))
        expect(moves).to_contain_text("سحب")
    shot(page, "played-for-you-ar-phone")
    # it stays through the bots' moves, until closed. On a loaded machine the page may have come
    # after her third time-out: a bot then plays her seat and the round may already be over (the
    # next one waits for the score sheet's break), so a finished round counts as a move too
    page.wait_for_function(
        """(e) => {
            const s = window.sahratTable.state;
            return s.event > e || s.round.status === "finished";
        }""",
        arg=state(page)["event"],
        timeout=15_000,
    )
    expect(notice).to_be_visible()
    # the bots may end the round at any moment, even as the notice is clicked: its score sheet
    # then comes up on top of the notice, and is closed first (a check before the click raced it)
    page.add_locator_handler(
        page.locator("[data-testid=score-sheet]"), lambda: page.click("[data-action=close-sheet]")
    )
    page.click("[data-action=close-notice]")
    expect(notice).to_be_hidden()
    driver.kill()
    page.context.close()
