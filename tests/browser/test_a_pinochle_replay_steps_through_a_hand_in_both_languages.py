"""A player opens the replay of a Pinochle hand and steps through it, in Arabic and in English:
the auction bid by bid, the contract and declarer, trump named, every seat's meld by name and
points, each trick with its cards by player and who took it, the counters per side and the
result (made or set, the hand's points). Every seat is named, bots included. It fits a
1366×768 laptop and a 390×844 phone; a three-handed hand shows the widow and the discard; a
two-handed hand its stock, draws, declared melds and strict stage (another seat's draws face
down while the match goes on); an eight-handed hand its eight seats in four teams. Screenshots
in var/screenshots/."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from sahrat.testing.live import LiveSite

PLAY = """
from django.contrib.auth import get_user_model
from tests.games.conftest import start_table
from tests.history.test_a_pinochle_replay_shows_every_step_of_a_hand import play_one_hand
U = get_user_model()
def user(name):
    return U.objects.get_or_create(username=name.lower(), defaults={"display_name": name})[0]
noura, salem = user("Noura"), user("Salem")
huda, reem, badr = user("Huda"), user("Reem"), user("Badr")
single = play_one_hand(start_table([noura, salem], {"variant": "single", "pass_cards": 3,
                                                   "target": 1000}, bots_fill=True,
                                   game="pinochle"))
three = play_one_hand(start_table([huda, reem, badr], {"variant": "three", "target": 1000},
                                  game="pinochle"))
lina, omar, sara = user("Lina"), user("Omar"), user("Sara")
two = play_one_hand(start_table([lina, omar], {"variant": "two", "target": 1000},
                                game="pinochle"))
eight = play_one_hand(start_table([sara], {"variant": "eight", "target": 1000}, bots_fill=True,
                                  game="pinochle"))
