"""Views: what each seat may know (issue 2, "Views"; docs/rules/banakil.md, "Melds")."""

import json

import pytest

from games.banakil import BanakilError

from .helpers import deal, draw, meld, pass_turn, throw

# seat 1 holds both jokers and both 2C; seat 3 both 2H and one QD; the other QD is seat 1's first
# draw: none of these cards is ever seen by another seat while the round is played
PRIVATE = {1: "JK JK 2C 2C", 3: "2H 2H QD", 0: "5S 6S 7S AS"}


def private_round():
    r = deal(PRIVATE, stock="QD KS 8C")
    meld(r, 0, "5S 6S 7S")
    throw(r, 0, "AS")
    return r


def text(view):
    return json.dumps(view)


def assert_private(r):
    for seat in range(4):
        v = r.view(seat)
        for card in ("JK", "2C"):
            if seat != 1:
                assert f'"{card}"' not in text(v), (seat, card)
        if seat != 3:
            assert '"2H"' not in text(v), seat
        if seat not in (1, 3):
            assert '"QD"' not in text(v), seat
    public = r.view(None)
    assert "hand" not in public
    for card in ("JK", "2C", "2H", "QD"):
        assert f'"{card}"' not in text(public), card


def test_views_are_json_serializable():
    r = private_round()
    for seat in (0, 1, 2, 3, None):
        json.dumps(r.view(seat))


def test_a_seat_sees_its_own_hand():
    r = private_round()
    v = r.view(1)
    assert v["hand"].count("JK") == 2 and v["hand"].count("2C") == 2
    assert len(v["hand"]) == 18


def test_no_view_shows_another_seats_hand_or_a_card_drawn_from_the_stock():
    r = private_round()
    assert_private(r)
    assert draw(r, 1) == "QD"
    assert "QD" in r.view(1)["hand"]
    assert_private(r)
    throw(r, 1, next(c for c in r.view(1)["hand"] if c not in ("JK", "2C", "QD")))
    assert_private(r)
    pass_turn(r, 2)
    assert_private(r)


def test_the_public_view_contains_no_hand_at_all():
    r = private_round()
    v = r.view(None)
    assert "hand" not in v
    assert v["seat"] is None
    assert v["hand_counts"] == [15, 18, 18, 18]


def test_a_stock_draw_is_seen_only_by_the_drawer():
    r = deal({0: "AS"}, stock="KH")
    throw(r, 0, "AS")
    assert draw(r, 1) == "KH"
    assert "KH" in text(r.view(1))
    for seat in (0, 2, 3, None):
        assert '"KH"' not in text(r.view(seat))


def test_a_view_shows_counts_pile_stock_turn_phase_and_melds():
    r = deal({0: "5H 6H JK AS"})
    meld(r, 0, "5H 6H JK")
    throw(r, 0, "AS")
    v = r.view(2)
    assert v["hand_counts"] == [15, 18, 18, 18]
    assert v["pile_top"] == "AS" and v["pile_size"] == 1
    assert v["stock_size"] == 33
    assert v["turn"] == 1
    assert v["must_go_down"] == []
    (m,) = v["melds"]
    assert m["cards"] == ["5H", "6H", "JK"] and m["stands_for"] == ["5H", "6H", "7H"]
    assert m["owner"] == 0
    assert v["last_actions"]


def test_the_last_actions_show_public_moves():
    r = deal({0: "5H 6H 7H AS"})
    meld(r, 0, "5H 6H 7H")
    throw(r, 0, "AS")
    actions = r.view(None)["last_actions"]
    assert any(a.get("type") == "meld" and a.get("cards") == ["5H", "6H", "7H"] for a in actions)
    assert any(a.get("type") == "throw" and a.get("card") == "AS" for a in actions)


def test_a_view_of_a_seat_that_does_not_exist_is_refused():
    r = deal()
    with pytest.raises(BanakilError) as info:
        r.view(4)
    assert info.value.code == "bad_seat"
    with pytest.raises(BanakilError) as info:
        r.view(-1)
    assert info.value.code == "bad_seat"
