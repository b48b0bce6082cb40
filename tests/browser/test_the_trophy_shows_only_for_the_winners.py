"""At the match's end the winners see a trophy; the losers and the other team's page don't,
and a spectator sees it beside the winning team only."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .table_helpers import drive, open_table, state


def test_the_trophy_shows_for_the_winning_team_only(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    # two players on opposite teams (seats 0 and 1), bots beside them, a short match
    table = table_site.start_table(["amal", "badr"], {"players": 4, "target": 10}, bots=True)
    drive(table_site, table, until="match", pause=0.02).wait(timeout=300)
    pages = {
        name: open_table(browser, table_site, name, table, "desktop-1280", lang)
        for name, lang in (("amal", "ar"), ("badr", "en"), ("yousef", "en"))  # yousef watches
    }
    final = state(pages["amal"])
    assert final["match"]["status"] == "finished"
    winner = final["match"]["winner"]
    for name, page in pages.items():
        end = page.locator("[data-testid=match-end]")
        expect(end).to_be_visible()
        you = state(page)["you"]
        title_trophy = page.locator(".sheet-title [data-testid=trophy]")
        if you is None:  # the spectator: beside the winners' total, never in the title
            expect(title_trophy).to_have_count(0)
            expect(page.locator(".total.won [data-testid=trophy]")).to_have_count(1)
            expect(page.locator("[data-testid=trophy]")).to_have_count(1)
        elif you % 2 == winner:
            expect(title_trophy).to_have_count(1)
            expect(page.locator("[data-testid=match-result]")).to_have_text(
                "You win the match!" if name == "badr" else "فزتوا بالصكة!"
            )
        else:
            expect(page.locator("[data-testid=trophy]")).to_have_count(0)
            expect(page.locator("[data-testid=match-result]")).to_have_text(
                "You lose the match." if name == "badr" else "خسرتوا الصكة."
            )
        shot(page, f"match-end-{name}")
    for page in pages.values():
        page.context.close()
