"""The replay and the match page of a hand with the kitty dealt out and a concession (issue #30):
once the hand is over every step carries the kitty and, from the deal-out on, which card went to
which seat; the step of the concession carries its result; the match page says the declarer
conceded, in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from games import live
from games.models import Round
from games.pinochle import bots
from tests.games.conftest import latest_round, start_table, step

from .test_a_pinochle_replay_shows_every_step_of_a_hand import replay_data

pytestmark = pytest.mark.django_db


def concede(view: dict[str, Any]) -> dict[str, Any]:
    return {"type": "concede"} if view["phase"] == "concede" else bots.next_action(view)


def conceded_hand(players: list[Any]) -> Round:
    options = {"kitty": "deal_out", "concede": True, "nines_redeal": "off", "target": 1000}
    table = start_table(players, options, game="pinochle")
    while latest_round(table).status != Round.Status.FINISHED:
        assert step(table, concede)
    rnd = latest_round(table)
    live.reveal(rnd.pk)
    return Round.objects.get(pk=rnd.pk)


def test_the_replay_carries_the_kitty_where_it_went_and_the_concession(
    alice, bob, carol, dave, client_for
):
    rnd = conceded_hand([alice, bob, carol, dave])
    engine = rnd.engine()
    page = client_for(alice, "en").get(f"/history/rounds/{rnd.pk}/replay/").content.decode()
    steps = replay_data(page)["steps"]
    assert all(s["kitty"] == list(engine.kitty) for s in steps)
    kinds = [s["action"]["type"] if s["action"] else None for s in steps]
    given_at = kinds.index("give_kitty")
    assert all(s["kitty_given"] is None for s in steps[:given_at])
    assert all(s["kitty_given"] == engine.kitty_given for s in steps[given_at:])
    assert steps[given_at]["action"]["cards"] == engine.kitty_given  # the hand is over: named
    assert kinds[-1] == "concede" and "play" not in kinds
    result = steps[-1]["view"]["result"]
    assert result["reason"] == "conceded" and result == rnd.result


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "conceded before the first lead"), ("ar", "سلّم قبل أول ورقة")],
)
def test_the_match_page_says_the_declarer_conceded(
    alice, bob, carol, dave, client_for, language, words
):
    rnd = conceded_hand([alice, bob, carol, dave])
    page = client_for(alice, language).get(f"/history/matches/{rnd.match_id}/").content.decode()
    assert words in page
