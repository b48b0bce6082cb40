"""docs/rules/banakil.md, "Actions": only the action dicts of the table are accepted; anything else
is refused with a stable code and changes nothing."""

import pytest

from .helpers import deal, draw, meld, refused, throw


def state():
    """Seat 1 to play, after its draw; meld 1 (seat 1's 5H 6H 7H) on the table."""
    r = deal({0: "AS", 1: "5H 6H 7H 8H 4H KC"})
    throw(r, 0, "AS")
    draw(r, 1)
    meld(r, 1, "5H 6H 7H")
    return r


BAD = [
    (None, "bad_action"),
    ("throw KC", "bad_action"),
    (["throw", "KC"], "bad_action"),
    (42, "bad_action"),
    ({}, "bad_action"),
    ({"card": "KC"}, "bad_action"),
    ({"type": "pass"}, "bad_action"),
    ({"type": "THROW", "card": "KC"}, "bad_action"),
    ({"type": "throw"}, "bad_action"),
    ({"type": "throw", "card": 5}, "bad_action"),
    ({"type": "throw", "card": "kc "}, "bad_card"),
    ({"type": "throw", "card": "1C"}, "bad_card"),
    ({"type": "throw", "card": ["KC"]}, "bad_action"),
    ({"type": "throw", "card": "KC", "extra": 1}, "bad_action"),
    ({"type": "meld"}, "bad_action"),
    ({"type": "meld", "cards": "8H 9H TH"}, "bad_action"),
    ({"type": "meld", "cards": ["8H", None, "TH"]}, "bad_card"),
    ({"type": "meld", "cards": ["8H", "XX", "TH"]}, "bad_card"),
    ({"type": "layoff", "cards": ["8H"], "end": "high"}, "bad_action"),
    ({"type": "layoff", "meld": "1", "cards": ["8H"], "end": "high"}, "bad_action"),
    ({"type": "layoff", "meld": True, "cards": ["8H"], "end": "high"}, "bad_action"),
    ({"type": "layoff", "meld": 1.0, "cards": ["8H"], "end": "high"}, "bad_action"),
    ({"type": "layoff", "meld": 1, "end": "high"}, "bad_action"),
    ({"type": "layoff", "meld": 1, "cards": "8H", "end": "high"}, "bad_action"),
    ({"type": "layoff", "meld": 1, "cards": ["8H"], "end": "middle"}, "bad_action"),
    ({"type": "layoff", "meld": 1, "cards": ["8H"], "end": "HIGH"}, "bad_action"),
    ({"type": "layoff", "meld": 1, "cards": ["8H"], "banakil_to": "up"}, "bad_action"),
    (
        {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "high", "banakil_to": "low"},
        "bad_action",
    ),
    ({"type": "layoff", "meld": 1, "cards": ["8H"], "end": None}, "bad_action"),
    ({"type": "swap", "meld": 1}, "bad_action"),
    ({"type": "swap", "card": "6H"}, "bad_action"),
    ({"type": "swap", "meld": 1, "card": ["6H"]}, "bad_action"),
    ({"type": "draw", "from": "stock"}, "already_drawn"),  # drawn already
]


@pytest.mark.parametrize(("action", "code"), BAD, ids=[repr(a)[:40] for a, _code in BAD])
def test_a_malformed_action_is_refused_and_changes_nothing(action, code):
    r = state()
    refused(r, 1, action, code)


@pytest.mark.parametrize(
    "action",
    [
        {"type": "draw"},
        {"type": "draw", "from": "deck"},
        {"type": "draw", "from": None},
        {"type": "draw", "from": "stock", "card": "KC"},
        {"type": "draw", "from": ["pile"]},
    ],
)
def test_a_malformed_draw_is_refused_and_changes_nothing(action):
    r = deal({0: "AS"})
    throw(r, 0, "AS")
    refused(r, 1, action, "bad_action")


def test_an_unknown_meld_id_is_refused():
    r = state()
    refused(r, 1, {"type": "layoff", "meld": 2, "cards": ["8H"], "end": "high"}, "no_such_meld")
    refused(r, 1, {"type": "layoff", "meld": 0, "cards": ["8H"], "end": "high"}, "no_such_meld")
    refused(r, 1, {"type": "swap", "meld": 9, "card": "8H"}, "no_such_meld")


def test_an_action_from_a_seat_that_does_not_exist_is_refused():
    r = state()
    for seat in (4, -1, None, "1"):
        refused(r, seat, {"type": "throw", "card": "KC"}, "not_your_turn")


def test_a_well_formed_action_dict_is_not_changed_by_applying_it():
    r = state()
    action = {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "high"}
    copy = {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "high"}
    r.apply(1, action)
    assert action == copy
