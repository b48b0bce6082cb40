"""Two-handed meld declarations (§14.4): one meld after each won stock-stage trick, from the
winner's hand and its own table; a table card serves again only in another class (a royal
marriage cannot grow into a run, a run's K Q is no royal marriage, a pinochle's QS may join
queens around); every meld takes a card from the hand; the engine picks table copies as the
spec says; the dix exchange. Trump is hearts (turn-up TH); seat 0 (the eldest) wins every
trick by leading a spade that seat 1 does not beat."""

from .helpers import refused
from .two_helpers import meld, no_meld, table_of, trick_to, two_round

JUNK = "9C 9C JC JC TC TC AC AC 9D 9D TD TD"  # seat 1: nothing that beats a spade lead


def test_a_royal_marriage_cannot_grow_into_a_run_but_its_queen_joins_queens_around():
    r = two_round("AH KH QH JH TH QS JD QD QC 9S 9S JS", JUNK, stock="AD JD AD KD TS TS")
    assert trick_to(r, "9S") == 0
    assert r.view(0)["phase"] == "meld" and r.turn == 0
    meld(r, "KH QH")
    assert table_of(r, 0) == [("KH", ["sequence"]), ("QH", ["sequence"])]
    trick_to(r, "9S")
    refused(r, 0, {"type": "meld", "cards": "AH TH KH QH JH".split()}, "meld_reused")
    refused(r, 0, {"type": "meld", "cards": "AH AH TH TH KH KH QH QH JH JH".split()}, "not_in_hand")
    meld(r, "QS JD")
    trick_to(r, "JS")
    meld(r, "QS QH QD QC")  # the pinochle's QS and the royal marriage's QH serve again
    assert table_of(r, 0) == [
        ("KH", ["sequence"]),
        ("QH", ["sequence", "arounds"]),
        ("QS", ["pinochle", "arounds"]),
        ("JD", ["pinochle"]),
        ("QD", ["arounds"]),
        ("QC", ["arounds"]),
    ]
    v = r.view(1)
    assert [(e["trick"], e["name"], e["points"]) for e in v["meld_log"]] == [
        (1, "royal_marriage", 4),
        (2, "pinochle", 4),
        (3, "queens_around", 6),
    ]
    assert v["melds"][0]["points"] == 14 and v["meld_totals"] == [14, 0]
    # 12 dealt, 3 led, 3 drawn (AD AD TS), 6 laid on the table
    assert v["hand_counts"][0] == 12 - 3 + 3 - 6 and r.view(0)["hand"].count("AD") == 2


def test_a_runs_king_and_queen_are_no_royal_marriage_afterwards():
    r = two_round("AH KH QH JH TH 9S 9S JS JS AS QS KS", JUNK.replace("9D 9D", "KD KD"))
    trick_to(r, "9S")
    meld(r, "AH TH KH QH JH")
    assert r.view(None)["meld_totals"] == [15, 0]
    trick_to(r, "9S")
    refused(r, 0, {"type": "meld", "cards": ["KH", "QH"]}, "meld_reused")
    no_meld(r)
    assert r.view(None)["phase"] == "play" and r.turn == 0


def test_a_meld_of_table_cards_only_is_no_new_card_and_a_hand_copy_replaces_one():
    # one QS: kings around, then the pinochle, then K S + Q S all from the table
    r = two_round("KS KH KD KC QS JD 9S 9S JS JS AS TS", JUNK, stock="AD JD AD QD QD 9H")
    trick_to(r, "9S")
    meld(r, "KS KH KD KC")
    trick_to(r, "9S")
    meld(r, "QS JD")
    trick_to(r, "JS")
    refused(r, 0, {"type": "meld", "cards": ["KS", "QS"]}, "no_new_card")
    # two QS: the hand's QS takes the place of the table's, which keeps its one class
    r = two_round("KS KH KD KC QS JD QS 9S 9S JS JS AS", JUNK, stock="AD JD AD QD QD 9H")
    trick_to(r, "9S")
    meld(r, "KS KH KD KC")
    trick_to(r, "9S")
    meld(r, "QS JD")
    trick_to(r, "JS")
    meld(r, "KS QS")
    assert table_of(r, 0) == [
        ("KS", ["arounds", "sequence"]),
        ("KH", ["arounds"]),
        ("KD", ["arounds"]),
        ("KC", ["arounds"]),
        ("QS", ["pinochle"]),
        ("JD", ["pinochle"]),
        ("QS", ["sequence"]),
    ]


