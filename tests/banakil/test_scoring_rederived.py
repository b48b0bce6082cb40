"""Scoring re-derived from docs/rules/banakil.md, "Going out and scoring", for whole bot-played
rounds.

The hands are tracked here from the deck and the actions, the melds' owners from the order they
were laid, and the «نزلة وحدة» conditions from the out seat's turns; the engine's result must
match: team points, out seat, nazla and reason."""

import random
from collections import Counter
from decimal import Decimal

from games.banakil import CANONICAL_DECK, Options, Round, bots, card_points


def pts(cards):
    return sum((card_points(c) for c in cards), Decimal(0))


def play_and_track(options, dealer, deck, limit=2000):
    r = Round.deal(options, dealer=dealer, deck=deck)
    n = options.players
    starter = (dealer + 1) % n
    hands = {}
    pos = 0
    for k in range(n):
        seat = (starter + k) % n
        size = 19 if k == 0 else 18
        hands[seat] = Counter(deck[pos : pos + size])
        pos += size
    owners = []  # meld id - 1 -> seat
    turns = []  # [(seat, [actions])]
    for _ in range(limit):
        if r.result is not None:
            break
        seat = r.view(None)["turn"]
        action = bots.next_action(r.view(seat))
        out = r.apply(seat, action)
        if not turns or turns[-1][0] != seat or turns[-1][1][-1]["type"] == "throw":
            turns.append((seat, []))
        turns[-1][1].append(action)
        kind = action["type"]
        if kind == "draw" and out is not None:
            hands[seat][out] += 1
        elif kind == "meld":
            hands[seat].subtract(action["cards"])
            owners.append(seat)
            assert out == len(owners)
        elif kind == "layoff":
            hands[seat].subtract(action["cards"])
        elif kind == "swap":
            hands[seat][action["card"]] -= 1
            hands[seat]["JK"] += 1
        elif kind == "throw":
            hands[seat][action["card"]] -= 1
    return r, hands, owners, turns


def expected(options, r, hands, owners, turns):
    n = options.players
    melds = r.view(None)["melds"]
    for m in melds:
        assert m["owner"] == owners[m["id"] - 1]
    meld_points = [Decimal(0), Decimal(0)]
    for m in melds:
        meld_points[m["owner"] % 2] += pts(m["cards"])
    hand_points = {s: pts((+hands[s]).elements()) for s in range(n)}
    team_hands = [sum(hand_points[s] for s in range(n) if s % 2 == t) for t in (0, 1)]
    out_seat = next((s for s in range(n) if not +hands[s]), None)
    if out_seat is None:
        return [meld_points[t] - team_hands[t] for t in (0, 1)], None, False, "exhausted"
    team, other = out_seat % 2, 1 - out_seat % 2
    last_seat, last = turns[-1]
    assert last_seat == out_seat
    reason = "out_by_throw" if last[-1]["type"] == "throw" else "out_by_laying_down"
    earlier = [a for s, acts in turns[:-1] if s == out_seat for a in acts]
    melded_before = any(a["type"] == "meld" for a in earlier)
    partner = (out_seat + 2) % 4 if n == 4 else None
    touched = any(
        a["type"] in ("layoff", "swap") and owners[a["meld"] - 1] == partner for a in last
    )
    nazla = (
        not melded_before
        and not touched
        and (reason == "out_by_laying_down" or options.nazla_final_throw)
    )
    partner_hand = hand_points[partner] if partner is not None else Decimal(0)
    points = [Decimal(0), Decimal(0)]
    if nazla:
        other_melded = any(m["owner"] % 2 == other for m in melds)
        bonus = options.nazla_bonus if other_melded else options.nazla_bonus_no_melds
        points[team] = bonus + meld_points[team] - partner_hand
    else:
        points[team] = options.out_bonus + meld_points[team] - partner_hand
        points[other] = meld_points[other] - team_hands[other]
    return points, out_seat, nazla, reason


def check_rounds(count, seed, **options):
    rng = random.Random(seed)
    seen = Counter()
    for i in range(count):
        opts = Options(**options)
        deck = list(CANONICAL_DECK)
        rng.shuffle(deck)
        r, hands, owners, turns = play_and_track(opts, i % opts.players, deck)
        assert r.result is not None
        points, out_seat, nazla, reason = expected(opts, r, hands, owners, turns)
        res = r.result
        assert (res["team_points"], res["out_seat"], res["nazla"], res["reason"]) == (
            points,
            out_seat,
            nazla,
            reason,
        )
        seen[(reason, nazla)] += 1
    return seen


def test_four_player_rounds_score_as_the_rules_say():
    seen = check_rounds(30, seed=1, players=4)
    assert seen[("out_by_throw", False)] or seen[("out_by_laying_down", False)]


def test_one_against_one_rounds_score_as_the_rules_say():
    check_rounds(20, seed=2, players=2)


def test_rounds_score_as_the_rules_say_with_other_bonuses_and_no_nazla_final_throw():
    check_rounds(
        20,
        seed=3,
        players=4,
        out_bonus=25,
        nazla_bonus=40,
        nazla_bonus_no_melds=90,
        nazla_final_throw=False,
        partner_layoff_needs_own_meld=False,
    )
