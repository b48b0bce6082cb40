"""On a phone (390×844), in Arabic and English: the match history shows each match's Result,
Score and Open link without swiping sideways (a match per card), and the site's navigation
takes at most a sixth of the first screen: it folds behind a "Menu" button that a keyboard
opens and Escape closes (focus back on the button), and that tells a screen reader whether it
is open. On a laptop (1366×768) the links stay in view as before (issue #35, item 12).

One phone window a language looks at the history, then at its menu."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from sahrat.testing.live import LiveSite

PLAY = """
from games.archive import archive_match
from tests.history.conftest import play_match
from django.contrib.auth import get_user_model
U = get_user_model()
names = {"maha": "مها", "saad": "Saad Al-Qahtani", "amal": "أمل", "yousef": "Yousef"}
users = [U.objects.get_or_create(username=u, defaults={"display_name": n})[0]
         for u, n in names.items()]
for _ in range(2):
    archive_match(play_match(users, {"target": 60}).pk)
result = True
"""

SIZES = {"phone": (390, 844), "laptop": (1366, 768)}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite(tmp_path_factory.mktemp("history-site"), workers=1) as live:
        live.query(PLAY)
        yield live


def page_as(browser: Any, site: LiveSite, language: str, size: str) -> Page:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, locale=language)
    host = site.url.split("//")[1].split(":")[0]
    session = site.session("maha").split("=", 1)[1]
    context.add_cookies(
        [
            {"name": "django_language", "value": language, "domain": host, "path": "/"},
            {"name": "sessionid", "value": session, "domain": host, "path": "/"},
        ]
    )
    return context.new_page()


@pytest.mark.parametrize("language", ["ar", "en"])
def test_the_history_shows_result_score_and_open_without_swiping_and_the_menu_folds(
    browser: Any, site: LiveSite, shot: Any, language: str
) -> None:
    """One phone window on the history: first its cards, then the site's menu."""
    page = page_as(browser, site, language, "phone")
    page.goto(f"{site.url}/history/")
    rows = page.locator("#history tbody tr")
    expect(rows.first).to_be_visible()
    assert rows.count() == 2
    picture = shot(page, f"history-phone-{language}")
    for cell in (".h-result", ".h-score", ".h-open a"):
        boxes = page.evaluate(
            """(sel) => [...document.querySelectorAll('#history tbody ' + sel)].map((n) => {
                const r = n.getBoundingClientRect(); return [r.left, r.right, r.width]; })""",
            cell,
        )
        assert len(boxes) == 2
        for left, right, width in boxes:
            assert width > 0 and left >= 0 and right <= 390, (cell, left, right)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    wrap = page.evaluate(
        "[document.querySelector('.history-wrap').scrollWidth,"
        " document.querySelector('.history-wrap').clientWidth]"
    )
    assert wrap[0] <= wrap[1], f"the table still scrolls sideways: {wrap}"

    # the site's menu folds on a phone and opens by keyboard (nothing focused yet)
    menu = page.locator(".topbar .nav-toggle")
    expect(menu).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(menu).to_have_attribute("aria-controls", "site-nav")
    bar = page.locator(".topbar").bounding_box()
    assert bar["y"] + bar["height"] <= 844 / 6, f"the navigation takes {bar['height']}px of 844"
    expect(page.locator("#site-nav")).to_be_hidden()
    # the same picture as the history's (nothing moved): copied, not taken twice
    shutil.copyfile(picture, picture.with_name(f"site-menu-closed-phone-{language}.png"))
    # by keyboard: Tab to the button (after the brand), Enter opens the links
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('nav-toggle')")
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    history = page.locator("#site-nav a[href='/history/']")
    expect(history).to_be_visible()
    shot(page, f"site-menu-open-phone-{language}")
    page.keyboard.press("Tab")
    assert page.evaluate("!!document.activeElement.closest('#site-nav')")
    page.keyboard.press("Escape")
    expect(page.locator("#site-nav")).to_be_hidden()
    expect(menu).to_have_attribute("aria-expanded", "false")
    assert page.evaluate("document.activeElement.classList.contains('nav-toggle')")
    page.context.close()


@pytest.mark.parametrize("language", ["ar", "en"])
def test_on_a_laptop_the_links_stay_in_view(browser: Any, site: LiveSite, language: str) -> None:
    page = page_as(browser, site, language, "laptop")
    page.goto(f"{site.url}/history/")
    expect(page.locator("#site-nav a[href='/history/']")).to_be_visible()
    expect(page.locator(".topbar .nav-toggle")).to_be_hidden()
    page.context.close()