result = {"single": single.pk, "three": three.pk, "two": two.pk, "eight": eight.pk}
"""

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite(tmp_path_factory.mktemp("pinochle-replay-site"), workers=1) as live:
        yield live


@pytest.fixture(scope="module")
def hands(site: LiveSite) -> dict[str, int]:
    found: dict[str, int] = site.query(PLAY)
    return found


def page_as(
    browser: Any, site: LiveSite, username: str, language: str, viewport: dict[str, int]
) -> Page:
    context = browser.new_context(viewport=viewport, locale=language)
    host = site.url.split("//")[1].split(":")[0]
    session = site.session(username).split("=", 1)[1]
    context.add_cookies(
        [
            {"name": "sessionid", "value": session, "domain": host, "path": "/"},
            {"name": "django_language", "value": language, "domain": host, "path": "/"},
        ]
    )
    return context.new_page()


def first_step(page: Page, test: str) -> int:
    """The first step whose data passes ``test`` (a JavaScript function of a step and its index)."""
    index = page.evaluate(f"window.sahratReplay.steps.findIndex({test})")
    assert index > 0, test
    return int(index)


def go(page: Page, index: int) -> None:
    page.evaluate(f"window.sahratReplay.go({index})")
    assert page.evaluate("document.body.dataset.step") == str(index)


def fits(page: Page) -> None:
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1, f"the page is {overflow}px wider than the screen"


WORDS = {
    "en": {
        "auction": "Auction",
        "trump": "Trump",
        "suits": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
        "taken": "taken by",
        "bot": "Bot 3",
        "made": "made the contract",
        "set": "is set",
        "hand": "Hand",
    },
    "ar": {
        "auction": "المزايدة",
        "trump": "الحكم",
        "suits": {"S": "سبيت", "H": "هاص", "D": "ديمن", "C": "شريا"},
        "taken": "أخذها",
        "bot": "لاعب آلي 3",
        "made": "جاب قيمة المزايدة",
        "set": "سقط",
        "hand": "اليد",
    },
}


@pytest.mark.parametrize("language", ["ar", "en"])
def test_a_player_steps_through_a_pinochle_hand(browser, site, hands, shot, language):
    words = WORDS[language]
    page = page_as(browser, site, "noura", language, LAPTOP)
    page.goto(f"{site.url}/history/rounds/{hands['single']}/replay/")
    page.wait_for_function("window.sahratReplay")
    names = page.locator("#seats .seat-name").all_inner_texts()
    assert names[:2] == ["Noura", "Salem"] and words["bot"] in names and len(names) == 4
    expect(page.locator("#pn-auction-title")).to_have_text(words["auction"])
    expect(page.locator("#event")).not_to_be_empty()
    shot(page, f"pinochle-replay-deal-{language}")

    # the auction, one bid or pass per step
    page.click("[data-go=forward]")
    assert page.evaluate("document.body.dataset.step") == "1"
    expect(page.locator("#pn-auction li")).to_have_count(1)
    page.click("[data-go=forward]")
    expect(page.locator("#pn-auction li")).to_have_count(2)
    expect(page.locator("#pn-auction li.latest")).to_have_count(1)

    # the contract and its declarer, then trump named
    won = first_step(page, "(s) => s.view.declarer !== null")
    go(page, won)
    contract = page.evaluate(f"window.sahratReplay.steps[{won}].view.contract")
    expect(page.locator("#pn-contract-line")).to_contain_text(str(contract))
    expect(page.locator("#seats .tag-declarer")).to_have_count(1)
    trump = first_step(page, "(s) => s.action && s.action.type === 'trump'")
    go(page, trump)
    suit = page.evaluate(f"window.sahratReplay.steps[{trump}].action.suit")
    expect(page.locator("#pn-trump-line")).to_contain_text(words["trump"])
    expect(page.locator("#pn-trump-line")).to_contain_text(words["suits"][suit])
    expect(page.locator("#event")).to_contain_text(words["suits"][suit])

    # the passed cards, then every seat's meld by name and points
    melds = first_step(page, "(s) => s.view.melds !== null")
    go(page, melds)
    expect(page.locator("#pn-exchange .pn-exchange-line")).to_have_count(2)
    expect(page.locator("#seats .pn-seat-melds")).to_have_count(4)
    named = page.evaluate(
        f"window.sahratReplay.steps[{melds}].view.melds.flatMap((m) => m.melds).length"
    )
    expect(page.locator("#seats .pn-meld")).to_have_count(named)
    if named:
        label = page.locator("#seats .pn-meld").first.inner_text()
        assert re.search(r"\d", label)
        if language == "ar":
            assert re.search(r"[\u0600-\u06ff]", label), label
    shot(page, f"pinochle-replay-meld-{language}")

    # the first trick: four cards by their players, who took it, the counters so far
    took = first_step(page, "(s) => s.took !== null")
    go(page, took)
    expect(page.locator("#pn-trick .pn-played")).to_have_count(4)
    expect(page.locator("#pn-trick .pn-played.winner")).to_have_count(1)
    winner = page.evaluate(f"window.sahratReplay.steps[{took}].took")
    expect(page.locator("#pn-taken")).to_contain_text(words["taken"])
    expect(page.locator("#pn-taken")).to_contain_text(names[winner])
    expect(page.locator("#pn-score tbody tr")).to_have_count(3)
    fits(page)
    shot(page, f"pinochle-replay-trick-{language}")

    # the end: made or set, the hand's points per side
    page.click("[data-go=end]")
    steps = page.evaluate("window.sahratReplay.steps.length")
    assert page.evaluate("document.body.dataset.step") == str(steps - 1)
    made = page.locator("#pn-result").get_attribute("data-made")
    expect(page.locator("#pn-result")).to_contain_text(words["made" if made == "made" else "set"])
    expect(page.locator("#pn-score tr.strong th")).to_have_text(words["hand"])
    points = page.evaluate("window.sahratReplay.steps.at(-1).view.result.team_points.map(String)")
    assert page.locator("#pn-score tr.strong td").all_inner_texts() == points
    fits(page)
    shot(page, f"pinochle-replay-end-{language}")
    page.context.close()


@pytest.mark.parametrize("language", ["ar", "en"])
def test_a_three_handed_hand_on_a_phone(browser, site, hands, shot, language):
    page = page_as(browser, site, "huda", language, PHONE)
    page.goto(f"{site.url}/history/rounds/{hands['three']}/replay/")
    page.wait_for_function("window.sahratReplay")
    assert page.locator("#seats .seat-name").all_inner_texts() == ["Huda", "Reem", "Badr"]
    expect(page.locator("#pn-exchange .pn-exchange-line")).to_have_count(1)  # the widow
    fits(page)
    shot(page, f"pinochle-replay-three-deal-phone-{language}")
    melds = first_step(page, "(s) => s.view.melds !== null")
    go(page, melds)
    expect(page.locator("#pn-exchange .pn-exchange-line")).to_have_count(2)  # widow, discard
    expect(page.locator("#seats .pn-seat-melds")).to_have_count(3)
    expect(page.locator("#pn-score thead th")).to_have_count(4)  # a column per seat
    took = first_step(page, "(s) => s.took !== null")
    go(page, took)
    expect(page.locator("#pn-trick .pn-played")).to_have_count(3)
    fits(page)
    shot(page, f"pinochle-replay-three-trick-phone-{language}")
    page.click("[data-go=end]")
    expect(page.locator("#pn-result")).not_to_be_empty()
    fits(page)
    shot(page, f"pinochle-replay-three-end-phone-{language}")
    page.context.close()


UNPLAYED = """
from games import pinochle
from games.pinochle.pages import replay_steps
options = pinochle.Options.from_dict({"all_pass": "redeal"})
passed = pinochle.Round.deal(options, 0, secret="ab" * 32)
for seat in (1, 2, 3, 0):
    passed.apply(seat, {"type": "pass"})
