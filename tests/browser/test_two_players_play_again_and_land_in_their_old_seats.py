"""At the match's end each player gets "Play again": who is back shows on every page of the old
table, and once every player is back (bots take the bots' seats at a free table) both pages
go to the new table, each player in their old seat; a spectator gets a link to watch it. Arabic
and English, a laptop and a phone both ways."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .table_helpers import VIEW_READY, drive, open_table, state


def fits(page: Any) -> None:
    """No sideways scrolling; the sheet's buttons 44 px or more (measured once its entrance,
    a slight zoom, is over)."""
    page.wait_for_function(
        """() => [...document.querySelectorAll('.sheet, .sheet-box')]
            .every((n) => n.getAnimations().every((a) => a.playState === 'finished'))"""
    )
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    small = page.evaluate(
        """() => [...document.querySelectorAll('.sheet-actions .btn')]
            .map((b) => b.getBoundingClientRect())
            .filter((r) => r.width && (r.width < 44 || r.height < 44))
            .map((r) => [r.width, r.height])"""
    )
    assert small == [], small


def test_both_players_click_play_again_and_sit_in_their_old_seats_at_the_new_table(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(["salem", "reem"], {"players": 4, "target": 10}, bots=True)
    drive(table_site, table, until="match", pause=0.02).wait(timeout=300)
    salem = open_table(browser, table_site, "salem", table, "desktop-1366", "en")
    reem = open_table(browser, table_site, "reem", table, "phone-portrait", "ar")
    yousef = open_table(browser, table_site, "yousef", table, "phone-landscape", "en")
    seats = {"salem": state(salem)["you"], "reem": state(reem)["you"]}
    assert seats == {"salem": 0, "reem": 1}

    for page, label in ((salem, "Play again"), (reem, "العب صكة ثانية")):
        expect(page.locator("[data-testid=match-end]")).to_be_visible()
        expect(page.locator("[data-testid=play-again]")).to_have_text(label)
        expect(page.locator("[data-action=lobby]")).to_be_visible()  # or back to the lobby
        fits(page)
    shot(reem, "rematch-offer-phone-ar")

    # Salem accepts: both pages show him back, Reem not yet, the bots' seats as bots
    salem.locator("[data-testid=play-again]").click()
    expect(salem.locator("[data-testid=play-again]")).to_have_count(0)
    expect(salem.locator(".rematch-lead")).to_have_text("You are in. Waiting for the others…")
    expect(yousef.locator("[data-testid=play-again]")).to_have_count(0)  # not his to ask
    for page in (salem, reem):
        back = page.locator("[data-testid=rematch-seats] li")
        expect(back.nth(0)).to_have_attribute("data-back", "1")
        expect(back.nth(1)).to_have_attribute("data-back", "0")
    expect(reem.locator("[data-testid=rematch-seats] li").nth(0).locator("small")).to_have_text(
        "رجع"
    )
    expect(reem.locator("[data-testid=rematch-seats] li").nth(2)).to_have_class(
        re.compile(r"\bbot\b")
    )
    assert state(salem)["match"]["rematch"]["status"] == "waiting"
    fits(reem)
    shot(salem, "rematch-waiting-desktop-en")
    shot(reem, "rematch-one-back-phone-ar")

    # Reem accepts: the new table starts and both pages go there, each in the old seat
    reem.locator("[data-testid=play-again]").click()
    new = re.compile(rf".*/tables/(?!{table}/)\d+/$")
    for name, page in (("salem", salem), ("reem", reem)):
        page.wait_for_url(new, timeout=30_000)
        page.wait_for_function(VIEW_READY, timeout=30_000)
        now = state(page)
        assert now["you"] == seats[name]
        assert now["match"]["status"] == "playing"
        assert [s["bot"] for s in now["seats"]] == [False, False, True, True]
    new_table = int(salem.url.rstrip("/").rsplit("/", 1)[1])
    assert new_table != table and reem.url == salem.url
    # the spectator stays, and may follow them
    watch = yousef.locator("[data-action=watch-rematch]")
    expect(watch).to_have_text("Watch the new match")
    expect(watch).to_have_attribute("href", f"/tables/{new_table}/")
    fits(yousef)
    shot(yousef, "rematch-spectator-landscape-en")
    shot(salem, "rematch-new-table-desktop-en")
    shot(reem, "rematch-new-table-phone-ar")
    for page in (salem, reem, yousef):
        page.context.close()


def test_against_a_bot_play_again_goes_to_the_new_table_at_once(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    table = table_site.start_table(["lina"], {"players": 2, "target": 10}, bots=True)
    drive(table_site, table, until="match", pause=0.02).wait(timeout=300)
    lina = open_table(browser, table_site, "lina", table, "phone-landscape", "ar")
    seat = state(lina)["you"]
    again = lina.locator("[data-testid=play-again]")
    expect(again).to_have_text("العب صكة ثانية")
    fits(lina)
    shot(lina, "rematch-offer-1v1-landscape-ar")
    again.click()
    lina.wait_for_url(re.compile(rf".*/tables/(?!{table}/)\d+/$"), timeout=30_000)
    lina.wait_for_function(VIEW_READY, timeout=30_000)
    now = state(lina)
    assert now["you"] == seat
    assert now["match"]["status"] == "playing"
    assert [s["bot"] for s in now["seats"]] == [seat != 0, seat != 1]
    lina.context.close()


def test_a_refused_play_again_says_why_and_offers_the_button_again(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    # a coin table staking each player's whole sign-up grant: the pot holds it until the payout
    table = int(
        table_site.query(
            "from django.contrib.auth import get_user_model\n"
            "from accounts import coins\n"
            "from lobby import services\n"
            "from games import live\n"
            "U = get_user_model()\n"
            "users = []\n"
            "for n in ('ghanim', 'wadha'):\n"
            "    u, _ = U.objects.get_or_create(username=n, defaults={'display_name': n})\n"
            "    coins.grant_signup(u)\n"
            "    users.append(u)\n"
            "t = services.create_table(users[0], {'players': 2, 'target': 10, 'stake': 500})\n"
            "services.sit(users[1], t)\n"
            "live.start(users[0], t.pk)\n"
            "result = t.pk\n"
        )
    )
    drive(table_site, table, until="match", pause=0.02).wait(timeout=300)
    # the loser's wallet is short of the stake now
    loser = table_site.query(
        "from games.models import Match\n"
        "from accounts.coins import coin_balance\n"
        f"m = Match.objects.filter(table_id={table}).order_by('-pk').first()\n"
        "seat = 1 - m.winner\n"
        "u = m.match_players.get(seat=seat).user\n"
        "result = [u.username, coin_balance(u)]\n"
    )
    name, balance = loser
    assert balance < 500
    page = open_table(browser, table_site, name, table, "desktop-1280", "en")
    again = page.locator("[data-testid=play-again]")
    again.click()
    toast = page.locator("[data-testid=toast].toast-error")
    expect(toast).to_have_text("You do not have enough coins for this table's stake.")
    shot(page, "rematch-refused-desktop-en")  # the toast over the end-of-match view
    expect(again).to_be_visible()  # the button is back, the lead says nothing of waiting
    expect(page.locator(".rematch-lead")).not_to_have_text("You are in. Waiting for the others…")
    page.context.close()
