"""After a match, a player opens history, steps through a round, clicks Verify and sees the
browser confirm the deal; a round whose recorded data was tampered with (one card changed, or
a secret that does not match the commitment) is shown FAILED. In Arabic and English, with
screenshots in var/screenshots/."""

from __future__ import annotations

import json
import re
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
names = {"noura": "Noura", "salem": "Salem", "huda": "Huda", "fahad": "Fahad"}
users = [U.objects.get_or_create(username=u, defaults={"display_name": n})[0]
         for u, n in names.items()]
match = play_match(users, {"target": 100})
archive_match(match.pk)
rounds = match.rounds.order_by("number").values_list("pk", flat=True)
# a second table whose round is being played: its secret is not out yet
from tests.games.conftest import deal_now, start_table
others = [U.objects.get_or_create(username=u, defaults={"display_name": u.capitalize()})[0]
          for u in ("reem", "badr", "mona", "zaid")]
live = deal_now(start_table(others, {"target": 100}))
result = {"match": match.pk, "rounds": list(rounds), "live_round": live.pk,
          "live_secret": live.secret}
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite(tmp_path_factory.mktemp("verify-site"), workers=1) as live:
        yield live


@pytest.fixture(scope="module")
def played(site: LiveSite) -> dict[str, Any]:
    return site.query(PLAY)


def page_as(browser: Any, site: LiveSite, username: str, language: str) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=language)
    host = site.url.split("//")[1].split(":")[0]
    session = site.session(username).split("=", 1)[1]
    context.add_cookies(
        [
            {"name": "sessionid", "value": session, "domain": host, "path": "/"},
            {"name": "django_language", "value": language, "domain": host, "path": "/"},
        ]
    )
    return context.new_page()


def tamper(page: Page, url: str, change: Any) -> None:
    """Serve the Verify page with its embedded record changed, as a lying server would."""

    def handle(route: Any) -> None:
        response = route.fetch()
        html = response.text()
        found = re.search(
            r'(<script id="round-record" type="application/json">)(.*?)(</script>)', html, re.S
        )
        record = json.loads(found.group(2))
        change(record)
        text = json.dumps(record).replace("<", "\\u003c")
        body = html[: found.start(2)] + text + html[found.end(2) :]
        route.fulfill(response=response, body=body)

    page.route(url, handle)


def verdict(page: Page) -> str:
    page.wait_for_function("document.body.dataset.verdict", timeout=20000)
    return page.evaluate("document.body.dataset.verdict")


@pytest.mark.parametrize("language", ["ar", "en"])
def test_the_verify_page_confirms_a_played_round(browser, site, played, shot, language):
    page = page_as(browser, site, "noura", language)
    first = played["rounds"][0]
    page.goto(f"{site.url}/verify/{first}/")
    assert verdict(page) == "pass"
    items = page.locator("#checks li")
    assert items.count() >= 1 + 1 + 4 + 1  # commitment, deck, four hands, first dealer
    assert page.locator("#checks li[data-ok=fail]").count() == 0
    # the verdict's word in the reader's language (the Arabic page has no English words)
    expect(page.locator("#verdict")).to_contain_text("✓ مطابق" if language == "ar" else "PASS")
    if language == "ar":
        expect(page.locator("#verdict")).to_contain_text("كل البنود")
    shot(page, f"verify-pass-{language}")
    page.context.close()


@pytest.mark.parametrize("language", ["ar", "en"])
def test_the_verify_page_fails_a_changed_card(browser, site, played, shot, language):
    page = page_as(browser, site, "noura", language)
    first = played["rounds"][0]

    def change(record: dict[str, Any]) -> None:
        hand = record["recorded"]["hands"][1]
        hand[3] = "JK" if hand[3] != "JK" else "AS"

    tamper(page, f"{site.url}/verify/{first}/", change)
    page.goto(f"{site.url}/verify/{first}/")
    assert verdict(page) == "fail"
    failed = page.locator("#checks li[data-ok=fail]")
    assert failed.count() == 1 and failed.first.get_attribute("data-item") == "hand-1"
    expect(page.locator("#verdict")).to_contain_text("✗ غير مطابق" if language == "ar" else "FAIL")
    shot(page, f"verify-fail-card-{language}")
    page.context.close()


@pytest.mark.parametrize("language", ["ar", "en"])
def test_the_verify_page_of_a_round_in_play_says_the_secret_comes_later(
    browser, site, played, shot, language
):
    page = page_as(browser, site, "noura", language)
    page.goto(f"{site.url}/verify/{played['live_round']}/")
    expect(page.locator("#secret-pending")).to_be_visible()
    assert played["live_secret"] not in page.content()
    assert page.locator("#checks").count() == 0
    shot(page, f"verify-pending-{language}")
    page.context.close()


def test_the_verify_page_fails_a_secret_that_does_not_match_the_commitment(browser, site, played):
    page = page_as(browser, site, "noura", "en")
    first = played["rounds"][0]

    def change(record: dict[str, Any]) -> None:
        record["secret"] = "%064x" % (int(record["secret"], 16) ^ 1)

    tamper(page, f"{site.url}/verify/{first}/", change)
    page.goto(f"{site.url}/verify/{first}/")
    assert verdict(page) == "fail"
    assert page.locator("#checks li[data-item=commitment]").get_attribute("data-ok") == "fail"
    page.context.close()


@pytest.mark.parametrize("language", ["ar", "en"])
def test_history_then_a_replay_then_verify(browser, site, played, shot, language):
    page = page_as(browser, site, "salem", language)
    page.goto(f"{site.url}/history/")
    row = page.locator(f"tr[data-match='{played['match']}']")
    expect(row).to_be_visible()
    shot(page, f"history-{language}")
    row.locator("a").click()
    page.wait_for_url(re.compile(r"/history/matches/\d+/$"))
    expect(page.locator("#rounds")).to_be_visible()
    shot(page, f"match-{language}")
    page.locator(f"tr[data-round='{played['rounds'][0]}'] a[href$='/replay/']").click()
    page.wait_for_url(re.compile(r"/replay/$"))
    steps = page.evaluate("window.sahratReplay.steps.length")
    assert page.evaluate("document.body.dataset.step") == "0"
    page.click("[data-go=forward]")
    page.click("[data-go=forward]")
    assert page.evaluate("document.body.dataset.step") == "2"
    page.click("[data-go=back]")
    assert page.evaluate("document.body.dataset.step") == "1"
    page.click("[data-go=play]")
    page.wait_for_function("Number(document.body.dataset.step) >= 3", timeout=5000)
    page.click("[data-go=play]")  # pause
    paused = page.evaluate("document.body.dataset.step")
    page.wait_for_timeout(900)
    assert page.evaluate("document.body.dataset.step") == paused
    page.evaluate(f"window.sahratReplay.go({min(40, steps - 1)})")
    shot(page, f"replay-{language}")
    page.click("[data-go=end]")
    assert page.evaluate("document.body.dataset.step") == str(steps - 1)
    assert page.locator("#seats .seat-box").count() == 4
    expect(page.locator("#result")).not_to_be_empty()
    shot(page, f"replay-end-{language}")
    page.locator(f"a[href$='/verify/{played['rounds'][0]}/']").first.click()
    assert verdict(page) == "pass"
    page.context.close()
