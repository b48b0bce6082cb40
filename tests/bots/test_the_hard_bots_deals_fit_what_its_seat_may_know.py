"""The hard bots search over deals that fit their seat's view and nothing else: every card they
deal to another seat is one the seat cannot see, in the counts the view shows, and no deal
depends on a hidden card (two rounds that differ only in what the seat cannot see give the same
deals)."""

from __future__ import annotations

import random
from collections import Counter

from games import banakil, pinochle
from games.banakil import search as banakil_search
from games.pinochle import search as pinochle_search
from games.pinochle.cards import DECK_COUNT, SUIT


def pinochle_views(options: pinochle.Options, hands: int = 3):
    """Every seat's view at every card-play turn of a few baseline hands, with the round."""
    for k in range(hands):
        r = pinochle.Round.deal(options, k % options.players, secret=f"{k + 5100:064x}")
        while r.turn is not None:
            if r.phase == "play":
                yield r, r.view(r.turn)
            r.apply(r.turn, pinochle.bots.next_action(r.view(r.turn)))


def test_pinochle_deals_hold_only_unseen_cards_in_the_counts_shown():
    for opts in ({"variant": "single", "pass_cards": 3}, {"variant": "three"}):
        options = pinochle.Options(**opts)
        for r, view in pinochle_views(options):
            seat = view["seat"]
            know = pinochle_search.Knowledge(view)
            seen = Counter(view["hand"])
            for t in [*view["tricks_played"], view["trick"]]:
                seen.update(p["card"] for p in (t if isinstance(t, list) else []))
            seen.update(view["discard"] or [])
            unseen = Counter(DECK_COUNT[options.variant])
            unseen.subtract(seen)
            rng = random.Random(7)
            for _ in range(5):
                others, hidden = know.deal(rng)
                dealt = Counter(hidden)
                for s, hand in others.items():
                    assert s != seat
                    assert len(hand) == view["hand_counts"][s]
                    dealt.update(hand)
                    # a seat that showed it lacks a suit is dealt none of it
                    assert not {SUIT[c] for c in hand} & know.voids[s]
                assert dealt == +unseen  # exactly the unseen cards, each once
                # what is certain stays where it is: a seat's shown meld it has not played yet
                for s, must in know.must.items():
                    assert not must - Counter(others[s])
            # the hand it deals from is the view's, never the round's other hands
            assert sorted(know.hand) == sorted(r.hands[seat])


def test_pinochle_deals_never_depend_on_a_hidden_card():
    options = pinochle.Options(variant="single")
    for r, view in pinochle_views(options, hands=1):
        if len(view["trick"]) != 1:
            continue
        seat = view["seat"]
        # another round: the same view, the other seats' hands swapped around
        other = r.copy()
        a, b = [s for s in range(4) if s != seat][:2]
        if len(r.hands[a]) != len(r.hands[b]) or sorted(r.hands[a]) == sorted(r.hands[b]):
            continue
        other.hands[a], other.hands[b] = r.hands[b][:], r.hands[a][:]
        changed = other.view(seat)
        assert changed == view  # the seat cannot tell the two rounds apart
        deals = [pinochle_search.Knowledge(v).deal(random.Random(3)) for v in (view, changed)]
        assert deals[0] == deals[1]
        assert pinochle.bots.hard(view, samples=4, budget_ms=10_000) == pinochle.bots.hard(
            changed, samples=4, budget_ms=10_000
        )
        return
    raise AssertionError("no position to try")


def test_banakil_deals_hold_only_unseen_cards_in_the_counts_shown():
    options = banakil.Options()
    r = banakil.Round.deal(options, 0, secret=f"{5200:064x}")
    checked = 0
    rng = random.Random(11)
    while r.result is None and checked < 40:
        seat = r.turn
        view = r.view(seat)
        unseen = banakil_search.hidden_cards(view)
        # the plain deal, and the one fitted to the other team's last throws
        for sample in (banakil_search.determinize(view, rng), banakil_search.deal(view, rng)):
            assert sample.hands[seat] == Counter(view["hand"])
            dealt: Counter[str] = Counter(sample.stock)
            dealt.update(sample.pile[:-1] if view["pile_top"] is not None else sample.pile)
            for s in range(4):
                assert sum(sample.hands[s].values()) == view["hand_counts"][s]
                if s != seat:
                    dealt.update(sample.hands[s])
            assert dealt == unseen
            assert len(sample.stock) == view["stock_size"] and len(sample.pile) == view["pile_size"]
            # the sample is a position the engine plays on: the seat's legal actions are the same
            assert sample.view(seat)["hand"] == view["hand"]
        r.apply(seat, banakil.bots.next_action(view))
        checked += 1
