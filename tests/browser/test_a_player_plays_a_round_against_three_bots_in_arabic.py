"""One person signs up, presses «Play against bots» and plays a whole round in Arabic by clicking,
in real Chromium, against three bots on a real daphne + Celery worker + Redis.

At each of the player's turns the test reads ``window.sahratTable.state``, asks the engine's own
bot which move to make, and makes it through the page: the stock or the pile, cards selected and
«تنزّل», a meld's end zone, a joker, «ترمي». Each round ends on the score sheet. Bots often go
out within a few turns (a third of rounds end before a seat's fourth turn), so rounds go on until
one has given the player the turns the checks need.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.banakil import bots
from sahrat.testing.live import LiveSite

from .overlay_helpers import next_round_now

PASSWORD = "majlis-evening-77"
ROUND_TIMEOUT = 240  # seconds for the whole round
MAX_ROUNDS = 6  # rounds the player may need to have three turns in one


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    # bots quick; the score sheet stays up long enough to be read
    with LiveSite(
        tmp_path_factory.mktemp("bots-round"),
        SAHRAT_BOT_SECONDS="0.05",
        SAHRAT_BOT_STEP_SECONDS="0.05",
        SAHRAT_ROUND_BREAK_SECONDS="30",
        SAHRAT_SEED_SECONDS="1",
    ) as live:
        yield live


def sign_up(page: Page, url: str, username: str, name: str) -> None:
    page.goto(url + "/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=display_name]", name)
    page.fill("input[name=email]", f"{username}@example.com")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("form.form button[type=submit]")
    page.wait_for_url(url + "/")


VIEW_READY = "window.sahratTable && window.sahratTable.state && window.sahratTable.state.view"


def log_in(context: Any, url: str) -> Page:
    page = context.new_page()
    page.goto(url + "/accounts/login/")
    page.fill("input[name=username]", "noura")
    page.fill("input[name=password]", PASSWORD)
    page.click("form.form button[type=submit]")
    page.wait_for_url(url + "/")
    return page


def state(page: Page) -> Any:
    return page.evaluate("window.sahratTable && window.sahratTable.state")


def my_turn(s: Any) -> bool:
    return bool(
        s
        and s["view"]
        and s["round"]["status"] == "playing"
        and s["match"]["status"] == "playing"
        and s["view"]["phase"] != "ended"
        and s["view"]["turn"] == s["you"]
        and not s["seats"][s["you"]]["bot"]
    )


#: a refusal's toast the test has not read yet (one it provoked on purpose is marked read)
NEW_REFUSAL = "[data-testid=toast].toast-error:not([data-read])"

MY_TURN_OR_RESULT = """() => {
  const s = window.sahratTable.state;
  return !!(s && s.view && (s.view.result || (s.round.status === 'playing'
    && s.match.status === 'playing' && s.view.phase !== 'ended' && s.view.turn === s.you
    && !s.seats[s.you].bot)));
}"""

#: the page asks a question, or a newer state than the one given arrived, or a refusal
ASKED_OR_CHANGED = (
    """([round, event]) => {
  const s = window.sahratTable.state;
  if (document.querySelector('[data-testid=choice]')?.checkVisibility()) return true;
  if (document.querySelector('"""
    + NEW_REFUSAL
    + """')) return true;
  return s && (s.round_no !== round || s.event > event);
}"""
)


def wait_for_change(page: Page, before: Any) -> None:
    """Wait until a newer state than ``before`` arrived; fail on a refusal toast."""
    page.wait_for_function(
        """([round, event, refusal]) => {
            const s = window.sahratTable.state;
            const toast = document.querySelector(refusal);
            if (toast) return true;
            return s && (s.round_no !== round || s.event > event);
        }""",
        arg=[before["round_no"], before["event"], NEW_REFUSAL],
        timeout=15_000,
    )
    toast = page.locator(NEW_REFUSAL)
    if toast.count():
        raise AssertionError(f"the table refused a move: {toast.first.inner_text()}")


def select(page: Page, cards: list[str]) -> None:
    clear = page.locator("[data-action=clear]")
    if clear.is_enabled():
        clear.click()
    for code in cards:
        page.locator(f".hand [data-card='{code}']:not(.selected)").first.click()
    expect(page.locator(".hand .pcard.selected")).to_have_count(len(cards))


def answer_choices(page: Page, action: dict[str, Any], before: Any) -> None:
    """The page asks where a wild or a moving banakil goes: answer as the bot's move says
    (until the move is made: a newer state than ``before``)."""
    for _ in range(3):
        choice = page.locator("[data-testid=choice]")
        page.wait_for_function(
            ASKED_OR_CHANGED, arg=[before["round_no"], before["event"]], timeout=15_000
        )
        if not choice.is_visible():
            return
        if page.locator("[data-action^=banakil-]").count():
            page.click(f"[data-action=banakil-{action['banakil_to']}]")
            continue
        asked = choice.locator("[data-card]").first.get_attribute("data-card")
        cards = action["cards"]
        end = "low" if cards.index(asked) < len(cards) / 2 else "high"
        page.click(f"[data-action=wild-{end}], [data-action=end-{end}]")


def clock_took_the_turn(page: Page, before: Any) -> bool:
    """Whether the turn clock played for the player since ``before`` (the test's clicks, on a
    loaded machine, can take longer than the table's 20 s turn): the page says so in its
    played-for-you notice."""
    notice = page.locator("[data-testid=played-for-you]")
    return state(page)["event"] > before["event"] and notice.is_visible()


def play(page: Page, action: dict[str, Any], turn: int, before: Any) -> None:
    """Make one engine action through the page, by clicking."""
    kind = action["type"]
    if kind == "draw":
        page.click("[data-testid=stock]" if action["from"] == "stock" else "[data-testid=pile]")
    elif kind == "meld":
        select(page, action["cards"])
        page.click("[data-action=meld]")
        answer_choices(page, action, before)
    elif kind == "layoff":
        select(page, action["cards"])
        end = action.get("end") or action.get("banakil_to") or "high"
        page.click(f".meld[data-meld-id='{action['meld']}'] [data-end={end}]")
        answer_choices(page, action, before)
    elif kind == "swap":
        select(page, [action["card"]])
        page.click(f".meld[data-meld-id='{action['meld']}'] [data-swap]")
    elif kind == "throw":
        select(page, [action["card"]])
        # both ways to throw: the button, and a click on the table pile
        page.click("[data-action=throw]" if turn % 2 else "[data-testid=pile]")
    else:  # pragma: no cover
        raise AssertionError(f"unknown action {action}")


def play_a_round(
    page: Page, english: Page, mobile: Page, shot: Any, checks: dict[str, bool]
) -> tuple[int, int]:
    """Play the player's turns until the round ends, then read its score sheet. At the
    player's second turn a forbidden move is refused; at the third, hints and screenshots.
    Returns the player's turns and moves in the round."""
    turns = moves = 0
    deadline = time.monotonic() + ROUND_TIMEOUT
    while True:
        s = state(page)
        if s["view"] and s["view"]["result"]:
            break
        assert time.monotonic() < deadline, "the round did not end in time"
        if not my_turn(s):
            left = deadline - time.monotonic()
            page.wait_for_function(MY_TURN_OR_RESULT, timeout=max(left, 0.1) * 1000)
            continue
        if s["view"]["phase"] == "draw" or (s["view"]["turn_no"] == 1 and not moves):
            turns += 1
        if turns == 3 and s["view"]["phase"] == "play" and not checks["shots"]:
            checks["shots"] = True
            shot(page, "table-ar-mid-round")
            page.click("[data-action=hints]")
            page.wait_for_selector("[data-testid=hints-panel]:not([hidden])")
            shot(page, "table-ar-hints")
            page.click("[data-action=hints]")
            english.wait_for_function("(e) => window.sahratTable.state.event >= e", arg=s["event"])
            shot(english, "table-en-mid-round")
            mobile.wait_for_function("(e) => window.sahratTable.state.event >= e", arg=s["event"])
            shot(mobile, "table-phone-ar")
        if turns == 2 and s["view"]["phase"] == "play" and not checks["refused"]:
            # a move the rules forbid (a second draw) is refused in Arabic; nothing changes
            checks["refused"] = True
            page.click("[data-testid=stock]")
            toast = page.locator("[data-testid=toast].toast-error")
            expect(toast).to_be_visible()
            assert re.search("[\u0600-\u06ff]", toast.inner_text())
            assert state(page)["event"] == s["event"]
            toast.evaluate("(node) => { node.dataset.read = '1'; }")  # read: play on under it
            continue
        action = bots.next_action(s["view"])
        try:
            play(page, action, turns, s)
        except (PlaywrightTimeout, AssertionError):  # a click timed out, or an expect failed
            if not clock_took_the_turn(page, s):
                raise
            continue  # a loaded machine clicked past the turn clock: the time-out played it
        moves += 1
        wait_for_change(page, s)

    sheet = page.locator("[data-testid=score-sheet]")
    expect(sheet).to_be_visible(timeout=10_000)
    end = state(page)
    result = end["view"]["result"]
    expect(sheet).to_contain_text(f"نتيجة الجولة {end['round_no']}")
    expect(sheet).to_contain_text("نقاط النازل")
    for team in (0, 1):
        expect(sheet.locator("tr.strong td").nth(team)).to_have_text(
            str(float(result["team_points"][team])).removesuffix(".0")
        )
    if result["nazla"]:
        expect(sheet.locator("[data-testid=nazla]")).to_have_text("نزلة وحدة!")
    shot(page, "table-ar-score-sheet")
    mobile.wait_for_selector("[data-testid=score-sheet]")
    shot(mobile, "table-phone-ar-score-sheet")
    return turns, moves


def next_round(site: LiveSite, page: Page) -> None:
    """The next round at once (the score sheet was read: no waiting out its break)."""
    before = state(page)["round_no"]
    next_round_now(site, int(page.url.rstrip("/").rsplit("/", 1)[1]))
    page.wait_for_function(
        """(round) => {
            const s = window.sahratTable.state;
            return s && s.round_no > round && s.view && !s.view.result;
        }""",
        arg=before,
        timeout=90_000,
    )


def test_a_player_plays_a_whole_round_against_three_bots_by_clicking_in_arabic(
    site: LiveSite, browser: Any, shot: Any
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    sign_up(page, site.url, "noura", "نورة")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    play_bots = page.locator("[data-action=play-bots]").first
    expect(play_bots).to_have_text("العب ضد لاعبين آليين")
    play_bots.click()
    page.wait_for_url(re.compile(r".*/tables/\d+/$"))
    page.wait_for_function(VIEW_READY, timeout=20_000)
    first = state(page)
    assert first["you"] == 0 and [s["bot"] for s in first["seats"]] == [False, True, True, True]
    expect(page.locator("[data-testid=stock]")).to_have_attribute(
        "aria-label", re.compile("كومة الأوراق")
    )
    expect(page.locator("[data-testid=commitment]")).to_contain_text(
        first["round"]["commitment"][:8]
    )

    # The same seat watched in English (one click on the language switch) and on a phone.
    english = log_in(browser.new_context(viewport={"width": 1280, "height": 900}), site.url)
    english.click("button.chip[value=en]")
    expect(english.locator("html")).to_have_attribute("lang", "en")
    english.goto(page.url)
    expect(english.locator("html")).to_have_attribute("dir", "ltr")
    english.wait_for_function(VIEW_READY)
    expect(english.locator("[data-testid=stock]")).to_contain_text("Stock")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    mobile = log_in(phone, site.url)
    mobile.goto(page.url)
    mobile.wait_for_function(VIEW_READY)

    # Bots often go out within a few turns: rounds go on until the player has had the turns
    # the checks need (a refusal at the second, the hints and screenshots at the third).
    checks = {"refused": False, "shots": False}
    for _ in range(MAX_ROUNDS):
        turns, moves = play_a_round(page, english, mobile, shot, checks)
        if all(checks.values()):
            break
        next_round(site, page)
    assert all(checks.values()), f"no round gave the player three turns: {checks}"
    assert moves > turns >= 2  # in the round that finished the checks
    for ctx in (context, english.context, phone):
        ctx.close()
