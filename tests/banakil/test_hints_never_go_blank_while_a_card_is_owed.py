"""Issue 13, defect 1: after taking the pile card the prompt said "lay down K♥ before you throw"
but hints said there were none, although ``JH 2C KH`` was a legal meld. Hints took the best meld
set of the hand (``9S TS 2C QS KS`` needs the 2C) and then dropped every meld that would strand
the K♥. While a card must go down, hints now list its uses first (a meld holding it, lay-offs,
swaps), and those uses are legal.
"""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.banakil import Options, Round, hints

from .helpers import deal, draw, throw


def holds(action: dict, card: str) -> bool:
    return card in action.get("cards", ()) or action.get("card") == card


def test_hints_show_the_meld_of_the_pile_card_just_taken():
    r = deal({0: "KH", 1: "JH 2C 9S TS QS KS"})
    throw(r, 0, "KH")
    draw(r, 1, "pile")
    assert r.view(1)["must_go_down"] == ["KH"]
    assert {"type": "meld", "cards": ["JH", "2C", "KH"]} in r.legal_actions()
    shown = hints.hints(r.view(1))
    assert shown["melds"] == [["JH", "2C", "KH"]]  # it was [] before the fix
    assert shown["meld_points"] == "4"
    r.apply(1, {"type": "meld", "cards": shown["melds"][0]})
    assert r.view(1)["must_go_down"] == []


def test_hints_show_the_lay_off_of_the_pile_card_before_other_lay_offs():
    r = deal({0: "5H 6H 7H 4H AS", 1: "8H"}, players=2, dealer=1)
    r.apply(0, {"type": "meld", "cards": ["5H", "6H", "7H"]})
    throw(r, 0, "AS")
    draw(r, 1)
    throw(r, 1, "8H")
    draw(r, 0, "pile")
    shown = hints.hints(r.view(0))
    assert shown["layoffs"] == [
        {"type": "layoff", "meld": 1, "cards": ["8H"], "end": "high"},
        {"type": "layoff", "meld": 1, "cards": ["4H"], "end": "low"},
    ]


def test_hints_of_an_owed_card_whose_only_way_is_the_partners_meld():
    # seat 2 takes 4H for the partner's 5H 6H 7H; it needs a meld of its own first (9C TC JC)
    r = deal({0: "5H 6H 7H AS", 1: "4H", 2: "9C TC JC"})
    r.apply(0, {"type": "meld", "cards": ["5H", "6H", "7H"]})
    throw(r, 0, "AS")
    draw(r, 1)
    throw(r, 1, "4H")
    draw(r, 2, "pile")
    assert not any(holds(a, "4H") for a in r.legal_actions())  # no single action puts it down
    shown = hints.hints(r.view(2))
    assert shown["melds"][0] == ["9C", "TC", "JC"]
    # the lay-off is refused before a meld of one's own: it is hinted once the meld is down
    # (issue #35, item 13: it was hinted at once)
    assert shown["layoffs"] == []
    r.apply(2, {"type": "meld", "cards": shown["melds"][0]})
    shown = hints.hints(r.view(2))
    assert shown["layoffs"][0] == {"type": "layoff", "meld": 1, "cards": ["4H"], "end": "low"}
    r.apply(2, shown["layoffs"][0])
    assert r.view(2)["must_go_down"] == []


def check_owed_hints(r: Round, seen: Counter) -> None:
    """Whenever a card is owed: hints list a use of it if any legal action is one, uses first,
    and each listed use is legal now; with no single use, the two steps hinted are legal."""
    owed = r.owed
    if owed is None:
        return
    seat = r.turn
    seen["owed"] += 1
    shown = hints.hints(r.view(seat))
    legal_uses = [a for a in r.legal_actions() if holds(a, owed)]
    meld_uses = [{"type": "meld", "cards": m} for m in shown["melds"] if owed in m]
    other_uses = [a for a in shown["layoffs"] + shown["swaps"] if holds(a, owed)]
    if legal_uses:
        seen["with a use"] += 1
        assert meld_uses or other_uses, (owed, legal_uses, shown)
        if meld_uses:
            assert owed in shown["melds"][0]  # its meld first
        layoff_uses = [holds(a, owed) for a in shown["layoffs"]]
        assert layoff_uses == sorted(layoff_uses, reverse=True)  # its lay-offs first
        assert all(holds(a, owed) for a in shown["swaps"])
        for action in [*meld_uses[:1], *other_uses]:
            r.copy().apply(seat, action)  # each use hinted is legal now
    else:
        seen["two steps"] += 1
        assert shown["melds"], (owed, shown)
        probe = r.copy()
        probe.apply(seat, {"type": "meld", "cards": shown["melds"][0]})
        then = hints.hints(probe.view(seat))  # the lay-off is hinted once the meld is down
        assert then["layoffs"] and holds(then["layoffs"][0], owed), (owed, then)
        probe.apply(seat, then["layoffs"][0])
        assert probe.owed is None


def play(rng: random.Random, seen: Counter, max_actions: int = 400) -> None:
    """Random play that takes the pile card and jokers back whenever it may."""
    players = rng.choice([2, 4])
    options = Options(players=players, partner_layoff_needs_own_meld=rng.random() < 0.8)
    r = Round.deal(options, rng.randrange(players), secret=f"{rng.getrandbits(256):064x}")
    while r.result is None and len(r.actions) < max_actions:
        check_owed_hints(r, seen)
        actions = r.legal_actions()
        keen = [a for a in actions if a.get("from") == "pile" or a["type"] == "swap"]
        r.apply(r.turn, rng.choice(keen if keen and rng.random() < 0.8 else actions))


def test_whenever_a_card_is_owed_hints_list_a_use_of_it_over_seeded_random_play():
    rng = random.Random(13)
    seen: Counter = Counter()
    for _ in range(40):
        play(rng, seen)
    assert seen["with a use"] > 100, seen


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.randoms(use_true_random=False))
def test_whenever_a_card_is_owed_hints_list_a_use_of_it(choices):
    play(choices, Counter(), max_actions=250)
