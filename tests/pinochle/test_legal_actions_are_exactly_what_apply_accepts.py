"""``legal_actions()`` as docs/rules/pinochle.md writes it ("Details"): one bid at the lowest
legal amount plus the pass; each suit that may be named; every distinct set of N cards, each
sorted; each distinct legal card. And it is exactly what ``apply`` accepts (random positions)."""

from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.pinochle import IllegalAction, Options, Round
from games.pinochle.cards import SORT_KEY

from .helpers import PLAY, auction, deal, trump


def test_bidding_lists_the_lowest_bid_and_the_pass_and_accepts_any_higher_amount():
    r = deal()
    assert r.legal_actions() == [{"type": "bid", "amount": 15}, {"type": "pass"}]
    assert r.view(0)["legal"] == r.legal_actions()
    assert all(r.view(s)["legal"] == [] for s in (1, 2, 3))
    r.apply(0, {"type": "bid", "amount": 400})
    assert r.legal_actions() == [{"type": "bid", "amount": 401}, {"type": "pass"}]


def test_every_distinct_set_of_cards_once_each_sorted():
    r = deal(PLAY, pass_cards=4)
    auction(r, 15, None, None, None)
    trump(r, 0, "H")
    hand = r.view(2)["hand"]  # TS KS QS JS JH JH 9H AD TD KD QD 9C
    legal = r.legal_actions()
    sets = [tuple(a["cards"]) for a in legal]
    assert len(sets) == len(set(sets))
    assert set(sets) == {tuple(sorted(c, key=SORT_KEY.__getitem__)) for c in combinations(hand, 4)}
    assert all(list(s) == sorted(s, key=SORT_KEY.__getitem__) for s in sets)
    # ten single cards and a pair of JH: C(10,4) + C(10,3) (one JH) + C(10,2) (both)
    assert len(sets) == 210 + 120 + 45


def test_a_three_handed_discard_lists_every_distinct_set_of_three_of_eighteen():
    r = Round.deal(Options(variant="three"), 2, secret="77" * 32)
    auction(r, 20, None, None)
    trump(r, 0, "S")
    hand = r.view(0)["hand"]
    expected = {tuple(sorted(c, key=SORT_KEY.__getitem__)) for c in combinations(hand, 3)}
    sets = [tuple(a["cards"]) for a in r.legal_actions()]
    assert len(sets) == len(expected) and set(sets) == expected


def test_play_lists_each_distinct_legal_card_once_in_hand_order():
    r = deal(PLAY)
    auction(r, 15, None, None, None)
    trump(r, 0, "H")
    assert r.legal_actions() == [
        {"type": "play", "card": c} for c in "AS TS KS AH 9H AD TD KD AC TC KC QC".split()
    ]
    r.apply(0, {"type": "play", "card": "QC"})
    assert [a["card"] for a in r.legal_actions()] == ["AC", "TC", "KC"]


def test_nothing_is_legal_once_the_hand_is_over():
    r = deal(all_pass="redeal")
    auction(r, None, None, None, None)
    assert r.legal_actions() == [] and all(r.view(s)["legal"] == [] for s in range(4))


def candidates(r: Round) -> list[dict]:
    """Every action worth trying now: each card held, every card set, bids around the low."""
    seat = r.turn
    hand = r.view(seat)["hand"]
    phase = r.view(None)["phase"]
    if phase == "play":
        return [{"type": "play", "card": c} for c in dict.fromkeys(hand)]
    if phase == "trump":
        return [{"type": "trump", "suit": s} for s in "SHDC"]
    if phase == "bidding":
        low = r.lowest_bid() or 1000
        return [{"type": "pass"}] + [{"type": "bid", "amount": a} for a in range(low - 2, low + 7)]
    n = 3 if phase == "discard" else r.options.pass_cards
    kind = "discard" if phase == "discard" else "pass_cards"
    return [{"type": kind, "cards": list(c)} for c in dict.fromkeys(combinations(hand, n))]


def accepted(r: Round, action: dict) -> bool:
    try:
        r.copy().apply(r.turn, action)
    except IllegalAction:
        return False
    return True


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(
        [
            Options(),
            Options(variant="double", must_beat="trump_lead", first_lead_trump=True),
            Options(variant="three", trump_needs_marriage=True),
            Options(pass_cards=2, must_beat="none", all_pass="redeal"),
        ]
    ),
    st.binary(min_size=32, max_size=32).map(bytes.hex),
    st.randoms(use_true_random=False),
)
def test_legal_actions_are_exactly_the_accepted_actions(options, secret, rng):
    r = Round.deal(options, rng.randrange(options.players), secret=secret)
    while r.turn is not None:
        legal = r.legal_actions()
        phase = r.view(None)["phase"]
        tried = candidates(r)
        ok = [a for a in tried if accepted(r, a)]
        if phase == "bidding":
            assert legal[0] in ok or legal == [{"type": "pass"}]
            assert [a for a in ok if a["type"] == "pass"] == [
                a for a in legal if a["type"] == "pass"
            ]
            low = r.lowest_bid()
            assert all(a["amount"] >= low for a in ok if a["type"] == "bid")
        else:
            assert ok == legal
        r.apply(r.turn, rng.choice(legal))
