"""Two-handed views (§14.9, §21.4): the stock and the other seat's hand are never shown, each
draw is seen only by its drawer (in its hand), the tables and the declarations are public. An
audit over random legal play: every card code a view names is public or the seat's own."""

import json
import random
import re

from games.pinochle import Options, Round

from .two_helpers import DEALER

CODE = re.compile(r'"([AKQJT9][SHDC])"')
TWO_KEYS = {"table", "turn_up", "stock_count", "stage", "meld_log", "melds", "meld_totals"}


def _codes(view: dict) -> set[str]:
    return set(CODE.findall(json.dumps(view)))


def _public(r: Round, seen: set[str]) -> set[str]:
    v = r.view(None)
    seen |= {p["card"] for t in v["tricks_played"] for p in t}
    seen |= {p["card"] for p in v["trick"]}
    seen |= {c for e in v["meld_log"] for c in e["cards"]}
    seen |= {t["card"] for table in v["table"] for t in table}
    if v["turn_up"]:
        seen.add(v["turn_up"])
    return seen


def test_random_play_never_shows_a_hidden_card():
    rng = random.Random(34)
    for n in range(24):
        o = Options(variant="two", two_trump=("turn_up", "auction")[n % 2])
        r = Round.deal(o, n % 2, secret=f"{n + 1:064x}")
        seen: set[str] = set()
        while True:
            seen = _public(r, seen)
            public = r.view(None)
            assert "hand" not in public and "legal" not in public
            assert TWO_KEYS <= set(public)
            assert _codes(public) <= seen, _codes(public) - seen
            for seat in (0, 1):
                v = r.view(seat)
                assert v["hand"] == r.hands[seat]
                assert v["hand_counts"] == [len(h) for h in r.hands]
                assert _codes(v) <= seen | set(r.hands[seat])
                assert {k: v[k] for k in TWO_KEYS} == {k: public[k] for k in TWO_KEYS}
            if r.turn is None:
                break
            r.apply(r.turn, rng.choice(r.legal_actions()))


def test_a_draw_is_in_the_drawers_hand_only():
    r = Round.deal(Options(variant="two"), DEALER, secret=f"{7:064x}")
    r.apply(0, r.legal_actions()[0])
    r.apply(1, r.legal_actions()[0])
    winner = r.turn
    assert winner is not None
    stock = list(r.deck[25:27])
    r.apply(winner, {"type": "pass"})
    assert stock[0] in r.view(winner)["hand"] and stock[1] in r.view(1 - winner)["hand"]
    assert r.view(None)["stock_count"] == 22
    # the other seat's view holds no hand of the drawer: only counts
    other = r.view(1 - winner)
    assert other["hand_counts"][winner] == 12 and "hands" not in other
