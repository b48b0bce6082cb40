"""When a Pinochle trick's last card is played, the table shows the whole trick a moment, every
card by its player and the taker's card marked and named, before it is gathered: on a 390×844
phone and a 1366×768 desktop, in Arabic and in English (issue #35, item 2)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from games.pinochle import bots
from sahrat.testing.live import LiveSite

from .pinochle_helpers import my_turn, play, wait_for_change
from .table_helpers import open_table, state

TAKEN = "[data-testid=trick].taken"

#: the trick on the table and the state's last trick, read in one go
READ = """() => {
    const box = document.querySelector('[data-testid=trick].taken');
    const s = window.sahratTable.state;
    return {
        cards: [...box.querySelectorAll('.p-slot')].map((slot) => ({
            seat: Number(slot.dataset.seat), card: slot.querySelector('.tcard').dataset.card,
            won: slot.querySelector('.tcard').classList.contains('won'),
            visible: slot.getBoundingClientRect().width > 0,
        })),
        winner: Number(box.dataset.winner),
        taker: box.querySelector('[data-testid=trick-taker]').textContent,
        last: s.view.last_trick,
        names: s.seats.map((seat) => document.querySelector(
            `.seat[data-seat="${seat.seat}"] .seat-name`).textContent),
    };
}"""


def play_until_a_trick_is_taken(page: Any, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not page.locator(TAKEN).count():
        assert time.monotonic() < deadline, "no trick was taken in time"
        s = state(page)
        assert not (s["view"] and s["view"]["result"]), "the hand ended first"
        if my_turn(s):
            play(page, bots.next_action(s["view"]))
            wait_for_change(page, s)
        else:
            page.wait_for_timeout(40)


@pytest.mark.parametrize(
    ("size", "lang"),
    [
        ("phone-portrait", "ar"),
        ("phone-portrait", "en"),
        ("desktop-1366", "ar"),
        ("desktop-1366", "en"),
    ],
)
def test_a_taken_trick_shows_whole_with_its_taker_marked(
    table_site: LiveSite, browser: Any, shot: Any, size: str, lang: str
) -> None:
    user = f"taken-{size}-{lang}"
    table = table_site.start_table(
        [user],
        {"variant": "single", "turn_seconds": 300, "nines_redeal": "off"},
        bots=True,
        game="pinochle",
    )
    page = open_table(browser, table_site, user, table, size, lang, motion=True)
    play_until_a_trick_is_taken(page)
    seen = page.evaluate(READ)
    shot(page, f"pinochle-trick-taken-{size}-{lang}")
    last = seen["last"]
    assert [{"seat": c["seat"], "card": c["card"]} for c in seen["cards"]] == last["cards"]
    assert all(c["visible"] for c in seen["cards"]) and len(seen["cards"]) == 4
    assert seen["winner"] == last["winner"]
    assert [c["seat"] for c in seen["cards"] if c["won"]] == [last["winner"]]
    assert seen["names"][last["winner"]] in seen["taker"]
    assert ("الخدعة" in seen["taker"]) if lang == "ar" else ("takes the trick" in seen["taker"])
    # then it is gathered: the middle holds the next trick (or nothing yet)
    expect(page.locator(TAKEN)).to_have_count(0, timeout=5_000)
    expect(page.locator("[data-testid=trick]")).to_have_count(1)
    page.context.close()
