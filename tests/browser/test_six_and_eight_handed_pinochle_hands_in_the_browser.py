"""Six- and eight-handed Pinochle in the browser (six on a laptop in Arabic, eight on a phone in
Arabic): the seats sit around the felt, each with its team's label and colour (six: two teams of
three, alternating; eight: four teams of two, partners across), the score bar has a unit per
team, the hand (20 cards six-handed) fits without scrolling, the trick's cards lie by their
players and never under a seat's name, and the player plays a whole hand by clicking to the
score sheet."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .pinochle_helpers import check_fit, check_score_sheet, keep_the_auction, play_hand
from .table_helpers import open_table, state

SEATS = {"six": (6, 2, 20), "eight": (8, 4, 12)}  # seats, teams, cards a hand

#: how many of the trick's cards lie under a seat, and how many are cut off the board
OVERLAPS = """() => {
  const boxes = (sel) => [...document.querySelectorAll(sel)].map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const cards = boxes('[data-testid=trick] .tcard');
  const seats = boxes('.felt-live .seat');
  const cut = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const main = document.querySelector('.p-main')?.getBoundingClientRect();
  // 4 px: the taker's card is lifted (scaled up) a moment before the trick is gathered
  const clipped = main ? cards.filter((c) => c.top < main.top - 4 || c.bottom > main.bottom + 4 ||
    c.left < main.left - 4 || c.right > main.right + 4).length : 0;
  return {under: cards.filter((c) => seats.some((s) => cut(c, s))).length, clipped};
}"""


def check_seats(page: Any, s: Any, teams: int) -> None:
    """Every other seat is on the felt with its team's tag, in its team's colour."""
    seats = page.locator(".felt-live .seat")
    expect(seats).to_have_count(len(s["seats"]) - 1)
    for seat in s["seats"]:
        if seat["seat"] == s["you"]:
            continue
        box = page.locator(f".felt-live [data-seat-slot='{seat['seat']}'] .seat")
        expect(box).to_have_class(re.compile(rf"\bteam-{seat['team']}\b"))
        expect(box.locator("[data-testid=seat-team]")).to_be_visible()
        expect(box.locator("[data-testid=seat-team]")).to_have_class(
            re.compile(rf"\bteam-{seat['team']}\b")
        )
    expect(page.locator(".tbar-scores .score")).to_have_count(teams)


# a whole hand each: six against five bots in Arabic on a laptop (the case), eight on an
# Arabic phone; every other screen and language is fitted by
# test_two_six_and_eight_seat_tables_fit_every_screen_in_both_languages.py (CI's time)
@pytest.mark.parametrize(
    ("variant", "size", "lang"),
    [("six", "desktop-1366", "ar"), ("eight", "phone-portrait", "ar")],
)
def test_a_player_plays_a_whole_hand_with_six_or_eight_seats_around_the_table(
    table_site: LiveSite, browser: Any, shot: Any, variant: str, size: str, lang: str
) -> None:
    players, teams, cards = SEATS[variant]
    user = f"saad-{variant}-{size}"
    table = table_site.start_table(
        [user],
        {"variant": variant, "turn_seconds": 300, "nines_redeal": "off"},
        bots=True,
        game="pinochle",
    )
    page = open_table(browser, table_site, user, table, size, lang)
    s = state(page)
    assert len(s["seats"]) == players and len(s["view"]["hand"]) == cards
    check_seats(page, s, teams)
    seen: set[str] = set()

    def on_turn(page: Any, s: Any) -> None:
        v = s["view"]
        moment = v["phase"] if v["phase"] != "play" else ("lead" if not v["trick"] else "follow")
        if moment not in seen:
            seen.add(moment)
            page.wait_for_timeout(450)  # the deal's or a card's flight
            shot(page, f"pinochle-{variant}-{moment}-{size}-{lang}")
            geo = check_fit(page, f"{variant} {moment}")
            assert len(geo["cards"]) == len(v["hand"])
            trick = page.evaluate(OVERLAPS)
            assert trick["under"] == 0, f"{variant} {moment}: a trick's card under a seat"
            assert trick["clipped"] == 0, f"{variant} {moment}: a trick's card cut off the board"

    play_hand(page, on_turn, timeout=420, choose=keep_the_auction)
    assert {"trump", "follow"} <= seen or "lead" in seen, seen
    check_score_sheet(page, teams)
    shot(page, f"pinochle-{variant}-score-sheet-{size}-{lang}")
    page.context.close()
