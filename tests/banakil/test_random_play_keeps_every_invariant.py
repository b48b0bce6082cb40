"""Property tests: random deals, random legal play and the bot never break the round's invariants.

- the 106 cards are always all accounted for across hands, melds, pile and stock;
- every meld on the table is valid after every action;
- replaying the action log gives the same state;
- refused actions change nothing.
"""

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.banakil import CANONICAL_DECK, IllegalAction, Options, Round, bots, check_meld

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_ACTIONS = 600


def all_cards(r: Round) -> Counter:
    cards = Counter()
    for hand in r.hands:
        cards.update(hand.elements())
    for tm in r.melds:
        cards.update(tm.meld.cards)
    cards.update(r.pile)
    cards.update(r.stock)
    return cards


def snapshot(r: Round) -> str:
    views = [r.view(s) for s in range(r.players)] + [r.view(None)]
    return json.dumps([r.to_dict(), views], sort_keys=True)


def check_invariants(r: Round) -> None:
    assert all_cards(r) == Counter(CANONICAL_DECK)
    for tm in r.melds:
        assert check_meld(tm.meld.cards) == tm.meld


deals = st.tuples(
    st.binary(min_size=32, max_size=32).map(bytes.hex),
    st.sampled_from([2, 4]),
    st.integers(min_value=0, max_value=3),
)


def new_round(secret: str, players: int, dealer: int) -> Round:
    return Round.deal(Options(players=players), dealer % players, secret=secret)


@SETTINGS
@given(deal=deals, choices=st.randoms(use_true_random=False))
def test_random_legal_play_never_loses_invents_or_corrupts_a_card(deal, choices):
    r = new_round(*deal)
    while r.result is None and len(r.actions) < MAX_ACTIONS:
        r.apply(r.turn, choices.choice(r.legal_actions()))
        check_invariants(r)
    assert snapshot(Round.from_json(r.to_json())) == snapshot(r)


@SETTINGS
@given(deal=deals)
def test_the_bot_plays_whole_legal_rounds_that_replay_exactly(deal):
    r = new_round(*deal)
    while r.result is None:
        assert len(r.actions) < 2000, "a bot round should end"
        r.apply(r.turn, bots.next_action(r.view(r.turn)))
        check_invariants(r)
    assert r.result["reason"] in {"out_by_throw", "out_by_laying_down", "exhausted"}
    replayed = Round.replay(
        r.options, r.dealer, r.actions, secret=r.secret, client_seed=r.client_seed
    )
    assert snapshot(replayed) == snapshot(r)


junk_actions = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["draw", "throw", "swap", "dance"])}),
    st.fixed_dictionaries(
        {
            "type": st.just("meld"),
            "cards": st.lists(st.sampled_from(sorted(set(CANONICAL_DECK))), max_size=6),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("layoff"),
            "meld": st.integers(min_value=-1, max_value=6),
            "cards": st.lists(st.sampled_from(sorted(set(CANONICAL_DECK))), max_size=3),
            "end": st.sampled_from(["low", "high", "middle"]),
        }
    ),
    st.fixed_dictionaries(
        {"type": st.just("throw"), "card": st.sampled_from(sorted(set(CANONICAL_DECK)))}
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("swap"),
            "meld": st.integers(min_value=1, max_value=6),
            "card": st.sampled_from(sorted(set(CANONICAL_DECK))),
        }
    ),
    st.fixed_dictionaries(
        {"type": st.just("draw"), "from": st.sampled_from(["stock", "pile", "x"])}
    ),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


@SETTINGS
@given(deal=deals, seed=st.integers(0, 2**32), junk=st.lists(junk_actions, min_size=5, max_size=30))
def test_refused_actions_change_nothing(deal, seed, junk):
    r = new_round(*deal)
    rng = random.Random(seed)
    for action in junk:
        for _ in range(rng.randint(0, 12)):
            if r.result is not None:
                break
            r.apply(r.turn, bots.next_action(r.view(r.turn)))
        seat = rng.choice([r.turn, rng.randrange(r.players)])
        before = snapshot(r)
        try:
            r.apply(seat, action)
        except IllegalAction as refusal:
            assert refusal.code and str(refusal)
            assert snapshot(r) == before
        check_invariants(r)
