"""Two-handed: the seat on its `meld` turn sees each meld it may declare by the engine's name and
points (`declarable`, in `legal`'s order), while `legal` stays exactly §21.3's actions; the
other seat and the public see no such list. Trump is hearts (turn-up TH); seat 0 wins the
trick by leading a spade that seat 1 does not beat."""

from .two_helpers import meld, trick_to, two_round

JUNK = "9C 9C JC JC TC TC AC AC 9D 9D TD TD"


def test_the_meld_turn_names_each_legal_meld_with_its_points():
    r = two_round("AH KH QH JH TH QS JD QD QC 9S 9H JS", JUNK)
    assert r.view(0)["declarable"] == []  # the play: no meld to name
    trick_to(r, "9S")
    view = r.view(0)
    assert view["declarable"] == [
        {"cards": ["QS", "QH", "QD", "QC"], "name": "queens_around", "points": 6},
        {"cards": ["AH", "TH", "KH", "QH", "JH"], "name": "run", "points": 15},
        {"cards": ["KH", "QH"], "name": "royal_marriage", "points": 4},
        {"cards": ["QS", "JD"], "name": "pinochle", "points": 4},
        {"cards": ["9H"], "name": "dix", "points": 1},
    ]
    melds = [a for a in view["legal"] if a["type"] == "meld"]
    assert [d["cards"] for d in view["declarable"]] == [a["cards"] for a in melds]
    assert all(set(a) == {"type", "cards"} for a in melds)  # the actions apply takes, unchanged
    assert r.view(1)["declarable"] == [] and "declarable" not in r.view(None)


def test_declaring_a_named_meld_scores_its_points():
    r = two_round("AH KH QH JH TH QS JD QD QC 9S 9H JS", JUNK)
    trick_to(r, "9S")
    run = next(d for d in r.view(0)["declarable"] if d["name"] == "run")
    meld(r, " ".join(run["cards"]))
    assert r.view(None)["meld_totals"][0] == run["points"]
    assert r.view(None)["meld_log"][-1]["name"] == "run"
