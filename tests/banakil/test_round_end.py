"""docs/rules/banakil.md: going out ("If your hand becomes empty ... you have gone out at once") and
the round's end: nothing more may be played, and ``result`` says how it ended."""

import pytest

from .helpers import deal, layoff, meld, refused, throw

NAZLA_HAND = "AS AH AD 3S 3H 3D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC KD"


def ended_round():
    r = deal({0: NAZLA_HAND})
    meld(r, 0, "AS AH AD AC")
    meld(r, 0, "3S 3H 3D 3C")
    meld(r, 0, "4C 5C 6C 7C 8C 9C TC JC QC KC")
    throw(r, 0, "KD")
    return r


def test_the_result_is_none_while_the_round_is_played():
    r = deal({0: NAZLA_HAND})
    assert r.result is None
    meld(r, 0, "AS AH AD AC")
    assert r.result is None


def test_throwing_the_last_card_goes_out():
    r = ended_round()
    assert r.result["reason"] == "out_by_throw"
    assert r.result["out_seat"] == 0
    assert r.view(None)["hand_counts"][0] == 0


def test_laying_the_last_card_down_goes_out_at_once_with_no_throw():
    r = deal({0: NAZLA_HAND.replace("KD", "2D")})
    meld(r, 0, "AS AH AD")
    meld(r, 0, "3S 3H 3D 3C")
    meld(r, 0, "4C 5C 6C 7C 8C 9C TC JC QC KC")
    layoff(r, 0, 1, "AC")
    assert r.result is None
    layoff(r, 0, 3, "2D", end="high")
    assert r.result["reason"] == "out_by_laying_down"
    assert r.result["out_seat"] == 0
    assert r.view(None)["turn"] == 0  # the turn did not pass: the round is over


@pytest.mark.parametrize(
    "seat,action",
    [
        (1, {"type": "draw", "from": "stock"}),
        (1, {"type": "draw", "from": "pile"}),
        (0, {"type": "throw", "card": "AS"}),
        (1, {"type": "throw", "card": "4S"}),
        (2, {"type": "meld", "cards": ["4S", "5S", "6S"]}),
        (0, {"type": "layoff", "meld": 3, "cards": ["AC"], "end": "high"}),
        (0, {"type": "swap", "meld": 1, "card": "AC"}),
    ],
)
def test_acting_after_the_round_ended_is_refused(seat, action):
    r = ended_round()
    refused(r, seat, action, "round_over")


def test_the_result_has_the_keys_the_rules_name():
    res = ended_round().result
    assert {"team_points", "out_seat", "nazla", "reason"} <= set(res)
    assert len(res["team_points"]) == 2
