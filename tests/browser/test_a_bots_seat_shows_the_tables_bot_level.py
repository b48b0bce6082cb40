"""A bot's seat at the table shows the table's bot level, in the reader's language: «bot · hard»
in English, «لاعب آلي · صعب» in Arabic; a player's seat shows none."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .table_helpers import open_table, state


def test_each_bots_seat_shows_the_level_in_both_languages(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(["hessa"], {"players": 4, "bot_level": "hard"}, bots=True)
    for lang, words in (("en", "bot · hard"), ("ar", "لاعب آلي · صعب")):
        page = open_table(browser, table_site, "hessa", table, "desktop-1280", lang)
        assert [s["bot_level"] for s in state(page)["seats"]] == [None, "hard", "hard", "hard"]
        tags = page.locator("[data-testid=bot-level]")
        expect(tags).to_have_count(3)
        for n in range(3):
            expect(tags.nth(n)).to_have_text(words)
        expect(page.locator('.seat[data-seat="0"] [data-testid=bot-level]')).to_have_count(0)
        shot(page, f"bot-level-hard-{lang}")
        page.context.close()
