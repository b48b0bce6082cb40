"""Quick play in Chromium: two players 500 rating points apart press «العب الآن» for Banakil
one against one. They are not matched at once (each starts with a ±100 window), and each
waiting page says only one of two players is found; they are seated together once the window
has widened to cover them. The browser tests' site widens by 100 points a second (the
setting ``SAHRAT_QUICKPLAY_WIDENING``; the site's usual 5 would take 80 s), so the window
covers 500 points after (500 - 100) / 100 = 4 s waited."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from .table_helpers import new_page

#: (username, page size, language, rating figure)
FAR_APART = [
    ("qp_far_low", "phone-portrait", "ar", 1300),
    ("qp_far_high", "desktop-1366", "en", 1800),
]


def settled_rating(username: str, figure: int) -> str:
    """Python for the site: give ``username`` a settled Banakil 1v1 rating shown as ``figure``
    (sigma 2: no longer provisional; mu from the scale's formula)."""
    return (
        "from django.contrib.auth import get_user_model\n"
        "from ratings import scale\n"
        "from ratings.models import Rating\n"
        f"u = get_user_model().objects.get(username={username!r})\n"
        f"mu = ({figure} - scale.START) / scale.POINTS_PER_MU + scale.Z * 2.0\n"
        "Rating.objects.update_or_create(user=u, game='banakil', mode='1v1', defaults="
        "{'mu': mu, 'sigma': 2.0, 'figure': scale.figure(mu, 2.0), 'matches': 20})\n"
        "result = Rating.objects.get(user=u, game='banakil', mode='1v1').figure\n"
    )


def test_two_players_500_apart_are_seated_together_only_after_the_window_widens(
    browser: Any, table_site: Any, shot: Any
) -> None:
    pages = []
    for username, size, lang, figure in FAR_APART:
        page = new_page(browser, table_site, username, size, lang)
        assert table_site.query(settled_rating(username, figure)) == figure
        page.goto(table_site.url + "/")
        page.get_by_test_id("play-now-mode").select_option("banakil:1v1")
        pages.append(page)
    for page in pages:  # both press within a second of each other
        page.locator("[data-action=play-now]").click()
    for page in pages:  # the matcher has run (each second) and found nobody within ±100
        expect(page.get_by_test_id("quick-found")).to_contain_text("1 / 2")
    shot(pages[0], "quickplay-far-apart-waiting-phone-ar")
    for page in pages:
        page.wait_for_url(re.compile(r"/tables/\d+/$"), timeout=20_000)
    assert pages[0].url == pages[1].url
    waited = table_site.query(
        "from quickplay.models import QueueEntry\n"
        "result = sorted((e.ended_at - e.joined_at).total_seconds() for e in"
        " QueueEntry.objects.filter(user__username__startswith='qp_far_', state='seated'))\n"
    )
    # both were seated at once, and the later of the two had waited the 4 s its window needed
    assert len(waited) == 2
    assert waited[0] >= 4.0
    shot(pages[1], "quickplay-far-apart-seated-1366-en")
