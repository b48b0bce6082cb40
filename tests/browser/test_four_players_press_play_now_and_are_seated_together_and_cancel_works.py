"""Quick play in Chromium against a live site (daphne, a Celery worker and beat running the
matcher): four players pressing «العب الآن» for Banakil with partners are seated at one table
whose match starts; a fifth waits, sees the wait, and cancels. Screenshots of the panel and the
waiting page on a phone in Arabic and a laptop in English land in var/screenshots/."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from .table_helpers import new_page

FOUR = [
    ("qp_rana", "phone-portrait", "ar"),
    ("qp_omar", "desktop-1366", "en"),
    ("qp_huda", "desktop-1366", "ar"),
    ("qp_saif", "phone-portrait", "en"),
]


def press_play_now(page: Any, url: str, mode: str) -> None:
    page.goto(url + "/")
    page.get_by_test_id("play-now-mode").select_option(mode)
    page.locator("[data-action=play-now]").click()


def test_four_players_pressing_play_now_are_seated_at_one_started_table(
    browser: Any, table_site: Any, shot: Any
) -> None:
    pages = []
    for username, size, lang in FOUR:
        page = new_page(browser, table_site, username, size, lang)
        press_play_now(page, table_site.url, "banakil:2v2")
        pages.append(page)
    shot(pages[0], "quickplay-waiting-phone-ar")
    for page in pages:
        page.wait_for_url(re.compile(r"/tables/\d+/$"), timeout=20_000)
    tables = {page.url for page in pages}
    assert len(tables) == 1
    table_id = int(tables.pop().rstrip("/").rsplit("/", 1)[1])
    found = table_site.query(
        "from lobby.models import Table\n"
        "from games.models import Match\n"
        f"t = Table.objects.get(pk={table_id})\n"
        "result = [t.status, t.rated, sorted(s.user.username for s in t.seats.all()),"
        " Match.objects.filter(table=t).count()]\n"
    )
    assert found == ["playing", True, sorted(u for u, _s, _l in FOUR), 1]
    shot(pages[1], "quickplay-seated-table-1366-en")


def test_a_waiting_player_sees_the_wait_and_cancels(
    browser: Any, table_site: Any, shot: Any
) -> None:
    for username, size, lang, cancelled in (
        ("qp_lone_ar", "phone-portrait", "ar", "طلعت من الانتظار"),
        ("qp_lone_en", "desktop-1366", "en", "You left the queue."),
    ):
        page = new_page(browser, table_site, username, size, lang)
        page.goto(table_site.url + "/")
        expect(page.get_by_test_id("play-now")).to_be_visible()
        shot(page, f"quickplay-lobby-{size}-{lang}")
        press_play_now(page, table_site.url, "pinochle:six")
        expect(page.get_by_test_id("quick-waited")).to_contain_text(re.compile(r"[1-9]"))
        expect(page.get_by_test_id("quick-found")).to_contain_text("1 / 6")
        shot(page, f"quickplay-waiting-{size}-{lang}")
        page.locator("[data-action=quick-cancel]").click()
        expect(page.get_by_text(cancelled)).to_be_visible()
        page.context.close()
    waiting = table_site.query(
        "from quickplay.models import QueueEntry\n"
        "result = QueueEntry.objects.filter(state='waiting').count()\n"
    )
    assert waiting == 0
