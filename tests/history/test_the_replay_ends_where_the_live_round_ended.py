import json
import re

import pytest

from games.banakil.cards import sort_cards
from games.history import replay_steps

pytestmark = pytest.mark.django_db


def test_every_round_replays_to_the_live_rounds_final_state(played_match):
    for rnd in played_match.rounds.order_by("number"):
        live = rnd.engine()
        steps = replay_steps(rnd)
        assert len(steps) == len(live.actions) + 1
        last, view = steps[-1], live.view(None)
        assert last["hands"] == [sort_cards(h.elements()) for h in live.hands]
        assert last["result"] == view["result"] == rnd.result
        assert last["melds"] == [
            {k: m[k] for k in ("id", "owner", "team", "kind", "cards", "points")}
            for m in view["melds"]
        ]
        for key in ("pile_top", "pile_size", "stock_size", "restocks", "turn", "phase"):
            assert last[key] == view[key], key


def test_the_first_step_is_the_deal_with_every_hand(played_match):
    rnd = played_match.rounds.order_by("number").first()
    first = replay_steps(rnd)[0]
    dealt = rnd.engine().dealt_hands()
    assert first["hands"] == [sort_cards(h) for h in dealt]
    assert first["action"] is None and first["pile_size"] == 0


def test_the_replay_page_carries_the_steps_and_a_verify_link(played_match, client_for, bob):
    rnd = played_match.rounds.order_by("number").first()
    page = client_for(bob, "en").get(f"/history/rounds/{rnd.pk}/replay/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f"/verify/{rnd.pk}/" in text
    data = json.loads(re.search(r'id="replay-data"[^>]*>(.*?)</script>', text, re.S).group(1))
    assert len(data["steps"]) == rnd.action_count + 1
    assert data["steps"][-1]["result"]["team_points"] == rnd.result["team_points"]
