"""Two-, six- and eight-handed Pinochle fit every screen the issue names (a phone held upright,
390×844; held sideways, 844×390; a 1366×768 laptop), in Arabic and in English: with the seat's
first trick in play nothing scrolls, the hand (20 cards six-handed) and every button are on
screen, tap targets are at least 44 px, a tap on a card's visible part lands on it, and no card
of the trick lies under another player's name.

One table a variant, played by clicks to the seat's first card; each device and language then
shows the same table in a window of its own (the table waits: its clock is long), the phone's
turned from upright to sideways, and the laptop's English one is the window that played."""

from __future__ import annotations

from typing import Any

import pytest

from sahrat.testing.live import LiveSite

from .pinochle_helpers import check_fit, play_until
from .table_helpers import DEVICES, open_table, resize
from .test_six_and_eight_handed_pinochle_hands_in_the_browser import OVERLAPS

#: the screens, a window each language: a phone, upright then turned sideways, and a laptop
SCREENS = {"phone": DEVICES["phone"], "desktop": ("desktop-1366",)}


@pytest.mark.parametrize("variant", ["two", "six", "eight"])
def test_a_two_six_or_eight_seat_table_fits_every_screen_in_both_languages(
    table_site: LiveSite, browser: Any, shot: Any, variant: str
) -> None:
    user = f"fits-{variant}"
    table = table_site.start_table(
        [user],
        {"variant": variant, "turn_seconds": 300, "nines_redeal": "off"},
        bots=True,
        game="pinochle",
    )
    first = open_table(browser, table_site, user, table, "desktop-1366", "en")
    s = play_until(first, lambda s: s["view"]["phase"] == "play")
    hand = len(s["view"]["hand"])
    for lang in ("ar", "en"):
        for sizes in SCREENS.values():
            if (sizes[0], lang) == ("desktop-1366", "en"):
                page = first  # the window that played to this moment
            else:
                page = open_table(browser, table_site, user, table, sizes[0], lang)
            for size in sizes:
                resize(page, size)  # the first time, the deal's flight settles
                what = f"{variant} {size} {lang}"
                shot(page, f"pinochle-fits-{variant}-{size}-{lang}")
                geo = check_fit(page, what)
                assert len(geo["cards"]) == hand, what
                assert page.evaluate(OVERLAPS)["under"] == 0, f"{what}: a trick's card under a seat"
            page.context.close()
