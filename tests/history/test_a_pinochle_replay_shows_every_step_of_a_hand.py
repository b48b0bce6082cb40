"""The replay of a Pinochle hand, for every variant: the page carries every step the engine
computes from the deal and the action log (the auction, trump, the meld of every seat, each
trick and who took it, the counters per side, the result), names every seat (players and bots),
loads Pinochle's own board and words in both languages, and has a word for every meld the engine
can name."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games import live
from games.models import Match, Round
from games.pinochle import melds
from games.registry.pinochle import REPLAY_WORDS
from tests.games.conftest import start_table, step

pytestmark = pytest.mark.django_db


def play_one_hand(table: Any) -> Round:
    """Step the table until a hand has been played out (bid, trump, every trick)."""
    for _ in range(5000):
        done = Round.objects.filter(
            match__table=table, status=Round.Status.FINISHED, result__reason="played"
        ).first()
        if done is not None:
            live.reveal(done.pk)
            return Round.objects.get(pk=done.pk)
        assert step(table), "the match ended before a hand was played out"
    raise AssertionError("no hand was played out")


def replay_data(page: str) -> dict[str, Any]:
    found = re.search(r'id="replay-data"[^>]*>(.*?)</script>', page, re.S)
    assert found
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def replay_words(page: str) -> dict[str, str]:
    found = re.search(r'id="replay-strings"[^>]*>(.*?)</script>', page, re.S)
    assert found
    words: dict[str, str] = json.loads(found.group(1))
    return words


VARIANTS = [
    ("single", {"pass_cards": 3}, 4),
    ("double", {}, 4),
    ("three", {}, 3),
    ("six", {}, 6),
    ("eight", {}, 8),
]


@pytest.mark.parametrize(("variant", "extra", "seats"), VARIANTS)
def test_the_replay_page_carries_every_step_of_a_played_hand_and_names_every_seat(
    variant, extra, seats, alice, bob, client_for
):
    table = start_table(
        [alice, bob], {"variant": variant, "target": 1000, **extra}, bots_fill=True, game="pinochle"
    )
    rnd = play_one_hand(table)
    engine = rnd.engine()
    page = client_for(alice, "en").get(f"/history/rounds/{rnd.pk}/replay/").content.decode()
    assert "history/pinochle.js" in page and "history/banakil.js" not in page
    assert 'id="pn-auction"' in page and 'id="pn-trick"' in page and 'id="pn-score"' in page
    data = replay_data(page)
    assert data["game"] == "pinochle" and data["players"] == seats
    assert data["names"] == ["Alice", "Bob"] + [f"Bot {n + 1}" for n in range(2, seats)]
    steps = data["steps"]
    assert len(steps) == len(engine.actions) + 1 == rnd.action_count + 1
    assert steps[0]["action"] is None and steps[0]["view"]["auction"] == []
    assert [sorted(h) for h in steps[0]["hands"]] == [sorted(h) for h in engine.dealt_hands()]
    for n, (seat, action) in enumerate(engine.actions, start=1):
        assert steps[n]["seat"] == seat and steps[n]["action"] == action
    # the auction, step by step, ends with the contract, and trump is named once
    bids = [s for s in steps if s["action"] and s["action"]["type"] in ("bid", "pass")]
    assert [len(s["view"]["auction"]) for s in bids] == list(range(1, len(bids) + 1))
    last = steps[-1]["view"]
    assert last["declarer"] == rnd.result["declarer"] and last["contract"] == rnd.result["contract"]
    assert [
        s["action"]["suit"] for s in steps if s["action"] and s["action"]["type"] == "trump"
    ] == [rnd.result["trump"]]
    # every seat's meld, by name and points, once play begins
    assert len(last["melds"]) == seats
    assert last["meld_totals"] == rnd.result["meld"]
    # each trick: the step that completes it says who took it; the counters add up to the result
    took = [s["took"] for s in steps if s["took"] is not None]
    assert len(took) == sum(last["tricks_won"]) == len(engine.dealt_hands()[0])
    assert steps[-1]["counters"] == rnd.result["counters"]
    assert last["result"]["team_points"] == rnd.result["team_points"]
    assert last["result"]["made"] == rnd.result["made"]
    if variant == "single":
        assert len(steps[-1]["passed"]["to_declarer"]) == 3
        assert len(steps[-1]["passed"]["to_partner"]) == 3
    if variant == "three":
        assert len(steps[-1]["widow"]) == 3 and len(steps[-1]["discard"]) == 3
    units = {"three": 3, "eight": 4}.get(variant, 2)  # eight: four teams, partners across
    assert data["sides"] == [seat % units for seat in range(seats)]


def test_the_replay_speaks_the_readers_language(alice, bob, client_for):
    table = start_table([alice, bob], {"target": 1000}, bots_fill=True, game="pinochle")
    rnd = play_one_hand(table)
    english = replay_words(
        client_for(alice, "en").get(f"/history/rounds/{rnd.pk}/replay/").content.decode()
    )
    arabic_page = client_for(bob, "ar").get(f"/history/rounds/{rnd.pk}/replay/").content.decode()
    arabic = replay_words(arabic_page)
    assert english["auction"] == "Auction" and arabic["auction"] == "المزايدة"
    assert arabic["trump"] == "الحكم" and arabic["counters"] == "نقاط العد"
    assert arabic["meld_royal_marriage"] == "الزواج الملكي"
    assert "لاعب آلي 3" in replay_data(arabic_page)["names"]
    assert set(english) == set(arabic)
    for key in REPLAY_WORDS:
        assert arabic[key] != english[key] or key == "meld_dix", key


def test_every_meld_the_engine_names_has_a_word():
    names = {
        *melds.RUN_NAMES[1:],
        *melds.PINOCHLE_NAMES[1:],
        "royal_marriage",
        "marriage",
        "dix",
        "roundhouse",
    }
    for rank in "AKQJ":
        names |= set(melds._around(rank)[1][1:])
    assert names <= {key.removeprefix("meld_") for key in REPLAY_WORDS}


def test_a_banakil_round_keeps_its_own_board(played_match: Match, client_for, bob):
    rnd = played_match.rounds.order_by("number").first()
    page = client_for(bob, "en").get(f"/history/rounds/{rnd.pk}/replay/").content.decode()
    assert "history/banakil.js" in page and 'id="stock"' in page and 'id="pn-auction"' not in page
    words = replay_words(page)
    assert words["draw_stock"] == "{name} draws from the stock: {card}"
    assert "auction" not in words