def test_table_copies_that_served_the_most_classes_go_first():
    r = two_round("KS KS QS QS JD KH KD KC 9S 9S JS JS", JUNK, stock="AD JD AD QD QD 9H 9H AH")
    trick_to(r, "9S")
    meld(r, "KS QS")  # KS QS from the hand: [sequence]
    trick_to(r, "9S")
    meld(r, "QS JD")  # the table's QS serves again: [sequence, pinochle]
    trick_to(r, "JS")
    meld(r, "KS KH KD KC")  # the table's KS serves again: [sequence, arounds]
    trick_to(r, "JS")
    meld(r, "KS QS")  # both table copies served sequence: the second copies from the hand
    assert table_of(r, 0)[-2:] == [("KS", ["sequence"]), ("QS", ["sequence"])]
    assert table_of(r, 0)[1] == ("QS", ["sequence", "pinochle"])
    # a QS played without "from" is the table's copy that served the most classes
    r.apply(0, {"type": "play", "card": "QS"})
    assert [c for c, _k in table_of(r, 0)].count("QS") == 1
    assert ("QS", ["sequence"]) in table_of(r, 0)


def test_the_dix_exchange_takes_the_turn_up_and_a_later_dix_lies_on_the_table():
    r = two_round("9H 9H AS TS 9S 9S JS JS QS KS AD QD", JUNK, turn_up="TH")
    trick_to(r, "9S")
    meld(r, "9H")
    v = r.view(0)
    assert v["turn_up"] == "9H" and "TH" in v["hand"] and v["hand"].count("9H") == 1
    assert v["table"][0] == [] and v["meld_totals"] == [1, 0]
    assert v["meld_log"][-1]["exchanged"] is True
    trick_to(r, "9S")
    meld(r, "9H")
    v = r.view(0)
    assert v["turn_up"] == "9H" and v["table"][0] == [{"card": "9H", "classes": ["dix"]}]
    assert v["meld_log"][-1]["exchanged"] is False and v["meld_totals"] == [2, 0]


def test_the_dix_goes_to_the_table_when_the_turn_up_is_a_nine():
    r = two_round(
        "9C AS TS 9S 9S JS JS QS KS AD TD QD", "9D 9D JD JD TH TH AH AH JH JH QH QH", turn_up="9C"
    )
    trick_to(r, "9S")
    meld(r, "9C")
    assert table_of(r, 0) == [("9C", ["dix"])] and r.view(None)["turn_up"] == "9C"


def test_bad_melds_are_refused_in_the_spec_order():
    r = two_round("AH KH QH JH TH QS JD QD QC 9S 9S JS", JUNK)
    refused(r, 0, {"type": "meld", "cards": ["KH", "QH"]}, "wrong_phase")
    trick_to(r, "9S")
    refused(r, 1, {"type": "meld", "cards": ["KH", "QH"]}, "not_your_turn")
    refused(r, 0, {"type": "play", "card": "JS"}, "wrong_phase")
    for bad in ([], "KH QH", ["KH", 5], ["XX"], None):
        refused(r, 0, {"type": "meld", "cards": bad}, "bad_action")
    refused(r, 0, {"type": "meld", "cards": ["KH", "QS"]}, "not_a_meld")
    refused(r, 0, {"type": "meld", "cards": ["KH", "QH", "JH"]}, "not_a_meld")
    refused(r, 0, {"type": "meld", "cards": ["KS", "QS"]}, "not_in_hand")
    refused(r, 0, {"type": "meld", "cards": ["9H"]}, "not_in_hand")


def test_the_meld_phase_lists_every_declarable_meld_then_the_pass():
    r = two_round("AH KH QH JH TH QS JD QD QC 9S 9S JS", JUNK)
    trick_to(r, "9S")
    assert r.legal_actions() == [
        {"type": "meld", "cards": ["QS", "QH", "QD", "QC"]},
        {"type": "meld", "cards": ["AH", "TH", "KH", "QH", "JH"]},
        {"type": "meld", "cards": ["KH", "QH"]},
        {"type": "meld", "cards": ["QS", "JD"]},
        {"type": "pass"},
    ]
    assert r.view(0)["legal"] == r.legal_actions() and r.view(1)["legal"] == []
