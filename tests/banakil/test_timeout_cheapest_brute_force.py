"""The time-out's "cheapest legal use" of a card that must go down (docs/rules/banakil.md, "The
time-out move, precisely": fewest points put on the table, then fewest cards), against an exhaustive
reading of the usable clauses.

At every moment of bot-played rounds where a card is owed, the points and cards the time-out puts
down before its throw must equal the minimum found by brute force. A use through the partner's
melds counts the own meld that must be laid first; a swap counts the card swapped in and then the
joker's own use (the engine's reading)."""

import random
from decimal import Decimal
from itertools import combinations

from games.banakil import CANONICAL_DECK, Options, Round, bots, card_points, check_meld

from .test_pile_usable_brute_force import layoffs, minus, orders, plausible, wild


def pts(cards):
    return sum((card_points(c) for c in cards), Decimal(0))


def cheapest_meld(hand, sizes=(3, 4)):
    best = None
    for k in sizes:
        for combo in set(combinations(sorted(hand), k)):
            if plausible(combo) and orders(combo):
                cost = (pts(combo), k)
                best = cost if best is None or cost < best else best
    return best


def cheapest(card, hand, table, seat, has_meld, rule, swaps=True):
    """Minimum (points, cards) put down by a use of ``card`` (held in ``hand``), or None."""
    found = []
    others = minus(hand, [card])
    for k in (2, 3):
        for combo in set(combinations(sorted(others), k)):
            cards = [*combo, card]
            if plausible(cards) and orders(cards):
                found.append((pts(cards), len(cards)))
    for owner, cards, kind in table:
        own = owner == seat
        partner = owner != seat and owner % 2 == seat % 2
        if not (own or partner):
            continue
        for used in layoffs(card, others, cards, kind):
            block = (pts([card, *used]), 1 + len(used))
            if own or has_meld or not rule:
                found.append(block)
            else:
                first = cheapest_meld(minus(others, used))
                if first is not None:
                    found.append((block[0] + first[0], block[1] + first[1]))
    if swaps and not wild(card):
        for n, (owner, cards, kind) in enumerate(table):
            if owner % 2 != seat % 2 or "JK" not in cards:
                continue
            i = cards.index("JK")
            m = check_meld(cards)
            if kind == "run":
                if m.stands_for[i] != card or card[0] == "2":
                    continue
            else:
                reals = {c[1] for c in cards if not wild(c)}
                rank = next(c for c in cards if not wild(c))[0]
                if card[0] != rank or card[1] in reals:
                    continue
            swapped = list(cards)
            swapped[i] = card
            new_table = list(table)
            new_table[n] = (owner, swapped, kind)
            joker = cheapest("JK", [*others, "JK"], new_table, seat, has_meld, rule, swaps=False)
            if joker is not None:
                found.append((joker[0] + card_points(card), joker[1] + 1))
    return min(found) if found else None


def put_down(actions):
    cards = []
    for a in actions:
        if a["type"] == "swap":
            cards.append(a["card"])
        elif a["type"] in ("meld", "layoff"):
            cards.extend(a["cards"])
    return pts(cards), len(cards)


def test_the_time_out_puts_an_owed_card_down_at_the_least_cost_the_rules_allow():
    checked = 0
    wrong = []
    for seed in range(25):
        rng = random.Random(seed)
        for players, rule in ((4, True), (4, False), (2, True)):
            deck = list(CANONICAL_DECK)
            rng.shuffle(deck)
            opts = Options(players=players, partner_layoff_needs_own_meld=rule)
            r = Round.deal(opts, dealer=seed % players, deck=deck)
            for _ in range(400):
                if r.result is not None:
                    break
                seat = r.view(None)["turn"]
                v = r.view(seat)
                if v["must_go_down"] and v["phase"] == "play":
                    owed = v["must_go_down"][0]
                    table = [(m["owner"], m["cards"], m["kind"]) for m in v["melds"]]
                    want = cheapest(owed, v["hand"], table, seat, v["has_meld"][seat], rule)
                    actions = r.timeout_actions()
                    if actions and actions[-1]["type"] == "throw":
                        actions = actions[:-1]
                    got = put_down(actions)
                    checked += 1
                    if got != want:
                        wrong.append((owed, v["hand"], table, "rules:", want, "engine:", actions))
                r.apply(seat, bots.next_action(v))
    assert checked > 300
    assert not wrong, f"{len(wrong)} of {checked} time-outs put more down than needed: {wrong[:3]}"
