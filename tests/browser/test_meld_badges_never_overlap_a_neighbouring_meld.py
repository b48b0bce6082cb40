"""Each Banakil meld on the table shows its number and its points in a badge; with many melds
on the table (every state the page receives carries sixteen melds of all lengths, made up in
the page: the layout is what is under test, not the rules), no badge overlaps a neighbouring
meld's badge or cards, nor its own meld's cards or other badge, on a phone held either way and
on a laptop, in Arabic and English (issue #35, item 11)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sahrat.testing.live import LiveSite

from .table_helpers import open_table, screenshots_dir

JS = Path(__file__).parent / "js"
MANY_MELDS = (JS / "many_melds.js").read_text()
BADGES = (JS / "meld_badges.js").read_text()


@pytest.fixture(scope="module")
def table(table_site: LiveSite) -> int:
    return table_site.start_table(["mariam"], {"players": 4, "turn_seconds": 300}, bots=True)


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("size", ["phone-portrait", "phone-landscape", "desktop-1366"])
def test_no_meld_badge_overlaps_a_neighbouring_meld(
    table_site: LiveSite, browser: Any, table: int, size: str, lang: str
) -> None:
    page = open_table(browser, table_site, "mariam", table, size, lang, init_script=MANY_MELDS)
    page.wait_for_function("document.querySelectorAll('.meld').length === 16")
    page.wait_for_timeout(500)  # the melds' entrance
    page.screenshot(path=f"{screenshots_dir()}/meld-badges-{size}-{lang}.png")
    seen = page.evaluate(BADGES)
    assert seen["melds"] == 16
    assert not seen["bad"], seen["bad"][:6]
    page.context.close()
