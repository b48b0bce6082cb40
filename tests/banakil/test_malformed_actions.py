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
    None,
    "throw KC",
    ["throw", "KC"],
    42,
    {},
    {"card": "KC"},
    {"type": "pass"},
    {"type": "THROW", "card": "KC"},
    {"type": "throw"},
    {"type": "throw", "card": 5},
    {"type": "throw", "card": "kc "},
    {"type": "throw", "card": "1C"},
    {"type": "throw", "card": ["KC"]},
    {"type": "throw", "card": "KC", "extra": 1},
    {"type": "meld"},
    {"type": "meld", "cards": "8H 9H TH"},
    {"type": "meld", "cards": ["8H", None, "TH"]},
    {"type": "meld", "cards": ["8H", "XX", "TH"]},
    {"type": "layoff", "cards": ["8H"], "end": "high"},
    {"type": "layoff", "meld": "1", "cards": ["8H"], "end": "high"},
    {"type": "layoff", "meld": True, "cards": ["8H"], "end": "high"},
    {"type": "layoff", "meld": 1.0, "cards": ["8H"], "end": "high"},
    {"type": "layoff", "meld": 1, "end": "high"},
    {"type": "layoff", "meld": 1, "cards": "8H", "end": "high"},
    {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "middle"},
    {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "HIGH"},
    {"type": "layoff", "meld": 1, "cards": ["8H"], "banakil_to": "up"},
    {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "high", "banakil_to": "low"},
    {"type": "layoff", "meld": 1, "cards": ["8H"], "end": None},
    {"type": "swap", "meld": 1},
    {"type": "swap", "card": "6H"},
    {"type": "swap", "meld": 1, "card": ["6H"]},
    {"type": "draw", "from": "stock"},  # drawn already
]


@pytest.mark.parametrize("action", BAD, ids=[repr(a)[:40] for a in BAD])
def test_a_malformed_action_is_refused_and_changes_nothing(action):
    r = state()
    refused(r, 1, action)


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
    refused(r, 1, action)


def test_an_unknown_meld_id_is_refused():
    r = state()
    refused(r, 1, {"type": "layoff", "meld": 2, "cards": ["8H"], "end": "high"}, "no_such_meld")
    refused(r, 1, {"type": "layoff", "meld": 0, "cards": ["8H"], "end": "high"}, "no_such_meld")
    refused(r, 1, {"type": "swap", "meld": 9, "card": "8H"}, "no_such_meld")


def test_an_action_from_a_seat_that_does_not_exist_is_refused():
    r = state()
    for seat in (4, -1, None, "1"):
        refused(r, seat, {"type": "throw", "card": "KC"})


def test_a_well_formed_action_dict_is_not_changed_by_applying_it():
    r = state()
    action = {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "high"}
    copy = {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "high"}
    r.apply(1, action)
    assert action == copy
