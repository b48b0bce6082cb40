"""A player against bots who lets their turns run out never loses the match: after three missed
turns a bot plays for them, the page says what happened and why, in their language, with one
button to take the seat back; they tap it, play on, and leaving afterwards asks first, saying
that it ends the match, and the lobby says why it ended. Screenshots on a phone and a laptop."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .conftest import SCREENSHOTS
from .table_helpers import SIZES, open_table, state

WORDS = {
    "ar": {
        "why": "فاتتك 3 أدوار ورا بعض، فلاعب آلي يلعب عنك الحين.",
        "back": "رجّع لي مقعدي",
        "leave": "أنت اللاعب الوحيد على هالطاولة",
        "ended": "ما بقى لاعب على الطاولة",
    },
    "en": {
        "why": "You missed 3 turns in a row, so a bot is playing for you.",
        "back": "Take my seat back",
        "leave": "You are the only player at this table",
        "ended": "no player was left at the table",
    },
}

#: the marks that keep a filled-in number in its own direction inside the sentence
ISOLATES = "\u2066\u2067\u2068\u2069"

MY_DRAWING_TURN = """() => {
  const s = window.sahratTable.state;
  return !!(s && s.view && s.you !== null && s.view.turn === s.you && !s.seats[s.you].bot &&
    s.view.phase === "draw" && s.view.turn_no > 1 && s.round.status === "playing");
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    # bots at their own pace (at 0.05 s a step, bots at every seat played the match to its end
    # while the page was looked at), a short break between rounds (the turns missed may end
    # one), and no bot taking a seat for a page that closed
    with LiveSite(
        tmp_path_factory.mktemp("missed-turns"),
        SAHRAT_BOT_SECONDS="0.7",
        SAHRAT_BOT_STEP_SECONDS="0.3",
        SAHRAT_ROUND_BREAK_SECONDS="2",
        SAHRAT_SEED_SECONDS="0.5",
        SAHRAT_AWAY_GRACE_SECONDS="600",
    ) as live:
        yield live


#: (language, the page's size, the other size it is looked at)
CASES = [
    ("ar", "phone-portrait", "desktop-1366"),
    ("en", "desktop-1366", "phone-portrait"),
]


def test_missed_turns_bring_a_bot_and_one_tap_takes_the_seat_back(
    site: LiveSite, browser: Any, shot: Any
) -> None:
    # a table per language, both started at once: their players' clocks run out side by side
    options = {"players": 4, "turn_seconds": 5, "target": 2000}
    tables = {
        lang: site.start_table([f"missed{lang}"], options, bots=True) for lang, _s, _o in CASES
    }
    pages = {
        lang: open_table(browser, site, f"missed{lang}", tables[lang], size, lang)
        for lang, size, _o in CASES
    }
    for lang, size, other in CASES:
        # the other language's bot plays on for its player meanwhile
        a_bot_plays_then_the_seat_is_taken_back(site, pages[lang], shot, lang, size, other)


def a_bot_plays_then_the_seat_is_taken_back(
    site: LiveSite, page: Any, shot: Any, lang: str, size: str, other: str
) -> None:
    words = WORDS[lang]
    stand_in = page.locator("[data-testid=stand-in]")
    # nobody moves for the player: three turns of 5 s run out, then a bot plays the seat
    expect(stand_in).to_be_visible(timeout=120_000)
    why = page.locator("[data-testid=stand-in-why]").inner_text()
    assert "".join(c for c in why if c not in ISOLATES) == words["why"], why
    back = stand_in.locator("[data-action=take-seat-back]")
    expect(back).to_have_text(words["back"])
    you = state(page)
    assert you["match"]["status"] == "playing" and you["seats"][you["you"]]["bot"]
    shot(page, f"missed-turns-bot-for-you-{lang}-{size}")
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[other], strict=True)))
    expect(back).to_be_visible()
    # the screen only (a whole page at the other size took over 30 s on a loaded machine)
    page.screenshot(
        path=str(SCREENSHOTS / f"missed-turns-bot-for-you-{lang}-{other}.png"),
        animations="disabled",  # the turn's endless pulse: no still frame to wait for
        timeout=60_000,
    )
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    if not back.is_visible() and page.evaluate("window.sahratReconnects || 0") > 0:
        # a socket reopened meanwhile (a loaded machine) took the seat back itself
        # (games.consumers._arrive): the player's turns run out again
        expect(back).to_be_visible(timeout=120_000)
    # one tap: the seat is the player's again (at once, or from the next turn)
    back.click()
    page.wait_for_function(
        """() => { const s = window.sahratTable.state, me = s.seats[s.you];
                   return !me.bot || me.returning; }""",
        timeout=15_000,
    )
    expect(stand_in).to_be_hidden(timeout=30_000)
    # and plays on: the next drawing turn, a draw by the player's own click
    page.wait_for_function(MY_DRAWING_TURN, timeout=90_000)
    page.click("[data-testid=stock]")
    page.wait_for_function(
        """() => { const s = window.sahratTable.state;
                   return s.last && s.last.seat === s.you && s.last.actor === "player"; }""",
        timeout=10_000,
    )
    shot(page, f"missed-turns-seat-back-{lang}-{size}")
    # leaving a bots table asks first, saying it ends the match; the lobby then says why
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    if size.startswith("phone"):
        page.click("[data-action=menu]")
    page.click("[data-action=leave]")
    page.wait_for_url(f"{site.url}/")
    assert asked and words["leave"] in asked[0], asked
    expect(page.locator("body")).to_contain_text(words["ended"])
    shot(page, f"missed-turns-left-{lang}-{size}")
    page.context.close()
