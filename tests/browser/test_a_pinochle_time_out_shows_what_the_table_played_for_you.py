"""When a Pinochle player's turn runs out in the auction, the table plays the rules' time-out
move for them; the page says in English what was played for them ("passed" or "bid …") and
keeps saying it until they close it.

The clock is 10 s, not the 5 of the Banakil twin: the third time-out in a row seats a bot for
the player, whose notice then takes this one's place, and the checks, the screenshot and the
click must fit between the first and the third on a loaded machine."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .table_helpers import open_table


def test_the_played_for_you_notice_names_the_clocks_auction_move(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(
        ["rashid"], {"turn_seconds": 10, "nines_redeal": "off"}, bots=True, game="pinochle"
    )
    page = open_table(browser, table_site, "rashid", table, "desktop-1366", "en")
    notice = page.locator("[data-testid=played-for-you]")
    expect(notice).to_be_visible(timeout=60_000)
    expect(notice).to_contain_text("Time ran out")
    # what the clock played, from the table's own log (the page's last move may already be a
    # bot's: they play on at once); only the seat of a person runs out of time
    action = table_site.query(
        "from games.models import Action\n"
        f"a = Action.objects.filter(round__match__table_id={table}, actor='timeout')"
        ".order_by('-round__number', '-seq').first()\n"
        "result = a.payload\n"
    )
    words = {"pass": "passed", "bid": f"bid {action.get('amount')}", "trump": "named"}
    if action["type"] in words:
        expect(page.locator("[data-testid=played-for-you-moves]")).to_contain_text(
            words[action["type"]]
        )
    shot(page, "pinochle-played-for-you")
    page.click("[data-action=close-notice]")
    expect(notice).to_be_hidden()
    page.context.close()
