"""What a new player met, in the browser, on a phone (390x844) and a laptop (1366x768), in
Arabic and English, with screenshots in var/screenshots/:
- the match-end sheet shows the match's two coin figures, the stake result and the earnings,
  and they are what the wallet got for the match (a coin table and a free one); the match page
  names the game and shows the same two;
- «How to play» on the lobby's Pinochle tab opens the Pinochle rules, which link Banakil's; a
  Pinochle table's card links them too;
- the Verify page's result, drawn by its script after the check, has no English word in Arabic
  and no Arabic in English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

from .table_helpers import SIZES, open_table

PLAY = """
from django.contrib.auth import get_user_model
from accounts.models import CoinEntry
from games.archive import archive_match
from tests.games.conftest import play_to_the_end, start_table
U = get_user_model()
users = [U.objects.get_or_create(username=u, defaults={"display_name": n})[0]
         for u, n in (("noura", "Noura"), ("salem", "Salem"))]
result = {}
for kind, stake in (("coin", 100), ("free", 0)):
    table = start_table(users, {"players": 2, "target": 15, "stake": stake})
    match = play_to_the_end(table)
    archive_match(match.pk)
    entries = CoinEntry.objects.filter(
        account__kind="wallet", account__user=users[0], transaction__match_id=match.pk)
    result[kind] = {
        "table": table.pk, "match": match.pk,
        "round": match.rounds.order_by("number").first().pk,
        "stake": sum(e.amount for e in entries if e.transaction.kind != "earn"),
        "earned": sum(e.amount for e in entries if e.transaction.kind == "earn"),
    }
from lobby import services as lobby
huda = U.objects.get_or_create(username="huda", defaults={"display_name": "Huda"})[0]
result["pinochle_table"] = lobby.create_table(huda, {}, "pinochle").pk
"""

SCREENS = ["phone-portrait", "desktop-1366"]
LANGUAGES = ["ar", "en"]
#: Latin tokens a reader checks by hand: card codes and rank letters on the card faces, hex,
#: the algorithm's id, the standards' names
ALLOWED = re.compile(
    r"^(?:[0-9a-f]{16,}|(?:10|[2-9AKQJT])[SHDC]?|JK\d?|sahrat-shuffle-v\d+|SHA-256|HMAC)$"
)
ARABIC = re.compile(r"[\u0600-\u06FF]")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite(tmp_path_factory.mktemp("pages-site"), workers=1) as live:
        yield live


@pytest.fixture(scope="module")
def played(site: LiveSite) -> dict[str, Any]:
    return site.query(PLAY)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def figure(page: Any, testid: str) -> str:
    """The signed number in a labelled figure, without its label and isolates."""
    text = page.locator(f"[data-testid={testid}]").first.inner_text()
    return re.sub(r"[^0-9+\-]", "", text.split(":")[-1])


@pytest.mark.parametrize("size", SCREENS)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", ["coin", "free"])
def test_the_match_end_sheet_and_the_match_page_show_what_the_wallet_got(
    browser: Any, site: LiveSite, played: dict[str, Any], shot: Any, kind, language, size
) -> None:
    match = played[kind]
    assert match["stake"] != 0 if kind == "coin" else match["earned"] > 0
    page = open_table(browser, site, "noura", match["table"], size, language)
    end = page.locator("[data-testid=match-end]")
    expect(end).to_be_visible()
    expect(end.locator("[data-testid=match-coins]")).to_be_visible()
    assert figure(end, "stake-result") == signed(match["stake"])
    assert figure(end, "earned") == signed(match["earned"])
    shot(page, f"match-end-coins-{kind}-{language}-{size}")
    page.goto(f"{site.url}/history/matches/{match['match']}/")
    assert figure(page, "stake-result") == signed(match["stake"])
    assert figure(page, "earned") == signed(match["earned"])
    expect(page.locator("[data-testid=match-game]")).to_contain_text(
        "بناكل" if language == "ar" else "Banakil"
    )
    shot(page, f"match-page-coins-{kind}-{language}-{size}")
    page.context.close()


@pytest.mark.parametrize("size", SCREENS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_how_to_play_on_the_pinochle_tab_opens_the_pinochle_rules(
    browser: Any, site: LiveSite, played: dict[str, Any], shot: Any, language, size
) -> None:
    page = open_page(browser, site, language, size)
    page.goto(f"{site.url}/")
    page.locator("[data-testid=game-tabs] a[data-game=pinochle]").click()
    expect(page.locator("[data-testid=brand-footer]")).to_have_text(
        "سهرات: ليالي الورق الخليجية — بناكل وبينوكل."
        if language == "ar"
        else "Sahrat: evenings of Gulf card games — Banakil and Pinochle."
    )
    card = page.locator(f"#table-{played['pinochle_table']} [data-testid=table-rules]")
    expect(card).to_have_attribute("href", "/rules/pinochle/")
    shot(page, f"lobby-pinochle-tab-{language}-{size}")
    page.locator("[data-testid=rules-link]").click()
    page.wait_for_url(f"{site.url}/rules/pinochle/")
    tabs = page.locator("[data-testid=rules-tabs]")
    expect(tabs.locator("a[aria-current=page]")).to_have_attribute("data-game", "pinochle")
    shot(page, f"rules-pinochle-tabs-{language}-{size}")
    tabs.locator("a[data-game=banakil]").click()
    page.wait_for_url(f"{site.url}/rules/banakil/")
    page.context.close()


def open_page(browser: Any, site: LiveSite, language: str, size: str) -> Any:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    cookie = site.session("noura").split("=", 1)[1]
    context.add_cookies(
        [
            {"name": "sessionid", "value": cookie, "url": site.url},
            {"name": "django_language", "value": language, "url": site.url},
        ]
    )
    return context.new_page()


#: the result's words as a reader meets them: text outside the card pictures, and the cards'
#: names (their aria-labels)
RESULT_TEXT = """() => {
  const parts = [];
  for (const id of ["verdict", "checks"]) {
    const copy = document.getElementById(id).cloneNode(true);
    copy.querySelectorAll("[aria-label]").forEach((el) => parts.push(el.ariaLabel));
    copy.querySelectorAll("svg").forEach((el) => el.remove());
    parts.push(copy.innerText || copy.textContent);
  }
  return parts.join(" ");
}"""


@pytest.mark.parametrize("size", SCREENS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_verify_result_reads_in_one_language(
    browser: Any, site: LiveSite, played: dict[str, Any], shot: Any, language, size
) -> None:
    page = open_page(browser, site, language, size)
    page.goto(f"{site.url}/verify/{played['coin']['round']}/")
    page.wait_for_function("document.body.dataset.verdict", timeout=30_000)
    assert page.evaluate("document.body.dataset.verdict") == "pass"
    text = page.evaluate(RESULT_TEXT)
    for name in ("Noura", "Salem"):
        text = text.replace(name, " ")
    if language == "ar":
        latin = [w for w in re.findall(r"[A-Za-z][A-Za-z0-9\-]*", text) if not ALLOWED.match(w)]
        assert not latin, " ".join(latin)
    else:
        assert not ARABIC.findall(text)
    shot(page, f"verify-result-{language}-{size}")
    page.context.close()
