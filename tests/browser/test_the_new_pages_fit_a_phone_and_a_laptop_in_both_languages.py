"""The leaderboard, the profile with its statistics, a public player page, the rules and a match
with bots, in real Chromium at 390×844 (a phone) and 1366×768 (a laptop), in Arabic and English:
nothing runs off the side of the page (no horizontal scroll), the navigation shows the wallet,
the bots have names. Screenshots land in var/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from sahrat.testing.live import LiveSite

PLAY = """
from games.archive import archive_match
from tests.history.conftest import play_match
from tests.games.conftest import play_to_the_end, start_table
from django.contrib.auth import get_user_model
from django.test.utils import override_settings
from tests.games.conftest import FAST
U = get_user_model()
names = {"noura": "نورة", "salem": "Salem", "huda": "هدى", "fahad": "Fahad Al-Mutairi"}
users = {u: U.objects.get_or_create(username=u, defaults={"display_name": n})[0]
         for u, n in names.items()}
four = [users[u] for u in names]
matches = [play_match(four, {"target": 60}) for _ in range(2)]
with override_settings(**FAST):
    matches.append(play_to_the_end(start_table([users["noura"]], {"target": 30}, bots_fill=True)))
for match in matches:
    archive_match(match.pk)
result = {"bots_match": matches[-1].pk}
"""

SIZES = {"phone": (390, 844), "laptop": (1366, 768)}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite(tmp_path_factory.mktemp("pages-site"), workers=1) as live:
        yield live


@pytest.fixture(scope="module")
def played(site: LiveSite) -> dict[str, Any]:
    return site.query(PLAY)


def page_as(browser: Any, site: LiveSite, username: str | None, language: str, size: str) -> Page:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, locale=language)
    host = site.url.split("//")[1].split(":")[0]
    cookies = [{"name": "django_language", "value": language, "domain": host, "path": "/"}]
    if username:
        session = site.session(username).split("=", 1)[1]
        cookies.append({"name": "sessionid", "value": session, "domain": host, "path": "/"})
    context.add_cookies(cookies)
    return context.new_page()


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert width <= inner, f"{page.url}: {width}px wide in a {inner}px window"


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", ["ar", "en"])
def test_the_leaderboard_and_the_player_pages_fit(browser, site, played, shot, language, size):
    page = page_as(browser, site, "noura", language, size)
    page.goto(f"{site.url}/leaderboard/?board=wins")
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if language == "ar" else "ltr")
    rows = page.locator("#leaderboard tbody tr")
    expect(rows.first).to_be_visible()
    assert rows.count() >= 2
    no_sideways_scroll(page)
    shot(page, f"leaderboard-{language}-{size}")

    page.goto(f"{site.url}/accounts/profile/")
    expect(page.get_by_test_id("stats")).to_be_visible()
    expect(page.get_by_test_id("nav-coins")).to_have_text(page.get_by_test_id("coins").inner_text())
    no_sideways_scroll(page)
    shot(page, f"profile-stats-{language}-{size}")

    page.goto(f"{site.url}/players/fahad/")
    expect(page.get_by_test_id("stats")).to_be_visible()
    no_sideways_scroll(page)
    shot(page, f"player-page-{language}-{size}")
    page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", ["ar", "en"])
def test_the_rules_and_a_match_with_bots_fit(browser, site, played, shot, language, size):
    visitor = page_as(browser, site, None, language, size)
    visitor.goto(f"{site.url}/rules/banakil/")
    heading = "طريقة لعب البناكل" if language == "ar" else "How to play Banakil"
    expect(visitor.locator("h1")).to_have_text(heading)
    no_sideways_scroll(visitor)
    shot(visitor, f"rules-{language}-{size}")
    visitor.context.close()

    page = page_as(browser, site, "noura", language, size)
    page.goto(f"{site.url}/history/matches/{played['bots_match']}/")
    bot = "لاعب آلي 2" if language == "ar" else "Bot 2"
    expect(page.locator(".teams")).to_contain_text(bot)
    no_sideways_scroll(page)
    shot(page, f"match-with-bots-{language}-{size}")
    page.context.close()


@pytest.mark.parametrize("language", ["ar", "en"])
def test_the_stake_question_and_the_admin_read_in_the_players_language(
    browser, site, played, shot, language
):
    staff = f"boss{language}"
    table = site.query(
        "from django.contrib.auth import get_user_model\n"
        "from lobby import services\n"
        "U = get_user_model()\n"
        f"boss, _ = U.objects.get_or_create(username={staff!r})\n"
        "boss.is_staff = boss.is_superuser = True\nboss.save()\n"
        f"opener, _ = U.objects.get_or_create(username='opener{language}')\n"
        "result = services.create_table(opener, {'players': 2, 'stake': 100}).pk\n"
    )
    page = page_as(browser, site, "huda", language, "phone")
    page.goto(f"{site.url}/tables/{table}/")
    page.locator("button.sit").first.click()
    question = page.get_by_test_id("confirm-stake")
    expect(question).to_contain_text("100")
    expect(question).to_contain_text("تجلس؟" if language == "ar" else "Sit down?")
    no_sideways_scroll(page)
    shot(page, f"coin-table-sit-question-{language}-phone")
    page.context.close()

    admin = page_as(browser, site, staff, language, "laptop")
    admin.goto(f"{site.url}/admin/")
    expect(admin.locator("#site-name")).to_have_text(
        "إدارة سهرات" if language == "ar" else "Sahrat admin"
    )
    shot(admin, f"admin-index-{language}")
    admin.goto(f"{site.url}/admin/games/match/")
    expect(admin.locator("#result_list")).to_contain_text(
        "لاعب آلي 2" if language == "ar" else "Bot 2"
    )
    shot(admin, f"admin-matches-{language}")
    admin.goto(f"{site.url}/admin/accounts/cointransaction/")
    assert "free_match" not in admin.locator("#content").inner_text()
    shot(admin, f"admin-coin-transactions-{language}")
    admin.context.close()
