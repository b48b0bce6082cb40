"""Every page that shows a match names every seat: a player by their name, a bot by the live
table's bot label in the reader's language ("Bot 3", «لاعب آلي 3»), and, on the match page and
in the replay, a player's seat a bot played as "Bob (bot standing in)". History, the match page,
the replay, Verify, the history API and the profile; in English and in Arabic."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from games import live
from games.archive import archive_match
from games.models import Match, Round
from tests.games.conftest import latest_round, play_to_the_end, start_table, step
from tests.history.conftest import reveal_all

pytestmark = pytest.mark.django_db

BOT = {"en": "Bot {n}", "ar": "لاعب آلي {n}"}
STANDING_IN = {"en": "Bob (bot standing in)", "ar": "Bob (لاعب آلي مكانه)"}


@pytest.fixture
def match_with_bots(alice, bob) -> Match:
    """Alice (seat 0) and Bob (seat 1) with bots at seats 2 and 3; Bob leaves during the first
    round and a bot plays his seat to the end."""
    for _ in range(DEALS):
        table = start_table([alice, bob], {"target": 30}, bots_fill=True)
        if bobs_turn_in_round_1(table):
            break
        play_to_the_end(table)  # round 1 ended first (and, to 30, often the match): again
    else:
        raise AssertionError(f"{DEALS} deals in a row ended round 1 before Bob's turn")
    # he leaves when his seat is next to play, so the bot standing in moves in round 1
    live.leave(bob, table.pk)
    match = play_to_the_end(table)
    assert match.status == Match.Status.FINISHED
    reveal_all(match)
    archive_match(match.pk)
    return Match.objects.get(pk=match.pk)


#: tables tried for a deal whose first round lasts to Bob's turn
DEALS = 10


def bobs_turn_in_round_1(table: Any) -> bool:
    """Play a few moves, then on until Bob's seat is next to play in round 1: False when round 1
    ended first (a third of rounds end before a given seat's fourth turn)."""
    for _ in range(6):
        step(table)
    while (rnd := latest_round(table)).number == 1 and rnd.status == Round.Status.PLAYING:
        if rnd.turn_seat == 1:
            return True
        step(table)
    return False


def bot(language: str, seat: int) -> str:
    return BOT[language].format(n=seat + 1)


def json_script(text: str, element_id: str) -> Any:
    found = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', text)
    assert found, element_id
    return json.loads(found.group(1))


@pytest.mark.parametrize("language", ["en", "ar"])
def test_history_names_the_bots_among_partners_and_opponents(
    match_with_bots, client_for, alice, language
):
    text = html.unescape(client_for(alice, language).get("/history/").content.decode())
    row = text[text.index(f'data-match="{match_with_bots.pk}"') :].split("</tr>")[0]
    assert bot(language, 2) in row  # alice's partner
    assert f"Bob, {bot(language, 3)}" in row or f"Bob، {bot(language, 3)}" in row
    assert "<td>،</td>" not in row and "<td>, </td>" not in row


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_match_page_names_bots_dealers_and_who_went_out(
    match_with_bots, client_for, alice, language
):
    page = client_for(alice, language).get(f"/history/matches/{match_with_bots.pk}/")
    text = html.unescape(page.content.decode())
    assert bot(language, 2) in text and bot(language, 3) in text
    assert STANDING_IN[language] in text
    assert "(bot)" not in text and "(لاعب آلي)" not in text
    names = ["Alice", "Bob", bot(language, 2), bot(language, 3)]
    rounds = re.findall(r'<tr data-round="\d+">(.*?)</tr>', text, re.S)
    assert rounds
    for row in rounds:
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        assert cells[1].strip() in names  # the dealer
        end = re.sub(r"<[^>]+>", "", cells[5]).strip()
        went_out = "went out" if language == "en" else "تخلّص"
        if went_out in end:
            assert any(end.startswith(name) for name in names), end


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_replay_names_bots_and_the_bot_standing_in(
    match_with_bots, client_for, alice, language
):
    rnd = Round.objects.get(match=match_with_bots, number=1)
    text = client_for(alice, language).get(f"/history/rounds/{rnd.pk}/replay/").content.decode()
    data = json_script(text, "replay-data")
    assert data["names"] == ["Alice", "Bob", bot(language, 2), bot(language, 3)]
    assert data["stand_in_names"][1] == STANDING_IN[language]
    by_bot = [s for s in data["steps"][1:] if s["bot"]]
    assert by_bot and {s["seat"] for s in by_bot} == {1}  # only bob's seat, after he left
    assert not any(s["bot"] for s in data["steps"][1:] if s["seat"] in (2, 3))
    strings = json_script(text, "replay-strings")
    assert "{name}" in strings["meld"]


@pytest.mark.parametrize("language", ["en", "ar"])
def test_verify_names_the_bots_hands(match_with_bots, client_for, alice, language):
    rnd = Round.objects.get(match=match_with_bots, number=1)
    text = client_for(alice, language).get(f"/verify/{rnd.pk}/").content.decode()
    names = json_script(text, "verify-strings")["names"]
    assert names == ["Alice", "Bob", bot(language, 2), bot(language, 3)]
    assert f"<bdi>{names[rnd.dealer]}</bdi>" in text


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_history_api_names_every_seat(match_with_bots, client_for, alice, language):
    body = client_for(alice, language).get(f"/api/matches/{match_with_bots.pk}/").json()
    seats = {s["seat"]: s for s in body["seats"]}
    assert [seats[n]["name"] for n in range(4)] == [
        "Alice",
        "Bob",
        bot(language, 2),
        bot(language, 3),
    ]
    assert [seats[n]["player"] for n in range(4)] == [True, True, False, False]
    listed = client_for(alice, language).get("/api/matches/").json()["results"][0]
    assert listed["seats"][3]["name"] == bot(language, 3)


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_profile_names_the_opponents_of_recent_matches(
    match_with_bots, client_for, alice, language
):
    text = html.unescape(client_for(alice, language).get("/accounts/profile/").content.decode())
    line = text[text.index(f'data-match="{match_with_bots.pk}"') :].split("</li>")[0]
    assert bot(language, 2) in line and bot(language, 3) in line and "Bob" in line
