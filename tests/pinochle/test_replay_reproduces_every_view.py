"""A round is its deal + options + dealer + accepted actions: ``Round.from_json(r.to_json())``
gives the same round exactly, at every step, for random play and bot hands in every variant."""

import json
import random

import pytest

from games.pinochle import Options, Round, bots

from .helpers import PLAY, deal, snapshot

VARIANTS = [
    Options(),
    Options(pass_cards=4, first_lead_trump=True),
    Options(variant="double", pass_cards=2),
    Options(variant="double", must_beat="trump_lead", save_meld="off"),
    Options(variant="three"),
    Options(variant="three", all_pass="redeal", first_lead="eldest"),
    Options(roundhouse_bonus=True, trump_needs_marriage=True, nines_redeal="five_no_ace"),
    Options(variant="cutthroat"),
    Options(variant="six"),
    Options(variant="eight", pass_cards=3),
]


def same(a: Round, b: Round) -> None:
    assert snapshot(a) == snapshot(b)
    assert a.to_json() == b.to_json()
    assert a.result == b.result and a.actions == b.actions and a.turn_no == b.turn_no


@pytest.mark.parametrize("options", VARIANTS)
def test_random_play_replays_exactly_at_every_step(options):
    rng = random.Random(7)
    for k in range(4):
        r = Round.deal(options, k % options.players, secret=f"{k + 40:064x}", client_seed="x|y")
        while r.turn is not None:
            same(Round.from_json(r.to_json()), r)
            r.apply(r.turn, rng.choice(r.legal_actions()))
        same(Round.from_json(r.to_json()), r)


@pytest.mark.parametrize("options", VARIANTS)
def test_bot_hands_replay_exactly(options):
    for k in range(6):
        r = Round.deal(options, k % options.players, secret=f"{k + 900:064x}")
        while r.turn is not None:
            r.apply(r.turn, bots.next_action(r.view(r.turn)))
        same(Round.from_json(r.to_json()), r)
        same(Round.from_json(r.to_dict()), r)
        same(Round.from_json(json.loads(r.to_json())), r)


def test_a_round_dealt_from_a_deck_replays_from_its_deck():
    r = deal(PLAY)
    r.apply(0, {"type": "bid", "amount": 15})
    d = r.to_dict()
    assert "deck" in d and "secret" not in d and len(d["deck"]) == 48
    same(Round.from_json(r.to_json()), r)


def test_a_fair_round_stores_its_secret_and_seed_not_its_deck():
    r = Round.deal(Options(), 0, secret="5a" * 32, client_seed="p|q|r|s")
    d = r.to_dict()
    assert d["secret"] == "5a" * 32 and d["client_seed"] == "p|q|r|s" and "deck" not in d
    assert d["game"] == "pinochle" and d["options"] == Options().to_dict()


def test_to_json_is_deterministic_and_plain_json():
    r = Round.deal(Options(variant="three"), 2, secret="5b" * 32)
    for _ in range(10):
        r.apply(r.turn, bots.next_action(r.view(r.turn)))
    text = r.to_json()
    assert text == r.to_json() == Round.from_json(text).to_json()
    assert json.loads(text)["actions"] == [[s, a] for s, a in r.actions]


def test_the_action_log_keeps_a_clean_copy_of_each_accepted_action():
    r = deal(PLAY, pass_cards=2)
    action = {"type": "bid", "amount": 15}
    r.apply(0, action)
    action["amount"] = 99  # the caller's dict changes later: the log does not
    assert r.actions == [(0, {"type": "bid", "amount": 15})]
    cards = ["JH", "JH"]
    for seat in (1, 2, 3):
        r.apply(seat, {"type": "pass"})
    r.apply(0, {"type": "trump", "suit": "H"})
    r.apply(2, {"type": "pass_cards", "cards": cards})
    cards.append("X")
    assert r.actions[-1] == (2, {"type": "pass_cards", "cards": ["JH", "JH"]})


def test_a_replayed_round_goes_on_like_the_original():
    a = Round.deal(Options(pass_cards=3), 1, secret="6c" * 32)
    for _ in range(8):
        a.apply(a.turn, bots.next_action(a.view(a.turn)))
    b = Round.from_json(a.to_json())
    while a.turn is not None:
        action = bots.next_action(a.view(a.turn))
        assert bots.next_action(b.view(b.turn)) == action
        assert a.apply(a.turn, action) == b.apply(b.turn, action)
    same(a, b)


def test_copy_is_independent():
    a = Round.deal(Options(), 1, secret="6d" * 32)
    b = a.copy()
    b.apply(b.turn, b.legal_actions()[0])
    assert a.turn_no == 0 and b.turn_no == 1
    same(a, Round.deal(Options(), 1, secret="6d" * 32))
