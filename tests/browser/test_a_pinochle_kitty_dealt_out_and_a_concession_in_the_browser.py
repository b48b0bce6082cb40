"""The kitty dealt out and a concession, in the browser against three bots (issue #30), on a phone
in Arabic: the player keeps the auction, sees the four kitty cards as buttons and a button per
player, each named for screen readers, and deals them out by the keyboard alone (a card, then
its player; «Deal the kitty» comes next in focus); the card the player kept is marked in the
hand; after the meld, «Concede» and «Play on» are each described by what it means; conceding
ends the hand with the score sheet naming the concession; its replay names the kitty dealt out
and the concession."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from games.pinochle import bots
from sahrat.testing.live import LiveSite

from .pinochle_helpers import check_fit, check_score_sheet, keep_the_auction, play_hand
from .table_helpers import card_name, open_table, state


def words(page: Any) -> dict[str, str]:
    """The page's own strings, in its reader's language."""
    found: dict[str, str] = page.evaluate(
        "JSON.parse(document.getElementById('table-strings').textContent)"
    )
    return found


def fill(text: str, **values: str) -> str:
    """A string with its fields filled as the page fills them (each value isolated)."""
    for key, value in values.items():
        text = text.replace("{" + key + "}", f"\u2068{value}\u2069")
    return text


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """Keep the auction, deal the kitty out as the bot would, then concede."""
    if view["phase"] == "concede":
        return {"type": "concede"}
    return keep_the_auction(view) if view["phase"] == "bidding" else bots.next_action(view)


def test_a_player_deals_the_kitty_out_by_keyboard_and_concedes_on_a_phone_in_arabic(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    user, size, lang = "hessa-kitty", "phone-portrait", "ar"
    options = {"kitty": "deal_out", "concede": True, "turn_seconds": 300, "nines_redeal": "off"}
    table = table_site.start_table([user], options, bots=True, game="pinochle")
    page = open_table(browser, table_site, user, table, size, lang)
    t = words(page)
    assert len(state(page)["view"]["hand"]) == 11
    seen: set[str] = set()

    def on_turn(page: Any, s: Any) -> None:
        v = s["view"]
        if v["phase"] in seen or v["phase"] not in ("kitty", "trump", "concede"):
            return
        seen.add(v["phase"])
        page.wait_for_timeout(300)
        check_fit(page, v["phase"])
        if v["phase"] == "kitty":
            first = card_name(page, v["kitty"][0])
            cards = page.get_by_role("group", name=t["pk_kitty"]).get_by_role("button")
            expect(cards).to_have_count(4)
            for n, code in enumerate(v["kitty"]):
                named = fill(t["pk_card_free"], card=card_name(page, code))
                expect(cards.nth(n)).to_have_accessible_name(named)
            expect(cards.nth(0)).to_have_attribute("aria-pressed", "true")  # picked by itself
            give_first = re.escape(fill(t["pk_give_to"].split("{name}")[0], card=first))
            seats = page.get_by_role("group", name=t["pk_seats"]).get_by_role("button")
            expect(seats).to_have_count(4)
            expect(page.get_by_role("button", name=re.compile(f"^{give_first}"))).to_have_count(4)
            expect(page.get_by_role("button", name=t["pk_give"])).to_be_disabled()
            shot(page, f"pinochle-kitty-deal-{size}-{lang}")
        if v["phase"] == "trump":
            kept = page.locator(".hand .hcard.from-kitty")
            expect(kept).to_have_count(1)
            expect(kept).to_have_attribute("data-card", v["kitty_card"])
            expect(kept).to_have_attribute("aria-label", re.compile(re.escape(t["pk_from_kitty"])))
            expect(page.locator("[data-testid=kitty-note] .pk-went")).to_have_count(4)
            shot(page, f"pinochle-kitty-given-{size}-{lang}")
        if v["phase"] == "concede":
            contract = str(v["contract"])
            choices = ((t["pc_concede"], "pc-if-concede"), (t["pc_play_on"], "pc-if-play-on"))
            for name, why in choices:
                button = page.get_by_role("button", name=name, exact=True)
                expect(button).to_be_visible()
                expect(button).to_have_attribute("aria-describedby", why)
                expect(page.locator(f"#{why}")).to_contain_text(contract)
            expect(page.locator("[data-testid=melds]")).to_be_visible()
            shot(page, f"pinochle-concede-choice-{size}-{lang}")

    done = play_hand(page, on_turn, choose=choose)
    assert done.get("give_kitty") == 1 and done.get("concede") == 1, done
    assert {"kitty", "trump", "concede"} <= seen, seen
    assert state(page)["view"]["result"]["reason"] == "conceded"
    check_score_sheet(page, 2)
    expect(page.locator("[data-testid=score-sheet] [data-testid=made]")).to_have_text(
        t["pc_conceded_word"]
    )
    shot(page, f"pinochle-conceded-sheet-{size}-{lang}")
    # the hand's replay: the kitty as dealt out, then the concession
    rnd = table_site.query(
        "from games.models import Round\n"
        f"result = Round.objects.get(match__table_id={table}, number=1).pk\n"
    )
    page.goto(f"{table_site.url}/history/rounds/{rnd}/replay/")
    page.click("[data-go=end]")
    expect(page.locator("#pn-result")).to_have_attribute("data-made", "conceded")
    expect(page.locator(".pn-kitty-given .pn-gift")).to_have_count(4)
    shot(page, f"pinochle-conceded-replay-{size}-{lang}")
    page.context.close()
