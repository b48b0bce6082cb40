"""``first_lead`` (declarer / eldest) and ``first_lead_trump``."""

from .helpers import PLAY, play, refused, to_play


def test_the_declarer_leads_the_first_trick_by_default():
    r = to_play(PLAY, declarer=2)
    assert r.turn == 2 and r.view(None)["leader"] == 2


def test_with_first_lead_eldest_the_eldest_leads():
    r = to_play(PLAY, declarer=2, first_lead="eldest")
    assert r.turn == 0 and r.view(None)["leader"] == 0
    r = to_play(PLAY, declarer=2, dealer=1, first_lead="eldest")
    assert r.turn == 2


def test_first_lead_trump_applies_to_the_first_lead_only():
    r = to_play(PLAY, first_lead_trump=True)
    assert [a["card"] for a in r.legal_actions()] == ["AH", "9H"]
    refused(r, 0, {"type": "play", "card": "AD"}, "must_lead_trump")
    for card in ("AH", "KH", "JH", "QH"):
        play(r, r.turn, card)
    assert r.turn == 0
    play(r, 0, "AD")  # the second lead may be anything


def test_first_lead_trump_lets_a_leader_with_no_trump_lead_anything():
    r = to_play(PLAY, suit="D", declarer=1, first_lead_trump=True)
    assert r.turn == 1
    assert len(r.legal_actions()) == len(set(r.view(1)["hand"]))
