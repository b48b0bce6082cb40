"""The bot's choices: it bids from its meld plus its tricks, names its best trump, passes trumps
to the declarer, wins tricks holding counters, feeds counters to its partner, ducks low."""

from games.pinochle import bots

from .helpers import OVER, PLAY, auction, deal, play, to_play, trump

STRONG = "AS AS TS KS QS JS 9S AH AD AC KH QH"  # a run, aces around, a marriage: 10 + 15 + 2 + 1
WEAK = "9S KS JH JH 9H 9D QD QD 9C JC JC QC"  # no meld, no ace, no ten


def test_a_strong_hand_bids_and_a_weak_hand_passes():
    r = deal({0: STRONG, 1: WEAK})
    assert bots.next_action(r.view(0)) == {"type": "bid", "amount": 15}
    r.apply(0, bots.next_action(r.view(0)))
    assert bots.next_action(r.view(1)) == {"type": "pass"}


def test_a_stuck_dealer_bids_the_minimum():
    r = deal({3: WEAK})
    auction(r, None, None, None)
    assert bots.next_action(r.view(3)) == {"type": "bid", "amount": 15}


def test_the_bot_does_not_bid_beyond_its_estimate():
    r = deal({0: STRONG})
    auction(r, 15, 200)
    r.apply(2, {"type": "pass"})
    r.apply(3, {"type": "pass"})
    assert bots.next_action(r.view(0)) == {"type": "pass"}


def test_the_bot_names_its_best_trump():
    r = deal({0: STRONG})
    auction(r, 15, None, None, None)
    assert bots.next_action(r.view(0)) == {"type": "trump", "suit": "S"}


def test_the_partner_passes_trumps_and_aces_and_the_declarer_returns_what_it_needs_least():
    r = deal(PLAY, pass_cards=3)
    auction(r, 15, None, None, None)
    trump(r, 0, "H")
    # seat 2: TS KS QS JS JH JH 9H AD TD KD QD 9C: its three hearts
    assert bots.next_action(r.view(2)) == {"type": "pass_cards", "cards": ["JH", "JH", "9H"]}
    r.apply(2, bots.next_action(r.view(2)))
    back = bots.next_action(r.view(0))["cards"]
    assert not any(c[1] == "H" for c in back) and not any(c[0] == "A" for c in back)


def test_the_bot_wins_a_trick_holding_counters_with_its_cheapest_winner():
    r = to_play(PLAY)
    play(r, 0, "KD")  # a counter; seat 1 is void in diamonds and must trump: TH or KH
    assert bots.next_action(r.view(1)) == {"type": "play", "card": "KH"}


def test_the_bot_ducks_its_lowest_trump_under_a_trump_it_cannot_beat():
    r = to_play(OVER, must_beat="none")
    play(r, 0, "AC")  # seat 0 holds every club; the others must trump
    play(r, 1, "9H")
    play(r, 2, "AH")  # the top trump: seat 3's AH would not beat it
    assert bots.next_action(r.view(3)) == {"type": "play", "card": "9H"}


def test_the_bot_feeds_a_counter_to_its_partners_sure_trick():
    r = to_play(PLAY)
    play(r, 0, "AS")  # an ace of the suit led: seat 0 wins unless someone trumps
    play(r, 1, "9S")
    # seat 2 (seat 0's partner) holds TS KS QS JS: it gives a counter, the cheaper K first
    assert bots.next_action(r.view(2)) == {"type": "play", "card": "KS"}


def test_the_bot_ducks_low_when_it_cannot_win():
    r = to_play(PLAY)
    play(r, 0, "AS")
    assert bots.next_action(r.view(1)) == {"type": "play", "card": "9S"}


def test_the_declarer_leads_an_ace_first():
    r = to_play(PLAY)
    assert bots.next_action(r.view(0))["card"] in ("AS", "AD", "AC")
