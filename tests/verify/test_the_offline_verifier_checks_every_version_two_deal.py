"""tools/verify_round.py and the server's own check re-derive every version-2 Pinochle deal from
its secret: the spec's vectors (two-handed with its turn-up, cutthroat, the kitty, six- and
eight-handed) reproduce bit for bit, hands of every new deal played by the engine pass, and a
changed hand card, stock card, turn-up or kitty card fails with exit 1."""

import json

import pytest

from games.verification import check

from .pinochle_hands import SPEC_VECTORS, VERSION_TWO, random_hands, vector_hand
from .test_the_offline_verifier_fails_a_tampered_round import run


@pytest.mark.parametrize(("options", "first", "seat_0", "rest"), SPEC_VECTORS)
def test_the_spec_vectors_reproduce_offline(options, first, seat_0, rest, tmp_path):
    record = vector_hand(options)
    assert record["dealer"] == record["first_dealer"] == first
    done = run(record, tmp_path)
    assert done.returncode == 0, done.stdout
    assert f"PASS  hand of seat 1: {seat_0}\n" in done.stdout
    assert f"PASS  first dealer: derived seat {first + 1}, recorded seat {first + 1}" in done.stdout
    for name, cards in rest.items():
        assert f"PASS  {name.replace('_', '-')}: {cards}\n" in done.stdout
    assert all(ok for _name, ok in check(record))


@pytest.fixture(scope="module")
def hands() -> list[dict]:
    return random_hands(3402, 3 * len(VERSION_TWO), VERSION_TWO)


def test_hands_of_every_new_deal_pass_offline_and_on_the_server(hands, tmp_path):
    for record in hands:
        done = run(record, tmp_path)
        assert done.returncode == 0, done.stdout
        options = record["options"]
        items = {name for name, _ok in check(record)}
        if options["variant"] == "two":
            assert "PASS  stock: " in done.stdout and "stock" in items
            turn_up = options["two_trump"] == "turn_up"
            assert ("PASS  turn-up: " in done.stdout) is turn_up and ("turn-up" in items) is turn_up
            assert len(record["recorded"]["stock"]) == (23 if turn_up else 24)
        if options["kitty"] != "none":
            assert "PASS  kitty: " in done.stdout and "kitty" in items
            assert len(record["recorded"]["kitty"]) == 4
        assert all(ok for _name, ok in check(record))


def changed(record: dict, key: str, i: int = 0) -> dict:
    """The record with one card of ``recorded[key]`` (a hand: of seat 0) swapped for another."""
    out = json.loads(json.dumps(record))
    cards = out["recorded"]["hands"][0] if key == "hands" else out["recorded"][key]
    if isinstance(cards, str):
        out["recorded"][key] = "QS" if cards != "QS" else "JD"
        return out
    cards[i] = "QS" if cards[i] != "QS" else "JD"
    return out


@pytest.mark.parametrize(
    ("options", "key", "item"),
    [
        ({"variant": "two"}, "hands", "hand of seat 1"),
        ({"variant": "two"}, "stock", "stock"),
        ({"variant": "two"}, "turn_up", "turn-up"),
        ({"variant": "two", "two_trump": "auction"}, "stock", "stock"),
        ({"variant": "cutthroat"}, "hands", "hand of seat 1"),
        ({"variant": "six"}, "hands", "hand of seat 1"),
        ({"variant": "eight"}, "hands", "hand of seat 1"),
        ({"kitty": "declarer"}, "kitty", "kitty"),
        ({"kitty": "deal_out"}, "kitty", "kitty"),
    ],
)
def test_a_changed_card_fails_with_exit_1(options, key, item, tmp_path):
    record = vector_hand(options)
    bad = changed(record, key, 3 if key != "turn_up" else 0)
    done = run(bad, tmp_path)
    assert done.returncode == 1, done.stdout
    assert f"FAIL  {item}: " in done.stdout
    assert done.stdout.strip().splitlines()[-1].startswith("FAIL: round 1")
    assert not all(ok for _name, ok in check(bad))
