"""Who wins a trick (docs/rules/pinochle.md, "Play"): the highest trump, else the highest card of
the suit led; of two identical cards, the one played first."""

from .helpers import OVER, PLAY, play, to_play, tricks


def test_the_highest_card_of_the_suit_led_wins_and_the_winner_leads_next():
    r = to_play(PLAY)
    assert tricks(r, "KS AS JS 9S") == [1]
    assert r.turn == 1 and r.view(None)["leader"] == 1


def test_of_two_identical_aces_the_first_played_wins():
    r = to_play(PLAY)
    assert tricks(r, "AS AS JS JS") == [0]
    v = r.view(None)
    assert v["last_trick"] == {
        "cards": [
            {"seat": 0, "card": "AS"},
            {"seat": 1, "card": "AS"},
            {"seat": 2, "card": "JS"},
            {"seat": 3, "card": "JS"},
        ],
        "winner": 0,
    }
    assert v["tricks_won"] == [1, 0]


def test_of_two_identical_trumps_the_first_played_wins():
    r = to_play(OVER)
    play(r, 0, "AC")
    play(r, 1, "JH")
    play(r, 2, "AH")
    assert r.legal_actions() == [
        {"type": "play", "card": "AH"},
        {"type": "play", "card": "TH"},
        {"type": "play", "card": "KH"},
        {"type": "play", "card": "QH"},
        {"type": "play", "card": "JH"},
        {"type": "play", "card": "9H"},
    ]  # nothing beats the AH: any trump
    assert play(r, 3, "AH") == 2


def test_a_trump_beats_any_card_of_a_plain_suit():
    r = to_play(PLAY)
    play(r, 0, "AD")
    play(r, 1, "TH")
    play(r, 2, "QD")
    assert play(r, 3, "9D") == 1


def test_a_higher_trump_beats_a_lower_one():
    r = to_play(OVER)
    assert tricks(r, "AC 9H QH KH") == [3]


def test_a_card_of_another_plain_suit_never_wins():
    r = to_play(OVER)
    # seat 0 leads the 9C; every other seat is void in clubs; seat 1 must trump
    play(r, 0, "9C")
    assert r.legal_actions() == [{"type": "play", "card": "JH"}, {"type": "play", "card": "9H"}]
    assert tricks(r, "9H AH TH") == [2]


def test_a_trick_returns_its_winner_and_other_plays_return_none():
    r = to_play(PLAY)
    assert play(r, 0, "AS") is None
    assert play(r, 1, "9S") is None
    assert play(r, 2, "JS") is None
    assert play(r, 3, "9S") == 0
