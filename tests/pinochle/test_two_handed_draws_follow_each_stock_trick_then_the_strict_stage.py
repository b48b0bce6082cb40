"""After each stock-stage trick (and its meld or pass) the winner draws first, then the other
seat; after trick 12 the winner takes the last face-down card and the other the turn-up; then
the table cards go back to the hands and the strict stage plays by §5 (follow, trump, beat)."""

from collections import Counter

from games.pinochle import Options, Round

from .helpers import refused
from .two_helpers import DEALER, meld, trick_to, two_round

SECRET = "0000000000000000000000000000000000000000000000000000000000000001"


def _hand(r: Round, seat: int) -> Counter[str]:
    return Counter(r.view(seat)["hand"])


def test_the_winner_draws_the_next_card_then_the_other_seat():
    r = two_round("AS 9S JS QS KS TS AD TD KD QD JD 9D", "", stock="AC 9C TC JC")
    trick_to(r, "9S")  # seat 0 wins
    before = [_hand(r, 0), _hand(r, 1)]
    r.apply(0, {"type": "pass"})
    assert _hand(r, 0) - before[0] == Counter(["AC"])
    assert _hand(r, 1) - before[1] == Counter(["9C"])
    assert r.view(None)["stock_count"] == 22 and r.view(None)["phase"] == "play"
    # now seat 1 wins (it trumps the lead): it draws first
    r.apply(0, {"type": "play", "card": "JS"})
    trump = next(c for c in r.view(1)["hand"] if c[1] == "H")
    assert r.apply(1, {"type": "play", "card": trump}) == 1
    before = [_hand(r, 0), _hand(r, 1)]
    r.apply(1, {"type": "pass"})
    assert _hand(r, 1) - before[1] == Counter(["TC"])
    assert _hand(r, 0) - before[0] == Counter(["JC"])
    assert r.turn == 1 and r.leader == 1


def test_the_last_draws_are_the_face_down_card_then_the_turn_up_and_the_tables_come_home():
    r = Round.deal(Options(variant="two"), DEALER, secret=SECRET, client_seed="")
    deck = r.deck
    melded = False
    while not (r.view(None)["phase"] == "meld" and r.view(None)["stock_count"] == 2):
        if r.phase == "meld":
            # any meld but the dix (its exchange would change the turn-up)
            melds = [a for a in r.legal_actions() if a["type"] == "meld" and len(a["cards"]) > 1]
            melded = melded or bool(melds)
            r.apply(r.turn, melds[0] if melds else {"type": "pass"})
        else:
            r.apply(r.turn, r.legal_actions()[0])
    assert melded, "this deal lets someone meld"
    v = r.view(None)
    assert len(v["tricks_played"]) == 12 and v["turn_up"] == deck[24]
    winner = r.turn
    assert winner is not None
    tables = [Counter(t["card"] for t in v["table"][s]) for s in (0, 1)]
    assert sum(map(len, tables))
    before = [_hand(r, 0), _hand(r, 1)]
    r.apply(winner, {"type": "pass"})
    after = r.view(None)
    assert after["stage"] == "strict" and after["stock_count"] == 0 and after["turn_up"] is None
    assert after["table"] == [[], []] and after["hand_counts"] == [12, 12]
    assert _hand(r, winner) - before[winner] == Counter([deck[47]]) + tables[winner]
    other = 1 - winner
    assert _hand(r, other) - before[other] == Counter([deck[24]]) + tables[other]
    assert r.turn == winner and after["phase"] == "play"
    assert all("from" not in a for a in r.legal_actions())


def test_the_strict_stage_keeps_follow_trump_and_beat_and_first_lead_trump_means_nothing():
    o = Options(variant="two", first_lead_trump=True)
    r = Round.deal(o, DEALER, secret=SECRET, client_seed="")
    # the first lead need not be a trump in two-handed
    hand = r.view(0)["hand"]
    plain = next(c for c in hand if c[1] != r.trump)
    r.apply(0, {"type": "play", "card": plain, "from": "hand"})
    # no duty to follow while the stock lasts: any card of the hand will do
    assert {a["card"] for a in r.legal_actions()} == set(r.view(1)["hand"])
    while r.view(None)["stage"] == "stock":
        r.apply(r.turn, r.legal_actions()[-1] if r.phase == "play" else {"type": "pass"})
    checked = 0
    while r.turn is not None:
        seat = r.turn
        hand = r.view(seat)["hand"]
        if r.trick:
            led = r.trick[0][1][1]
            if any(c[1] == led for c in hand):
                off = [c for c in hand if c[1] != led]
                if off:
                    refused(r, seat, {"type": "play", "card": off[0]}, "must_follow")
                    checked += 1
                assert all(a["card"][1] == led for a in r.legal_actions())
            refused(r, seat, {"type": "play", "card": hand[0], "from": "table"}, "not_in_hand")
        legal = r.legal_actions()
        r.apply(seat, {**legal[0], "from": "hand"})
    assert checked and r.result is not None
    assert sum(r.result["counters"]) == 25


def test_a_meld_after_trick_twelve_still_comes_before_the_last_draws():
    r = two_round("AS 9S JS QS KS TS AD TD KD QD JD 9D", "")
    while r.view(None)["stock_count"] > 2 or r.phase != "meld":
        r.apply(r.turn, r.legal_actions()[0] if r.phase == "play" else {"type": "pass"})
    assert len(r.played) == 12 and r.view(None)["stage"] == "stock"
    legal = r.legal_actions()
    if legal[0]["type"] == "meld":
        meld(r, " ".join(legal[0]["cards"]))
        assert r.view(None)["meld_log"][-1]["trick"] == 12
    else:
        r.apply(r.turn, {"type": "pass"})
    assert r.view(None)["stage"] == "strict"
