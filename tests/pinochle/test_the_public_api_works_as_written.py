"""The engine's API exactly as docs/rules/pinochle.md ("The engine's API") writes it.

Also a plain script: ``.venv/bin/python tests/pinochle/test_the_public_api_works_as_written.py``
runs every check and prints what it did.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.pinochle import (  # noqa: E402
    IllegalAction,
    InvalidOptions,
    Match,
    Options,
    Round,
    bots,
    meld_of,
)

SECRET = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"


def test_options_default_to_the_single_deck():
    o = Options()
    assert o.variant == "single" and o.players == 4
    assert (o.target, o.min_bid, o.save_meld) == (150, 15, "trick")


def test_a_round_deals_from_a_secret_and_a_client_seed_and_takes_a_bid():
    o = Options()
    r = Round.deal(o, dealer=3, secret=SECRET, client_seed="a|b|c|d")
    assert r.turn == 0 and r.view(None)["phase"] == "bidding"
    assert r.apply(r.turn, {"type": "bid", "amount": 16}) is None
    assert r.view(None)["high_bid"] == 16


def test_a_round_deals_from_a_deck_of_48_codes():
    from games.pinochle import CANONICAL_SINGLE

    r = Round.deal(Options(), dealer=3, deck=list(CANONICAL_SINGLE))
    # seat 0, the eldest, takes deck[0:3], [12:15], [24:27], [36:39]; hands show sorted
    assert r.view(0)["hand"] == "AS AS TS TS 9S 9S AD AD TD TD 9D 9D".split()


def test_an_illegal_action_raises_illegal_action_with_a_code_and_a_message():
    r = Round.deal(Options(), dealer=3, secret=SECRET, client_seed="a|b|c|d")
    try:
        r.apply(r.turn, {"type": "bid", "amount": 3})
    except IllegalAction as e:
        assert e.code == "bid_too_low" and e.message and isinstance(e, ValueError)
    else:
        raise AssertionError("a bid of 3 was accepted")


def test_views_legal_actions_timeout_actions_result_and_over():
    r = Round.deal(Options(), dealer=3, secret=SECRET, client_seed="a|b|c|d")
    mine, public = r.view(r.turn), r.view(None)
    assert "hand" in mine and "hand" not in public and "legal" not in public
    assert r.legal_actions() == mine["legal"]
    assert r.legal_actions() == [{"type": "bid", "amount": 15}, {"type": "pass"}]
    assert r.timeout_actions() == [{"type": "pass"}]
    assert r.result is None and r.over is False
    json.dumps([mine, public])


def test_a_round_survives_json_exactly():
    r = Round.deal(Options(), dealer=3, secret=SECRET, client_seed="a|b|c|d")
    for _ in range(20):
        r.apply(r.turn, bots.next_action(r.view(r.turn)))
    again = Round.from_json(r.to_json())
    assert again.to_json() == r.to_json()
    assert all(again.view(s) == r.view(s) for s in (0, 1, 2, 3, None))


def test_meld_of_returns_points_and_named_melds():
    points, melds = meld_of(["KS", "QS", "AS", "TS", "JS", "QS", "JD"], trump="S")
    assert points == 15 + 4
    assert melds == [
        {"name": "run", "cards": ["AS", "TS", "KS", "QS", "JS"], "points": 15},
        {"name": "pinochle", "cards": ["QS", "JD"], "points": 4},
    ]
    assert meld_of(["KH", "QH"], trump="S", variant="single", roundhouse_bonus=False) == (
        2,
        [{"name": "marriage", "cards": ["KH", "QH"], "points": 2}],
    )


def test_a_match_draws_its_dealer_deals_records_and_ends():
    o = Options(target=10)
    m = Match.from_draw(o, SECRET, "a|b|c|d")
    assert m.dealer in range(4) and m.totals == [0, 0] and not m.over and m.winner is None
    while not m.over:
        r = m.deal(secret=SECRET, client_seed="a|b|c|d")
        while not r.over:
            r.apply(r.turn, bots.next_action(r.view(r.turn)))
        m.record(r)
    assert m.winner in (0, 1)


def test_bad_options_raise_invalid_options_a_value_error():
    try:
        Options(variant="five")
    except InvalidOptions as e:
        assert isinstance(e, ValueError) and e.code == "bad_option"
    else:
        raise AssertionError("variant five was accepted")


if __name__ == "__main__":
    tests = [(name, f) for name, f in sorted(globals().items()) if name.startswith("test_")]
    for name, f in tests:
        f()
        print("ok", name)
    o = Options()
    r = Round.deal(o, dealer=3, secret=SECRET, client_seed="a|b|c|d")
    print("dealt; seat 0 holds", " ".join(r.view(0)["hand"]), "; legal:", r.legal_actions())
    while not r.over:
        r.apply(r.turn, bots.next_action(r.view(r.turn)))
    res = r.result
    assert res is not None
    print(
        f"bots played the hand in {r.turn_no} actions: declarer {res['declarer']} at "
        f"{res['contract']} in {res['trump']}, made {res['made']}, meld {res['meld']}, "
        f"counters {res['counters']}, points {res['team_points']}"
    )
    print(f"{len(tests)} checks passed")
