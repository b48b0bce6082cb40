"""A Pinochle hand thrown in for too many nines is announced at the table: the round's number, the
seat dealt them by name and its nines shown, in Arabic and in English, on a 390×844 phone and a
1366×768 desktop; whether the page was open when it was dealt or opened after (issue #35, item 6).

The deals are forced through the live layer: a secret that deals some seat five nines, for the
player's own seed and for none (the seed wait may run out first)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .table_helpers import open_table, state

SEED = "nines"

#: a secret that throws the hand in, for the seeds the deal may have
REDEAL_SECRET = """
from games import fair
from games.models import Match, Round


def redeal_secret(match, first):
    game, options = match.game_entry, match.game_options
    seeds = [
        fair.client_seed(["" if s.bot else SEED for s in match.seat_states]),
        fair.client_seed([""] * match.players),
    ]

    def thrown_in(secret, client_seed):
        if first:
            dealer = game.match_from_draw(options, secret, client_seed).dealer
        else:
            dealer = match.engine_match().dealer
        return game.deal(options, dealer, secret=secret, client_seed=client_seed).over

    while True:
        secret = fair.new_secret()
        if all(thrown_in(secret, s) for s in seeds):
            return secret
"""

START = """
from django.contrib.auth import get_user_model
from django.db import transaction
from games import live
from lobby import services
from lobby.models import Seat

user, _ = get_user_model().objects.get_or_create(username=NAME, defaults={"display_name": NAME})
get_user_model().objects.filter(pk=user.pk).update(seed=SEED)
for seat in Seat.objects.filter(user_id=user.pk):
    live.leave(user, seat.table_id)
table = services.create_table(user, {"variant": "single", "turn_seconds": 300}, "pinochle")
services.fill_with_bots(user, table)
with transaction.atomic():  # round 1's deal waits for this commit
    live.start(user, table.pk)
    match = Match.objects.get(table=table)
    secret = redeal_secret(match, first=True)
    Round.objects.filter(match=match, number=1).update(
        secret=secret, commitment=fair.commitment(secret)
    )
result = table.pk
"""

NEXT = """
from games import live

match = Match.objects.get(table_id=TABLE)
secret = redeal_secret(match, first=False)
Match.objects.filter(pk=match.pk).update(
    next_secret=secret, next_commitment=fair.commitment(secret)
)
live.next_round(match.pk, 2)
result = None
"""


def check_notice(page: Any, lang: str, number: int, where: str = ".sheet") -> None:
    page.wait_for_function(
        "(n) => { const s = window.sahratTable.state;"
        " return s && s.round_no === n && s.view && s.view.result; }",
        arg=number,
        timeout=30_000,
    )
    result = state(page)["view"]["result"]
    assert result["reason"] == "redeal"
    notice = page.locator(f"{where} [data-testid^=redeal]")
    expect(notice).to_be_visible()
    seat = result["redeal_seat"]
    name = page.locator(f".seat[data-seat='{seat}'] .seat-name").first.inner_text()
    expect(notice).to_contain_text(name)
    expect(notice).to_contain_text(str(number))
    expect(notice).to_contain_text("تسعات" if lang == "ar" else "nines")
    expect(notice).to_contain_text(str(number + 1))  # the round dealt next
    tiles = notice.locator(".ctile")
    expect(tiles).to_have_count(len(result["redeal_cards"]))
    shown = tiles.evaluate_all("els => els.map((e) => e.dataset.card)")
    assert shown == result["redeal_cards"] and len(shown) >= 5
    assert all(card.startswith("9") for card in shown)
    box = notice.bounding_box()
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, box


@pytest.mark.parametrize(
    ("size", "lang"),
    [
        ("phone-portrait", "ar"),  # both sizes and both languages, in two hands (CI's time)
        ("desktop-1366", "en"),
    ],
)
def test_a_redeal_names_the_seat_and_shows_its_nines(
    table_site: LiveSite, browser: Any, shot: Any, size: str, lang: str
) -> None:
    user = f"nines-{size}-{lang}"
    head = f"SEED = {SEED!r}\nNAME = {user!r}\n" + REDEAL_SECRET
    table = table_site.query(head + START)
    page = open_table(browser, table_site, user, table, size, lang)
    check_notice(page, lang, 1)  # dealt before the page opened, or while it was opening
    shot(page, f"pinochle-redeal-{size}-{lang}-round-1")
    table_site.query(head + f"TABLE = {table}\n" + NEXT)  # dealt while the page watches
    check_notice(page, lang, 2)
    page.wait_for_timeout(300)
    shot(page, f"pinochle-redeal-{size}-{lang}-round-2")
    page.click("[data-action=close-sheet]")  # the table under the sheet says it too
    check_notice(page, lang, 2, where=".felt-live")
    shot(page, f"pinochle-redeal-{size}-{lang}-round-2-table")
    page.context.close()
