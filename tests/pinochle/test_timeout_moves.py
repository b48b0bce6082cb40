"""The time-out move (docs/rules/pinochle.md, "Misdeal, mistakes, time-outs"): one action for
the seat on turn; low to high is non-trump before trump, then rank 9 J Q K T A, then S H D C."""

from games.pinochle import Options, Round

from .helpers import PLAY, auction, deal, play, to_play, trump


def apply_timeout(r):
    actions = r.timeout_actions()
    assert len(actions) == 1
    r.apply(r.turn, actions[0])
    return actions[0]


def test_bidding_times_out_as_a_pass():
    r = deal()
    assert r.timeout_actions() == [{"type": "pass"}]
    auction(r, 15)
    assert r.timeout_actions() == [{"type": "pass"}]


def test_a_stuck_dealer_times_out_with_the_least_bid():
    r = deal()
    auction(r, None, None, None)
    assert r.timeout_actions() == [{"type": "bid", "amount": 15}]
    d = deal(variant="double", min_bid=62)
    auction(d, None, None, None)
    assert d.timeout_actions() == [{"type": "bid", "amount": 65}]


def trump_timeout(hand, **options):
    r = deal({0: hand}, **options)
    auction(r, 15, None, None, None)
    return r.timeout_actions()


def test_trump_times_out_to_the_suit_with_the_most_meld():
    # H: royal marriage 4 + dix 1; C: marriage 2 + dix 1 and more cards
    assert trump_timeout("KH QH 9H TS 9S TD 9D AC TC JC QC 9C") == [{"type": "trump", "suit": "H"}]


def test_then_the_most_cards_of_the_suit():
    # a dix in every suit (1 each) and nothing else: clubs has five cards
    assert trump_timeout("AS TS 9S TH 9H TD 9D AC TC JC 9C QC") == [{"type": "trump", "suit": "C"}]


def test_then_the_first_of_s_h_d_c():
    assert trump_timeout("AS TS 9S AH TH 9H TD JD 9D TC JC 9C") == [{"type": "trump", "suit": "S"}]


def test_the_trump_time_out_names_only_a_suit_the_marriage_option_allows():
    # S: dix 2 + heart marriage 2 = 4 and five spades; H: royal marriage 4 and two hearts
    hand = "KH QH 9S 9S TS AS JS TD JD AC TC JC"
    assert trump_timeout(hand) == [{"type": "trump", "suit": "S"}]
    assert trump_timeout(hand, trump_needs_marriage=True) == [{"type": "trump", "suit": "H"}]


def test_passing_the_partner_gives_its_highest_and_the_declarer_returns_its_lowest():
    r = deal(PLAY, pass_cards=3)
    auction(r, 15, None, None, None)
    trump(r, 0, "H")
    # seat 2 holds TS KS QS JS JH JH 9H AD TD KD QD 9C: its trumps are its highest cards
    assert apply_timeout(r) == {"type": "pass_cards", "cards": ["JH", "JH", "9H"]}
    # seat 0's plain cards, lowest first: QC, then the kings in suit order KS KD KC
    assert apply_timeout(r) == {"type": "pass_cards", "cards": ["KS", "KD", "QC"]}


def test_a_discard_times_out_as_the_three_lowest():
    hand = "AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH"
    r = deal({0: hand}, dealer=2, variant="three", widow="JC 9C 9C")
    auction(r, 20, None, None)
    trump(r, 0, "S")
    assert apply_timeout(r) == {"type": "discard", "cards": ["JC", "9C", "9C"]}


def test_play_times_out_as_the_lowest_legal_card():
    r = to_play(PLAY)
    assert apply_timeout(r) == {"type": "play", "card": "QC"}
    assert apply_timeout(r) == {"type": "play", "card": "KC"}  # must beat the QC: KC TC AC
    assert apply_timeout(r) == {"type": "play", "card": "9C"}
    # seat 3 is void in clubs and must trump: its lowest trump beating the KC
    assert apply_timeout(r) == {"type": "play", "card": "QH"}


def test_a_trump_is_higher_than_any_plain_card():
    r = to_play(PLAY)
    play(r, 0, "AD")  # seat 1 is void in diamonds: must trump
    assert r.timeout_actions() == [{"type": "play", "card": "KH"}]


def test_time_outs_finish_any_hand_and_then_return_nothing():
    for options in (Options(pass_cards=2), Options(variant="three"), Options(variant="double")):
        r = Round.deal(options, 1, secret="ee" * 32)
        while r.turn is not None:
            apply_timeout(r)
        assert r.timeout_actions() == [] and r.result is not None
