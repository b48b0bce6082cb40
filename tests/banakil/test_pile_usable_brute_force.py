"""The usable-card rule of docs/rules/banakil.md, checked against a plain exhaustive reading of its
clauses.

"A card is *usable* when some sequence of legal actions this turn puts it on the table: (a) a new
meld of it with cards from the hand; (b) a lay-off on a meld this seat may lay off on, possibly
after laying off other hand cards at the same end first, and counting the partner's melds if the
seat already has a meld this round or can lay one this turn from the hand cards that lay-off does
not use; (c) a joker swap in which it replaces a joker, when that joker is itself usable. Nothing
else counts."

The clauses are written out below by brute force over small subsets (no engine helper is used),
and compared with the engine's answer to a pile draw at every draw of bot-played rounds and of
random deals.
"""

import random
from itertools import combinations, permutations

from games.banakil import (
    CANONICAL_DECK,
    IllegalAction,
    InvalidMeld,
    Options,
    Round,
    bots,
    check_meld,
)

RANKS = "A23456789TJQK"


def wild(c):
    return c == "JK" or c[0] == "2"


def valid(cards):
    try:
        return check_meld(list(cards))
    except InvalidMeld:
        return None


def plausible(cards):
    reals = [c for c in cards if not wild(c)]
    return len(reals) >= 2 and (len({c[1] for c in reals}) == 1 or len({c[0] for c in reals}) == 1)


def orders(cards):
    for perm in set(permutations(cards)):
        if valid(perm):
            return True
    return False


def meld_with(card, hand):
    """(a): ``card`` and 2 or 3 hand cards make a meld (any meld holding it holds such a one)."""
    for k in (2, 3):
        for combo in set(combinations(sorted(hand), k)):
            cards = [*combo, card]
            if plausible(cards) and orders(cards):
                return True
    return False


def any_meld(hand):
    for k in (3, 4):
        for combo in set(combinations(sorted(hand), k)):
            if plausible(combo) and orders(combo):
                return True
    return False


def minus(hand, cards):
    out = list(hand)
    for c in cards:
        out.remove(c)
    return out


def layoffs(card, hand, cards, kind):
    """(b) on one meld: the hand cards each lay-off uses besides ``card`` (blocks at one end)."""
    if kind == "set":
        if valid([*cards, card]) is not None:
            yield []
        return
    suit = next(c[1] for c in cards if not wild(c))
    pool = [c for c in hand if wild(c) or c[1] == suit]
    for k in range(0, 4):
        for gap in set(permutations(pool, k)):
            if valid([card, *gap, *cards]):
                yield list(gap)
            if valid([*cards, *gap, card]):
                yield list(gap)
    if not wild(card):  # the real card taking a banakil's place, the banakil moving to an end
        m = check_meld(cards)
        for i, c in enumerate(cards):
            if c[0] == "2" and m.stands_for[i] == card:
                rest = list(cards)
                rest[i] = card
                if valid([c, *rest]) or valid([*rest, c]):
                    yield []


def usable(card, hand, table, seat, has_meld, partner_rule, swaps=True):
    """``hand`` holds ``card``; ``table`` is [(owner, cards, kind)]."""
    others = minus(hand, [card])
    if meld_with(card, others):
        return True
    for owner, cards, kind in table:
        own = owner == seat
        partner = owner != seat and owner % 2 == seat % 2
        if not (own or partner):
            continue
        for used in layoffs(card, others, cards, kind):
            if own or has_meld or not partner_rule:
                return True
            if any_meld(minus(others, used)):
                return True
    if not swaps or wild(card):
        return False
    for n, (owner, cards, kind) in enumerate(table):
        if owner % 2 != seat % 2 or "JK" not in cards:
            continue
        i = cards.index("JK")
        m = check_meld(cards)
        if kind == "run":
            if m.stands_for[i] != card or m.stands_for[i][0] == "2":
                continue
        else:
            reals = {c[1] for c in cards if not wild(c)}
            if card[0] != next(c for c in cards if not wild(c))[0] or card[1] in reals:
                continue
        swapped = list(cards)
        swapped[i] = card
        new_table = list(table)
        new_table[n] = (owner, swapped, kind)
        new_hand = [*others, "JK"]
        if usable("JK", new_hand, new_table, seat, has_meld, partner_rule, swaps=False):
            return True
    return False


def engine_takes(r, seat):
    try:
        r.copy().apply(seat, {"type": "draw", "from": "pile"})
        return True
    except IllegalAction as e:
        assert e.code == "pile_card_not_usable", e.code
        return False


def spec_takes(r, seat):
    v = r.view(seat)
    top = v["pile_top"]
    table = [(m["owner"], m["cards"], m["kind"]) for m in v["melds"]]
    hand = [*v["hand"], top]
    rule = v["options"]["partner_layoff_needs_own_meld"]
    return usable(top, hand, table, seat, v["has_meld"][seat], rule)


def compare_at_every_draw(r, limit=400):
    checked = 0
    for _ in range(limit):
        if r.result is not None:
            break
        seat = r.view(None)["turn"]
        v = r.view(seat)
        if v["phase"] == "draw" and v["pile_top"] is not None:
            assert engine_takes(r, seat) == spec_takes(r, seat), (
                v["hand"],
                v["pile_top"],
                v["melds"],
            )
            checked += 1
        r.apply(seat, bots.next_action(v))
    return checked


def test_on_an_empty_table_the_pile_card_may_be_taken_exactly_when_it_makes_a_new_meld():
    rng = random.Random(11)
    for _ in range(300):
        deck = list(CANONICAL_DECK)
        rng.shuffle(deck)
        r = Round.deal(Options(players=4), dealer=3, deck=deck)
        r.apply(0, {"type": "throw", "card": rng.choice(r.view(0)["hand"])})
        assert engine_takes(r, 1) == spec_takes(r, 1)


def test_the_pile_card_may_be_taken_exactly_when_the_clauses_of_the_rule_allow_it():
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        for players, rule in ((4, True), (4, False), (2, True)):
            deck = list(CANONICAL_DECK)
            rng.shuffle(deck)
            opts = Options(players=players, partner_layoff_needs_own_meld=rule)
            checked += compare_at_every_draw(Round.deal(opts, dealer=seed % players, deck=deck))
    assert checked > 200
