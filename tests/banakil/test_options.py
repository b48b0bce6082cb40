"""docs/rules/banakil.md, "Table options": every option, Sahrat's defaults, and refusal of bad
values."""

import pytest

from games.banakil import BanakilError, Options


def test_the_options_default_to_sahrats_rules():
    o = Options()
    assert o.players == 4
    assert o.target == 222
    assert o.turn_seconds == 20
    assert o.out_bonus == 20
    assert o.nazla_bonus == 51
    assert o.nazla_bonus_no_melds == 102
    assert o.nazla_final_throw is True
    assert o.pile_card_must_be_used is True
    assert o.partner_layoff_needs_own_meld is True
    assert o.bots is True
    assert o.private is False


def test_one_against_one_defaults_to_a_target_of_150():
    assert Options(players=2).target == 150


def test_every_option_may_be_set():
    o = Options(
        players=2,
        target=300,
        turn_seconds=30,
        out_bonus=25,
        nazla_bonus=60,
        nazla_bonus_no_melds=120,
        nazla_final_throw=False,
        pile_card_must_be_used=False,
        partner_layoff_needs_own_meld=False,
        bots=False,
        private=True,
    )
    assert (o.players, o.target, o.turn_seconds, o.out_bonus) == (2, 300, 30, 25)
    assert (o.nazla_bonus, o.nazla_bonus_no_melds) == (60, 120)
    assert not o.nazla_final_throw and not o.pile_card_must_be_used
    assert not o.partner_layoff_needs_own_meld and not o.bots and o.private


@pytest.mark.parametrize("players", [0, 1, 3, 5, "4", 4.0, True])
def test_a_table_is_for_four_players_or_one_against_one(players):
    with pytest.raises(BanakilError) as info:
        Options(players=players)
    assert info.value.code == "bad_option"


@pytest.mark.parametrize(
    "name",
    [
        "nazla_final_throw",
        "pile_card_must_be_used",
        "partner_layoff_needs_own_meld",
        "bots",
        "private",
    ],
)
def test_an_on_off_option_must_be_true_or_false(name):
    with pytest.raises(BanakilError) as info:
        Options(**{name: 1})
    assert info.value.code == "bad_option"
    with pytest.raises(BanakilError) as info:
        Options(**{name: "yes"})
    assert info.value.code == "bad_option"


@pytest.mark.parametrize(
    "name,value",
    [
        ("target", -5),
        ("target", "222"),
        ("turn_seconds", 0),
        ("turn_seconds", -20),
        ("turn_seconds", 2.5),
        ("out_bonus", -1),
        ("nazla_bonus", -51),
        ("nazla_bonus_no_melds", None),
    ],
)
def test_a_numeric_option_refuses_nonsense(name, value):
    with pytest.raises(BanakilError) as info:
        Options(**{name: value})
    assert info.value.code == "bad_option"


def test_options_from_a_mapping_refuse_unknown_names():
    with pytest.raises(BanakilError) as info:
        Options.from_dict({"players": 4, "wild_cards": 6})
    assert info.value.code == "unknown_option"


def test_options_round_trip_through_a_mapping():
    o = Options(players=2, nazla_final_throw=False, target=200)
    assert Options.from_dict(o.to_dict()) == o


def test_a_coin_table_seats_no_bots():
    assert Options(stake=100).bots is False
