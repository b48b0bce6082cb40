"""Time-outs of version 2's phases (§13): giving out the kitty gives its cards in hand order to
the declarer, then the next seats in play order; the kitty's discard is the declarer's 4 lowest;
the concession's choice is to play on."""

from games.pinochle.cards import LOW_KEY

from .helpers import auction, trump
from .kitty_helpers import kitty_round
from .test_a_kitty_dealt_out_gives_each_seat_one_card import HANDS, KITTY


def test_the_kitty_goes_out_in_hand_order_from_the_declarer_on():
    r = kitty_round(HANDS, KITTY, kitty="deal_out")
    auction(r, None, 20, None, None)  # seat 1 declares
    assert r.phase == "kitty" and r.turn == 1
    # the kitty in hand order: 9S 9S AD AC; seat 1 first, then 2, 3, 0
    assert r.timeout_actions() == [{"type": "give_kitty", "cards": ["AC", "9S", "9S", "AD"]}]
    r.apply(1, r.timeout_actions()[0])
    assert r.phase == "trump" and r.view(0)["kitty_card"] == "AC"


def test_the_kittys_discard_is_the_four_lowest_and_the_concession_plays_on():
    r = kitty_round(HANDS, KITTY, kitty="declarer", concede=True)
    auction(r, 20, None, None, None)
    trump(r, 0, "S")
    hand = r.view(0)["hand"]
    (discard,) = r.timeout_actions()
    # hand order; non-trumps first, low to high: 9H, then AD AC, then the lowest trump 9S
    assert discard == {"type": "discard", "cards": ["9S", "9H", "AD", "AC"]}
    assert (
        sorted(discard["cards"], key=LOW_KEY["S"].__getitem__)
        == sorted(hand, key=LOW_KEY["S"].__getitem__)[:4]
    )
    r.apply(0, discard)
    assert r.phase == "concede"
    assert r.timeout_actions() == [{"type": "play_on"}]
    r.apply(0, r.timeout_actions()[0])
    assert r.phase == "play" and r.turn == 0
