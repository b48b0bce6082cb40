"""Two-handed Pinochle's replay: every step says what was drawn from the stock after each trick
(the winner first, the turn-up last). While the match goes on, a seat's draws are shown in its
own replay only: the other seat and a spectator see "a card" and those cards face down in its
hand until they are played or melded. Once the match is over, every draw is shown."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.models import Match
from games.pinochle.pages import replay_steps
from tests.games.conftest import play_to_the_end, start_table

from .test_a_pinochle_replay_shows_every_step_of_a_hand import play_one_hand, replay_data

pytestmark = pytest.mark.django_db


def _page(client: Any, rnd: Any) -> str:
    return client.get(f"/history/rounds/{rnd.pk}/replay/").content.decode()


def _public_to_all(truth: list[dict[str, Any]], seat: int) -> Counter[str]:
    """What everyone saw ``seat`` hold: its dealt hand, the cards it melded (back in its hand
    for the strict stage), the turn-up it took by exchanging the dix (the nine goes under the
    stock in its place) and the turn-up drawn last."""
    seen = Counter(truth[0]["hands"][seat])
    seen += Counter(
        c for e in truth[-1]["view"]["meld_log"] if e["seat"] == seat for c in e["cards"]
    )
    for before, step in zip(truth, truth[1:], strict=False):
        was, now = before["view"]["turn_up"], step["view"]["turn_up"]
        if was and now and was != now and step["seat"] == seat:  # the dix exchanged
            seen[was] += 1
    seen += Counter(d["card"] for s in truth for d in s["draws"] if d["turn_up"])
    return seen


def _check_seen_by(steps: list[dict[str, Any]], truth: list[dict[str, Any]], viewer: int | None):
    assert len(steps) == len(truth)
    for step, real in zip(steps, truth, strict=True):
        assert len(step["draws"]) == len(real["draws"])
        for shown, draw in zip(step["draws"], real["draws"], strict=True):
            mine = draw["seat"] == viewer or draw["turn_up"]
            assert shown == (draw if mine else {**draw, "card": None})
        for seat in (0, 1):
            hand, held = step["hands"][seat], real["hands"][seat]
            assert len(hand) == len(held)
            if seat == viewer:
                assert hand == held
                continue
            face_up = Counter(c for c in hand if c is not None)
            assert not face_up - Counter(held)  # only cards it holds
            assert not face_up - _public_to_all(truth, seat)  # and none it drew unseen
    for seat in {0, 1} - {viewer}:  # another seat's unseen draws lie face down in its hand
        assert any(c is None for step in steps for c in step["hands"][seat])


def test_while_the_match_goes_on_a_draw_is_shown_to_its_drawer_only(alice, bob, carol, client_for):
    table = start_table([alice, bob], {"variant": "two", "target": 1000}, game="pinochle")
    rnd = play_one_hand(table)
    assert Match.objects.get(table=table).status == Match.Status.PLAYING
    truth = replay_steps(rnd.state)
    drawn = [d for s in truth for d in s["draws"]]
    assert len(drawn) == 24 and drawn[-1]["turn_up"] and sum(d["turn_up"] for d in drawn) == 1
    for step in truth:  # the winner draws first, then the other seat
        if step["draws"]:
            assert [d["seat"] for d in step["draws"]] == [step["seat"], 1 - step["seat"]]
    pages = {0: _page(client_for(alice, "en"), rnd), 1: _page(client_for(bob, "ar"), rnd)}
    pages[None] = _page(client_for(carol, "en"), rnd)
    for viewer, page in pages.items():
        _check_seen_by(replay_data(page)["steps"], truth, viewer)
        assert 'data-testid="hidden-draws"' in page
    spectator = [d for s in replay_data(pages[None])["steps"] for d in s["draws"]]
    assert [d["card"] for d in spectator if not d["turn_up"]] == [None] * 23
    own = [d for s in replay_data(pages[0])["steps"] for d in s["draws"] if d["seat"] == 0]
    assert own == [d for d in drawn if d["seat"] == 0] and all(d["card"] for d in own)


def test_after_the_match_the_replay_shows_every_draw(alice, bob, client_for):
    table = start_table([alice, bob], {"variant": "two", "target": 10}, game="pinochle")
    match = play_to_the_end(table)
    assert match.status == Match.Status.FINISHED
    rnd = match.rounds.order_by("number").first()
    assert rnd is not None
    page = _page(client_for(bob, "en"), rnd)
    steps = replay_data(page)["steps"]
    assert [s["draws"] for s in steps] == [s["draws"] for s in replay_steps(rnd.state)]
    assert all(d["card"] for s in steps for d in s["draws"])
    assert all(c is not None for s in steps for h in s["hands"] for c in h)
    assert 'data-testid="hidden-draws"' not in page
