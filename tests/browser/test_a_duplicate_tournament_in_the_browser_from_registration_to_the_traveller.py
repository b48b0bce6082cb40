"""A duplicate tournament in Chromium against a live site (daphne, a Celery worker and beat):
two players register from the tournament page (one in Arabic on a 1366×768 laptop, one in
English on a 390×844 phone; their partners join with the pair codes the pages show), are
taken to their tables by the page's socket at the start, see the standings change on the
tournament page when the boards are read, and then read the board's traveller with every
table's result and its replay and Verify links; back at their finished tables, the match's end
offers no rematch but the way back to the tournament. The test runs the sweep itself (as beat does
every 10 s) so it waits for nothing; the human seats' turns are played on the server by the
engine's bot (``drive``). Screenshots land in var/screenshots/."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from .table_helpers import drive, new_page

PLAYERS = [("tn_layla", "desktop-1366", "ar"), ("tn_sam", "phone-portrait", "en")]
PARTNERS = ["tn_noor", "tn_adam"]
OTHERS = [("tn_c1", "tn_c2"), ("tn_d1", "tn_d2")]

SWEEP = "from tournaments import progress\nresult = progress.advance_due()\n"


def test_register_be_taken_to_the_table_see_the_standings_and_the_traveller(
    browser: Any, table_site: Any, shot: Any
) -> None:
    event = table_site.query(
        "import datetime\n"
        "from django.utils import timezone\n"
        "from django.contrib.auth import get_user_model\n"
        "from tournaments import services\n"
        "User = get_user_model()\n"
        f"for name in {[*PARTNERS, *(u for pair in OTHERS for u in pair)]!r}:\n"
        "    User.objects.get_or_create(username=name, defaults={'display_name': name})\n"
        "boss, _ = User.objects.get_or_create(username='tn_boss', defaults={'is_staff': True})\n"
        "t = services.create(boss, name='Duplicate evening', game='banakil', mode='2v2',"
        " format='duplicate', rounds=1, boards_per_round=1, entry_fee=0, capacity=8,"
        " starts_at=timezone.now() + datetime.timedelta(hours=1))\n"
        f"for a, b in {OTHERS!r}:\n"
        "    pair = services.register(t.pk, User.objects.get(username=a))\n"
        "    services.register(t.pk, User.objects.get(username=b), pair_code=pair.pair_code)\n"
        "result = t.pk\n"
    )
    url = f"{table_site.url}/tournaments/{event}/"
    pages, codes = [], []
    for username, size, lang in PLAYERS:
        page = new_page(browser, table_site, username, size, lang)
        page.goto(url)
        page.get_by_test_id("register").click()
        codes.append(page.get_by_test_id("pair-code").locator("code").inner_text())
        pages.append(page)
    table_site.query(
        "from django.contrib.auth import get_user_model\n"
        "from tournaments import services\n"
        f"for name, code in {list(zip(PARTNERS, codes, strict=True))!r}:\n"
        "    u = get_user_model().objects.get(username=name)\n"
        f"    services.register({event}, u, pair_code=code)\n"
        "result = 0\n"
    )
    for page, (_u, size, lang) in zip(pages, PLAYERS, strict=True):
        page.goto(url)
        expect(page.get_by_test_id("registered")).to_be_visible()
        expect(page.get_by_test_id("pair-code")).to_have_count(0)  # the pair is whole
        expect(page.locator("#live")).to_be_visible()  # the page's socket is open
        shot(page, f"tournament-registered-{size}-{lang}")
    # the partners and the other pairs have the event's page open elsewhere (the start seats
    # only the pairs whose both players are here), as the page's socket would count them
    table_site.query(
        "import datetime\n"
        "from django.contrib.auth import get_user_model\n"
        "from django.utils import timezone\n"
        "from tournaments import presence\n"
        "from tournaments.models import Tournament\n"
        f"for name in {[*PARTNERS, *(u for pair in OTHERS for u in pair)]!r}:\n"
        f"    presence.connected({event}, get_user_model().objects.get(username=name).pk)\n"
        f"result = Tournament.objects.filter(pk={event})"
        ".update(starts_at=timezone.now() - datetime.timedelta(seconds=1))\n"
    )
    table_site.query(SWEEP)
    tables = []
    for page, (_u, size, lang) in zip(pages, PLAYERS, strict=True):
        page.wait_for_url(re.compile(r"/tables/\d+/$"), timeout=15_000)  # taken there
        tables.append(int(page.url.rstrip("/").rsplit("/", 1)[1]))
        shot(page, f"tournament-at-the-table-{size}-{lang}")
    assert len(set(tables)) == 2  # the two players are at the two tables of the round

    for page in pages:
        page.goto(url)
        expect(page.locator("#live")).to_have_text(re.compile(r"\S"))
    drivers = [drive(table_site, t, until="match", pause=0.005) for t in tables]
    for driver in drivers:
        assert driver.wait(90) == 0
    for page in pages:
        page.evaluate("window.notReloaded = true")
    table_site.query(SWEEP)
    for page, (_u, size, lang) in zip(pages, PLAYERS, strict=True):
        standings = page.get_by_test_id("standings")
        expect(standings.locator("tbody tr")).to_have_count(4)
        # one board at two tables: a pair beat the other or tied it (100 / 0 or 50 / 50)
        expect(standings.locator("tbody")).to_contain_text(re.compile(r"(100|50)\.00"))
        assert page.evaluate("window.notReloaded === true")  # updated in place, by the socket
        shot(page, f"tournament-standings-{size}-{lang}")

    for page, (_u, size, lang) in zip(pages, PLAYERS, strict=True):
        page.goto(url)
        page.get_by_test_id("board-link").first.click()
        traveller = page.get_by_test_id("traveller")
        expect(traveller.locator("tbody tr")).to_have_count(2)
        expect(page.get_by_test_id("replay-link")).to_have_count(2)
        expect(page.get_by_test_id("verify-link")).to_have_count(2)
        expect(page.get_by_test_id("secret")).to_be_visible()
        shot(page, f"tournament-traveller-{size}-{lang}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"]  # nothing spills sideways
    for size, lang in (("phone-portrait", "ar"), ("desktop-1366", "en")):  # a watcher's view
        page = new_page(browser, table_site, "tn_watcher", size, lang)
        page.goto(url)
        expect(page.get_by_test_id("standings").locator("tbody tr")).to_have_count(4)
        shot(page, f"tournament-watcher-{size}-{lang}")
        page.get_by_test_id("board-link").first.click()
        expect(page.get_by_test_id("traveller").locator("tbody tr")).to_have_count(2)
        shot(page, f"tournament-traveller-{size}-{lang}")
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        page.context.close()
    pages[0].get_by_test_id("verify-link").first.click()
    expect(pages[0].locator("body")).to_contain_text(re.compile(r"[0-9a-f]{64}"))

    back = {"ar": "ارجع للبطولة", "en": "Back to the tournament"}
    for page, table, (_u, size, lang) in zip(pages, tables, PLAYERS, strict=True):
        page.goto(f"{table_site.url}/tables/{table}/")
        expect(page.get_by_test_id("back-to-event")).to_have_text(back[lang])
        expect(page.get_by_test_id("play-again")).to_have_count(0)
        shot(page, f"tournament-match-end-{size}-{lang}")
        page.get_by_test_id("back-to-event").click()
        page.wait_for_url(url)