nines = next(r for r in (pinochle.Round.deal(options, 0, secret="%064x" % n) for n in range(20000))
             if r.result and r.result["reason"] == "redeal")
result = {"all_passed": replay_steps(passed.to_dict()), "redeal": replay_steps(nines.to_dict())}
"""


def serving(steps: list[dict[str, Any]]) -> Any:
    """A route handler serving the replay page with these steps in place of its own."""

    def serve(route: Any) -> None:
        response = route.fetch()
        html = response.text()
        found = re.search(
            r'(<script id="replay-data" type="application/json">)(.*?)(</script>)', html, re.S
        )
        assert found
        record = json.loads(found.group(2))
        record["steps"] = steps
        record["dealer"] = 0
        text = json.dumps(record).replace("<", "\\u003c")
        body = html[: found.start(2)] + text + html[found.end(2) :]
        route.fulfill(response=response, body=body)

    return serve


@pytest.mark.parametrize("language", ["ar", "en"])
def test_a_hand_everyone_passed_or_dealt_again_replays_too(browser, site, hands, shot, language):
    """A hand that was never played (everyone passed, or a seat was dealt too many nines): its
    replay says so, with the dealt hands and no trick (the page served with such a hand's
    steps, computed by the engine)."""
    unplayed = site.query(UNPLAYED)
    page = page_as(browser, site, "noura", language, LAPTOP)
    url = f"{site.url}/history/rounds/{hands['single']}/replay/"
    for kind, steps in unplayed.items():
        page.unroute(url)
        page.route(url, serving(steps))
        page.goto(url)
        page.wait_for_function("window.sahratReplay")
        page.click("[data-go=end]")
        last = len(steps) - 1
        assert page.evaluate("document.body.dataset.step") == str(last)
        assert page.locator("#scrub").get_attribute("max") == str(last)
        expect(page.locator("#pn-result")).not_to_be_empty()
        expect(page.locator("#pn-trick .pn-played")).to_have_count(0)
        expect(page.locator("#seats .seat-box")).to_have_count(4)
        if kind == "all_passed":
            expect(page.locator("#pn-auction li.pass")).to_have_count(4)
        else:
            seat = steps[0]["view"]["result"]["redeal_seat"]
            expect(page.locator("#event")).to_contain_text(
                page.locator("#seats .seat-name").nth(seat).inner_text()
            )
        expect(page.locator("#event")).to_contain_text(page.locator("#pn-result").inner_text())
        shot(page, f"pinochle-replay-{kind.replace('_', '-')}-{language}")
    page.context.close()


@pytest.mark.parametrize("language", ["ar", "en"])
def test_from_history_to_a_pinochle_hands_replay(browser, site, hands, shot, language):
    page = page_as(browser, site, "salem", language, PHONE if language == "ar" else LAPTOP)
    page.goto(f"{site.url}/history/")
    row = page.locator("#history tbody tr").first
    expect(row.locator("td[data-game=pinochle]")).to_contain_text(
        "بينوكل" if language == "ar" else "Pinochle"
    )
    fits(page)
    shot(page, f"pinochle-history-{language}")
    row.locator("a").click()
    page.wait_for_url(re.compile(r"/history/matches/\d+/$"))
    page.locator(f"a[href$='/history/rounds/{hands['single']}/replay/']").click()
    page.wait_for_url(re.compile(r"/replay/$"))
    page.wait_for_function("window.sahratReplay")
    expect(page.locator("#pn-auction-title")).to_be_visible()
    page.context.close()


def test_a_two_handed_hand_on_a_phone_shows_the_stock_the_draws_and_the_declared_melds(
    browser, site, hands, shot
):
    """Lina's replay, in Arabic, while the match goes on: her own draws by name, Omar's as a
    card face down; a meld declared after a won trick lies on the table; the stock runs out and
    strict play begins."""
    page = page_as(browser, site, "lina", "ar", PHONE)
    page.goto(f"{site.url}/history/rounds/{hands['two']}/replay/")
    page.wait_for_function("window.sahratReplay")
    expect(page.get_by_test_id("hidden-draws")).to_be_visible()
    expect(page.locator("#pn-auction")).to_be_hidden()  # trump is turned up: no auction
    expect(page.locator("#pn-trump-line")).to_contain_text("الحكم")
    expect(page.get_by_test_id("stock")).to_contain_text("24")
    expect(page.locator("#event")).to_contain_text("الورقة المكشوفة")
    shot(page, "pinochle-replay-two-deal-phone-ar")
    drew = first_step(page, "(s) => s.draws.length === 2 && !s.draws[1].turn_up")
    go(page, drew)
    expect(page.get_by_test_id("stock")).to_contain_text(
        str(page.evaluate(f"window.sahratReplay.steps[{drew}].view.stock_count"))
    )
    expect(page.locator("#pn-drawn .pn-played")).to_have_count(2)
    expect(page.locator("#pn-drawn .ctile.down")).to_have_count(1)  # Omar's card, face down
    expect(page.locator("#event")).to_contain_text("يسحب ورقة")
    expect(page.locator("#seats .seat-box[data-seat='1'] .ctile.down").first).to_be_visible()
    expect(page.locator("#seats .seat-box[data-seat='0'] .ctile.down")).to_have_count(0)
    fits(page)
    shot(page, "pinochle-replay-two-draw-phone-ar")
    declared = first_step(page, "(s) => s.action && s.action.type === 'meld'")
    go(page, declared)
    expect(page.locator("#event")).to_contain_text("يعلن")
    seat = page.evaluate(f"window.sahratReplay.steps[{declared}].seat")
    box = page.locator(f"#seats .seat-box[data-seat='{seat}']")
    expect(box.locator(".pn-meld").last).to_be_visible()
    if not page.evaluate(f"window.sahratReplay.steps[{declared}].view.meld_log.at(-1).exchanged"):
        expect(box.get_by_test_id("table")).to_be_visible()
    shot(page, "pinochle-replay-two-meld-phone-ar")
    strict = first_step(page, "(s, i) => i > 0 && s.view.stage === 'strict'")
    go(page, strict)
    expect(page.locator("#event")).to_contain_text("خلصت السحبة")
    expect(page.locator("#pn-stage")).to_have_attribute("data-stage", "strict")
    fits(page)
    shot(page, "pinochle-replay-two-strict-phone-ar")
    page.click("[data-go=end]")
    expect(page.locator("#pn-result")).to_contain_text("Omar")
    fits(page)
    page.context.close()


def test_an_eight_handed_hand_on_a_laptop_shows_eight_seats_in_four_teams(
    browser, site, hands, shot
):
    page = page_as(browser, site, "sara", "en", LAPTOP)
    page.goto(f"{site.url}/history/rounds/{hands['eight']}/replay/")
    page.wait_for_function("window.sahratReplay")
    expect(page.locator("#seats .seat-box")).to_have_count(8)
    tags = page.locator("#seats .seat-box .seat-head .tag").all_inner_texts()
    teams = {re.sub("[\u2068\u2069]", "", tag) for tag in tags}  # a number isolated in the text
    assert {"Team 1", "Team 2", "Team 3", "Team 4"} <= teams, teams
    took = first_step(page, "(s) => s.took !== null")
    go(page, took)
    expect(page.locator("#pn-trick .pn-played")).to_have_count(8)
    expect(page.locator("#pn-score thead th")).to_have_count(5)  # a column per team
    fits(page)
    shot(page, "pinochle-replay-eight-trick-laptop-en")
    page.click("[data-go=end]")
    expect(page.locator("#pn-result")).not_to_be_empty()
    fits(page)
    shot(page, "pinochle-replay-eight-end-laptop-en")
    page.context.close()
