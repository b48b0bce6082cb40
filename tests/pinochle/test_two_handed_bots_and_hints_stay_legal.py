"""The baseline, easy and hard bots and the hints give a legal move in every state of two-handed
play (the hard bot plays the baseline's move in the stock stage and the auction, its exact
solver's card in the strict stage), with the turn-up and with an auction; the baseline declares
its best meld."""

from games.pinochle import Match, Options, bots, hints

from .two_helpers import trick_to, two_round


def test_every_bot_and_hint_is_legal_to_the_end_of_a_match():
    for n, two_trump in enumerate(("turn_up", "auction", "turn_up", "auction")):
        o = Options(variant="two", two_trump=two_trump)
        m = Match.from_draw(o, f"{n + 40:064x}", "")
        bot = (bots.next_action, bots.easy, bots.hard, bots.next_action)[n]
        hands = 0
        while not m.over:
            r = m.deal(secret=f"{100 * n + hands + 1:064x}")
            while r.turn is not None:
                v = r.view(r.turn)
                h = hints.hints(v)
                cards = {a["card"] for a in v["legal"] if a["type"] == "play"}
                assert set(h["legal_cards"]) == cards and len(h["legal_cards"]) == len(cards)
                if h["suggested_bid"] is not None:
                    assert {"type": "bid", "amount": h["suggested_bid"]} in v["legal"]
                move = bot(v)
                if bot is bots.hard and (v["stock_count"] or v["phase"] != "play"):
                    assert move == bots.next_action(v)
                assert move in v["legal"], (move, v["legal"])
                r.apply(r.turn, move)
            m.record(r)
            hands += 1
        assert m.winner in (0, 1)


def test_the_baseline_declares_its_best_meld_after_a_won_trick():
    r = two_round("AH KH QH JH TH QS JD QD QC 9S 9S JS", "9C 9C JC JC TC TC AC AC 9D 9D TD TD")
    trick_to(r, "9S")
    assert bots.next_action(r.view(0)) == {
        "type": "meld",
        "cards": ["AH", "TH", "KH", "QH", "JH"],
    }
