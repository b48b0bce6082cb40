"""A six-handed Pinochle round played by the live layer (bots in five seats) passes on its
Verify page: the browser re-derives the 120-card deck and all six hands of 20 from the revealed
secret, in Arabic and English (screenshots in var/screenshots/). Six-handed is not at tables yet
(docs/decisions.md 88): the match is started with the lobby's gate opened in the site's own
process, as the engine tests play it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .test_the_verify_page_history_and_replay_in_chromium import page_as, verdict

PLAY = """
from django.contrib.auth import get_user_model
from lobby import services
services.at_tables = lambda game, options: True
from games.archive import archive_match
from tests.history.conftest import play_match
U = get_user_model()
noura = U.objects.get_or_create(username="noura", defaults={"display_name": "نورة"})[0]
from tests.games.conftest import play_to_the_end, start_table
from tests.history.conftest import reveal_all
table = start_table([noura], {"variant": "six", "target": 60}, bots_fill=True, game="pinochle")
match = play_to_the_end(table)
reveal_all(match)
result = list(match.rounds.order_by("number").values_list("pk", flat=True))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite(tmp_path_factory.mktemp("verify-six"), workers=1) as live:
        yield live


@pytest.mark.parametrize("language", ["ar", "en"])
def test_the_verify_page_passes_a_six_handed_round(browser, site, shot, language):
    rounds: list[Any] = (
        site.query(PLAY)
        if language == "ar"
        else site.query(
            "from games.models import Round\n"
            "result = list(Round.objects.filter(match__options__variant='six')"
            ".order_by('number').values_list('pk', flat=True))"
        )
    )
    page = page_as(browser, site, "noura", language)
    page.goto(f"{site.url}/verify/{rounds[0]}/")
    assert verdict(page) == "pass"
    items = page.locator("#checks li")
    assert items.count() == 1 + 1 + 6 + 1  # commitment, deck, six hands, first dealer
    assert page.locator("#checks li[data-ok=fail]").count() == 0
    expect(page.locator('#checks li[data-item="deck"] .ctile')).to_have_count(120)
    expect(page.locator('#checks li[data-item="hand-5"] .ctile')).to_have_count(20)
    shot(page, f"verify-six-handed-pass-{language}")
    page.context.close()


def test_the_six_handed_replay_lays_its_seats_in_two_columns_on_a_laptop(browser, site, shot):
    """Six seats of 20 cards in one column made a page many screens long: on a laptop the seat
    boxes stand two to a row (1280 px wide), and every hand's 20 cards are drawn."""
    rounds = site.query(
        "from games.models import Round\n"
        "result = list(Round.objects.filter(match__options__variant='six')"
        ".order_by('number').values_list('pk', flat=True))"
    )
    if not rounds:  # this module's first test plays the match; alone, play it here
        rounds = site.query(PLAY)
    page = page_as(browser, site, "noura", "ar")
    page.goto(f"{site.url}/history/rounds/{rounds[0]}/replay/")
    boxes = page.locator("#seats .seat-box")
    expect(boxes).to_have_count(6)
    first, second, third = (boxes.nth(n).bounding_box() for n in range(3))
    assert abs(first["y"] - second["y"]) < 1  # side by side
    assert third["y"] > first["y"] + first["height"] - 1  # the next row
    shot(page, "replay-six-handed-two-columns-ar")
    page.context.close()
