"""Two-handed rounds and matches round-trip through JSON and replay exactly (every view at every
step), and random legal play reaches the end of whole matches, with the turn-up and with an
auction: counters always total 25, meld is what was declared."""

import random

from games.pinochle import Match, Options, Round

from .helpers import snapshot


def test_every_step_of_a_hand_replays_to_the_same_views_and_json():
    rng = random.Random(2)
    for two_trump in ("turn_up", "auction"):
        r = Round.deal(Options(variant="two", two_trump=two_trump), 0, secret=f"{99:064x}")
        while r.turn is not None:
            r.apply(r.turn, rng.choice(r.legal_actions()))
            again = Round.from_json(r.to_json())
            assert snapshot(again) == snapshot(r) and again.to_json() == r.to_json()
        copy = r.copy()
        assert snapshot(copy) == snapshot(r)
        replayed = Round.replay(r.options, r.dealer, r.actions, deck=r.deck)
        assert replayed.view(None) == r.view(None)


def test_random_legal_play_ends_whole_matches_with_both_ways_of_trump():
    rng = random.Random(5)
    for n, two_trump in enumerate(("turn_up", "auction") * 3):
        o = Options(variant="two", two_trump=two_trump, all_pass=("redeal", "dealer_stuck")[n % 2])
        m = Match.from_draw(o, f"{n + 1:064x}", "")
        hands = 0
        while not m.over:
            r = m.deal(secret=f"{1000 * n + hands + 1:064x}")
            while r.turn is not None:
                r.apply(r.turn, rng.choice(r.legal_actions()))
            res = r.result
            assert res is not None
            if res["reason"] == "played":
                assert sum(res["counters"]) == 25
                assert res["meld"] == r.view(None)["meld_totals"] == res["meld_counted"]
                log = r.view(None)["meld_log"]
                assert res["meld"] == [
                    sum(e["points"] for e in log if e["seat"] == s) for s in (0, 1)
                ]
            m.record(r)
            assert Match.from_json(m.to_json()).to_json() == m.to_json()
            hands += 1
            assert hands < 200
        assert m.winner in (0, 1) and max(m.totals) >= o.target or o.minus_target_loses
