"""``must_beat``: always (default), trump_lead, none (docs/rules/pinochle.md, "Play")."""

import pytest

from .helpers import OVER, PLAY, play, refused, to_play


def cards(r):
    return [a["card"] for a in r.legal_actions()]


def test_always_a_follower_must_beat_the_winning_card_if_it_can():
    r = to_play(PLAY)
    play(r, 0, "KS")
    assert cards(r) == ["AS"]
    refused(r, 1, {"type": "play", "card": "QS"}, "must_beat")


def test_always_beating_is_required_even_over_a_partner():
    r = to_play(PLAY)
    play(r, 0, "QC")  # seat 1 must beat the QC; seat 2 then must follow with its 9C
    play(r, 1, "KC")
    play(r, 2, "9C")
    # seat 3 is void in clubs: it must trump; any trump beats the KC
    assert cards(r) == ["AH", "TH", "KH", "QH"]


def test_always_a_plain_lead_already_trumped_any_card_of_the_led_suit_will_do():
    r = to_play(OVER)
    play(r, 0, "AC")
    play(r, 1, "9H")
    play(r, 2, "QH")
    play(r, 3, "KH")  # seat 3 wins and leads
    play(r, 3, "JD")
    play(r, 0, "9C")  # void in diamonds, no trump: any card
    play(r, 1, "JH")  # void in diamonds: must trump
    # seat 2 holds diamonds and none beats a trump: every diamond will do
    assert cards(r) == ["AD", "TD", "KD", "QD", "9D"]


@pytest.mark.parametrize("rule", ["trump_lead", "none"])
def test_a_plain_lead_need_not_be_beaten_under_trump_lead_or_none(rule):
    r = to_play(PLAY, must_beat=rule)
    play(r, 0, "KS")
    assert cards(r) == ["AS", "QS", "9S"]
    play(r, 1, "QS")


def test_trump_lead_a_trump_lead_must_be_beaten():
    r = to_play(PLAY, must_beat="trump_lead")
    play(r, 0, "9H")
    play(r, 1, "KH")
    play(r, 2, "9H")
    assert cards(r) == ["AH", "TH"]
    refused(r, 3, {"type": "play", "card": "QH"}, "must_beat")


def test_none_a_trump_lead_need_not_be_beaten_either():
    r = to_play(PLAY, must_beat="none")
    play(r, 0, "9H")
    play(r, 1, "KH")
    play(r, 2, "9H")
    assert cards(r) == ["AH", "TH", "KH", "QH"]
    play(r, 3, "QH")


def test_none_still_requires_following_and_trumping():
    r = to_play(OVER, must_beat="none")
    play(r, 0, "AC")
    play(r, 1, "JH")
    assert cards(r) == ["AH", "QH"]
    refused(r, 2, {"type": "play", "card": "AD"}, "must_trump")
    play(r, 2, "QH")
    assert cards(r) == ["AH", "TH", "KH", "QH", "JH", "9H"]
    play(r, 3, "9H")
    assert r.view(None)["last_trick"]["winner"] == 2
