"""§21.5-6: a hand with the kitty, a concession or check Pinochle comes back exactly from its
JSON and from a replay of its actions (every view, the result), its replay board steps through
the give-out and the concession, and another seat learns how many kitty cards were given, not
which."""

import json

from games.pinochle import Match, Options, Round
from games.pinochle.pages import public_action, replay_steps

from .helpers import auction, trump
from .kitty_helpers import kitty_round
from .test_a_kitty_dealt_out_gives_each_seat_one_card import GIVEN, HANDS, KITTY


def views(r: Round) -> str:
    return json.dumps([r.view(s) for s in [None, *range(r.players)]], sort_keys=True)


def conceded() -> Round:
    r = kitty_round(HANDS, KITTY, kitty="deal_out", concede=True, pinochling=True)
    auction(r, 30, None, None, None)
    r.apply(0, {"type": "give_kitty", "cards": GIVEN})
    trump(r, 0, "S")
    r.apply(0, {"type": "concede"})
    return r


def test_json_and_replay_rebuild_every_state_of_a_conceded_kitty_hand():
    r = conceded()
    for n in range(len(r.actions) + 1):
        part = Round.replay(r.options, r.dealer, r.actions[:n], deck=r.deck)
        back = Round.from_json(part.to_json())
        assert back.to_json() == part.to_json() and views(back) == views(part)
    assert Round.from_json(r.to_json()).result == r.result
    m = Match(r.options, 3)
    m.record(r)
    assert Match.from_json(m.to_json()).to_json() == m.to_json()


def test_the_replay_board_steps_through_the_give_out_and_the_concession():
    r = conceded()
    steps = replay_steps(json.loads(r.to_json()))
    assert [s["action"]["type"] for s in steps[1:]] == [
        "bid", "pass", "pass", "pass", "give_kitty", "trump", "concede",
    ]  # fmt: skip
    assert steps[-1]["view"]["result"]["reason"] == "conceded"
    assert public_action({"type": "give_kitty", "cards": GIVEN}) == {
        "type": "give_kitty",
        "count": 4,
    }


def test_a_check_pinochle_hand_comes_back_with_its_checks():
    r = Round.deal(Options(variant="three", checks=True, concede=True), 1, secret="ab" * 32)
    while r.turn is not None:
        r.apply(r.turn, r.timeout_actions()[0])
    back = Round.replay(r.options, r.dealer, r.actions, secret=r.secret, client_seed=r.client_seed)
    assert r.result["reason"] in ("played", "conceded")
    assert back.result == r.result and "check_events" in back.result
