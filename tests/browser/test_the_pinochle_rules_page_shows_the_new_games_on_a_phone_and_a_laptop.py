"""The Pinochle rules page's version-2 sections (two-handed, cutthroat, six- and eight-handed,
the kitty, concession, pinochling, check Pinochle) read in real Chromium: in Arabic on a phone
(390×844, right to left) and in English on a laptop (1366×768), nothing runs off the side, the
six-handed meld table fits, the contents lead to each section, its title below the
top bar. Screenshots in var/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .conftest import SCREENSHOTS
from .test_the_new_pages_fit_a_phone_and_a_laptop_in_both_languages import page_as

SECTIONS = ("two", "cutthroat", "six", "eight", "more-options")
TITLES = {
    "ar": ("لاعبين اثنين", "كات ثروت", "ستة لاعبين", "ثمانية لاعبين", "القطّة"),
    "en": ("Two-handed", "Cutthroat", "Six-handed", "Eight-handed", "The kitty"),
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite(tmp_path_factory.mktemp("rules-site"), workers=1) as live:
        yield live


@pytest.mark.parametrize(("language", "size"), [("ar", "phone"), ("en", "laptop")])
def test_the_new_games_read_on_the_page(browser, site, shot, language, size):
    page = page_as(browser, site, None, language, size)
    page.goto(f"{site.url}/rules/pinochle/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if language == "ar" else "ltr")
    for section, title in zip(SECTIONS, TITLES[language], strict=True):
        expect(page.locator(f"section#{section} h2")).to_contain_text(title)
        expect(page.locator(f'.rules-toc a[href="#{section}"]')).to_have_count(1)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width
    table = page.locator("#six-meld")
    expect(table.locator("tbody tr")).to_have_count(6)
    box, wrap = table.bounding_box(), page.locator("section#six").bounding_box()
    assert box["width"] <= wrap["width"]
    shot(page, f"pinochle-rules-v2-{language}-{size}")
    for section in SECTIONS:  # each section as the reader sees it, reached from the contents
        page.locator(f'.rules-toc a[href="#{section}"]').click()
        expect(page.locator(f"section#{section} h2")).to_be_in_viewport()
        page.wait_for_function(
            "s => document.querySelector(`section#${s} h2`).getBoundingClientRect().top >="
            " document.querySelector('header.topbar').getBoundingClientRect().bottom",
            arg=section,
        )  # the title is not under the sticky top bar
        name = f"pinochle-rules-v2-{language}-{size}-{section}.png"
        page.screenshot(path=str(SCREENSHOTS / name))
    page.context.close()
