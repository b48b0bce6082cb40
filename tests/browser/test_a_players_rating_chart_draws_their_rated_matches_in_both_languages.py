"""A player's rating chart (uPlot, vendored) draws the real history of their rated matches, each
archived by the site's own archive step: on their public page in Arabic and English, on a phone
and a laptop, and on their profile. Screenshots land in var/screenshots/."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .table_helpers import SIZES, new_page

#: rated matches between two players, archived by ``archive_match`` as the live layer would: five
#: of Banakil one against one and three of cutthroat Pinochle with a third, a day apart
RATED = """
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from games import live
from games.archive import archive_match
from games.models import Match
from lobby import services as lobby
from ratings.models import RatingChange
U = get_user_model()
names = {"rania": "رانيا", "majid": "Majid", "nawal": "Nawal"}
users = {u: U.objects.get_or_create(username=u, defaults={"display_name": n})[0]
         for u, n in names.items()}
games = [("banakil", {"players": 2}, ["rania", "majid"], w) for w in (0, 0, 1, 0, 0)]
games += [("pinochle", {"variant": "cutthroat"}, ["rania", "majid", "nawal"], w) for w in (2, 0, 0)]
now = timezone.now()
for day, (game, options, seated, winner) in enumerate(games):
    players = [users[u] for u in seated]
    table = lobby.create_table(players[0], {**options, "bots": False}, game)
    for user in players[1:]:
        lobby.sit(user, table)
    live.start(players[0], table.pk)
    match = Match.objects.get(table=table)
    with transaction.atomic():
        match.status, match.winner = Match.Status.FINISHED, winner
        match.totals = [str(100 if s == winner else 40 - 10 * s) for s in range(match.sides)]
        match.finished_at = now - timedelta(days=len(games) - day)
        match.save()
        lobby.finish_table(lobby.lock_table(table.pk))
    archive_match(match.pk)
result = RatingChange.objects.filter(user=users["rania"]).count()
"""

CANVAS_INK = """(box) => {
  const canvas = box.querySelector("canvas");
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let ink = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) ink += 1;
  return ink;
}"""


def test_the_chart_draws_every_rated_match_on_a_phone_and_a_laptop(
    browser: Any, table_site: Any, shot: Any
) -> None:
    assert table_site.query(RATED) == 8
    for language in ("ar", "en"):
        for size in ("phone-portrait", "desktop-1366"):
            page = new_page(browser, table_site, "majid", size, language)
            page.goto(f"{table_site.url}/players/rania/")
            box = page.get_by_test_id("rating-chart")
            expect(box).to_have_attribute("data-points", "8")  # every rated match drawn
            legend = box.locator(".u-legend .u-series")
            expect(legend).to_have_count(3)  # the time, and a line per game and mode
            expect(legend.nth(1)).to_contain_text("بناكل" if language == "ar" else "Banakil")
            assert box.evaluate(CANVAS_INK) > 500  # lines and points on the canvas
            assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]
            expect(page.get_by_test_id("rating-figure")).to_have_count(2)
            shot(page, f"rating-chart-{language}-{size}")
            if language == "ar" and size == "phone-portrait":
                page.goto(f"{table_site.url}/accounts/profile/")  # majid's own: his ratings
                expect(page.get_by_test_id("rating-chart")).to_have_attribute("data-points", "8")
                shot(page, "rating-chart-profile-ar-phone")
            page.context.close()
