"""Table options: Sahrat's defaults, the variant defaults of target / min_bid / save_meld, the
platform's options, and ``InvalidOptions`` (a ValueError with a code) for anything else."""

import pytest

from games.option_spec import OptionSpec
from games.pinochle import SPECS, InvalidOptions, Options


def test_every_default_is_the_single_deck_game():
    o = Options()
    assert o.to_dict() == {
        "variant": "single",
        "target": 150,
        "turn_seconds": 20,
        "min_bid": 15,
        "all_pass": "dealer_stuck",
        "trump_needs_marriage": False,
        "pass_cards": 0,
        "first_lead": "declarer",
        "first_lead_trump": False,
        "must_beat": "always",
        "save_meld": "trick",
        "tie_rule": "bidder_first",
        "minus_target_loses": False,
        "roundhouse_bonus": False,
        "nines_redeal": "five",
        "two_trump": "turn_up",
        "kitty": "none",
        "concede": False,
        "pinochling": False,
        "checks": False,
        "check_bonus": 5,
        "quadruple_pinochle_100": False,
        "bots": True,
        "bot_level": "medium",
        "private": False,
        "stake": 0,
        "rated": False,  # bots may sit: not rated
    }
    assert o.players == 4 and not o.is_coin_table


@pytest.mark.parametrize(
    "variant,target,min_bid,save_meld,players",
    [
        ("single", 150, 15, "trick", 4),
        ("double", 500, 50, "counters20", 4),
        ("three", 100, 20, "trick", 3),
    ],
)
def test_zero_and_empty_take_the_variants_default(variant, target, min_bid, save_meld, players):
    o = Options(variant=variant, target=0, min_bid=0, save_meld="")
    assert (o.target, o.min_bid, o.save_meld, o.players) == (target, min_bid, save_meld, players)
    assert Options(variant=variant) == o


def test_given_values_are_kept():
    o = Options(variant="double", target=300, min_bid=62, save_meld="off")
    assert (o.target, o.min_bid, o.save_meld) == (300, 62, "off")


def test_options_round_trip_through_a_mapping_with_resolved_values():
    o = Options(variant="three", first_lead="eldest", must_beat="none", tie_rule="higher_total")
    assert Options.from_dict(o.to_dict()) == o
    assert Options.from_dict({"variant": "double"}).target == 500


def test_a_coin_table_never_seats_bots():
    o = Options(stake=100)
    assert o.is_coin_table and o.bots is False
    assert Options.from_dict({"stake": 50, "bots": True}).bots is False


@pytest.mark.parametrize(
    "name,value",
    [
        ("variant", "four"),
        ("variant", 1),
        ("all_pass", "again"),
        ("first_lead", "dealer"),
        ("must_beat", "sometimes"),
        ("save_meld", "counters"),
        ("tie_rule", "coin_toss"),
        ("nines_redeal", "four"),
        ("pass_cards", 1),
        ("pass_cards", 5),
        ("pass_cards", "2"),
        ("min_bid", -1),
        ("min_bid", 1001),
        ("min_bid", 15.0),
        ("target", -150),
        ("target", 5),
        ("target", "150"),
        ("turn_seconds", 0),
        ("stake", -1),
        ("trump_needs_marriage", 1),
        ("first_lead_trump", "yes"),
        ("minus_target_loses", None),
        ("roundhouse_bonus", 0),
        ("bots", "true"),
        ("private", 1),
    ],
)
def test_a_bad_value_raises_invalid_options_with_code_bad_option(name, value):
    with pytest.raises(InvalidOptions) as info:
        Options(**{name: value})
    assert info.value.code == "bad_option" and name in info.value.message
    with pytest.raises(InvalidOptions) as info:
        Options.from_dict({name: value})
    assert info.value.code == "bad_option"


def test_min_bid_may_be_anything_from_0_to_1000():
    assert Options(min_bid=1000).min_bid == 1000
    assert Options(min_bid=1).min_bid == 1


def test_three_handed_passes_no_cards():
    with pytest.raises(InvalidOptions) as info:
        Options(variant="three", pass_cards=2)
    assert info.value.code == "bad_option"
    assert Options(variant="three", pass_cards=0).pass_cards == 0


def test_an_unknown_name_raises_invalid_options_with_code_unknown_option():
    with pytest.raises(InvalidOptions) as info:
        Options.from_dict({"variant": "single", "jokers": 2})
    assert info.value.code == "unknown_option" and "jokers" in info.value.message
    with pytest.raises(InvalidOptions) as info:
        Options.from_dict({"players": 4})  # a property, not an option
    assert info.value.code == "unknown_option"


def test_invalid_options_is_a_value_error():
    assert issubclass(InvalidOptions, ValueError)
    with pytest.raises(InvalidOptions) as info:
        Options.from_dict(["variant"])  # type: ignore[arg-type]
    assert info.value.code == "bad_option"


def test_the_specs_list_every_option_with_its_kind_and_bounds():
    assert all(isinstance(s, OptionSpec) for s in SPECS)
    by_name = {s.name: s for s in SPECS}
    assert list(by_name) == list(Options().to_dict())
    assert by_name["variant"].kind is str
    assert by_name["variant"].choices == (
        "single",
        "double",
        "three",
        "two",
        "cutthroat",
        "six",
        "eight",
    )
    assert by_name["pass_cards"].kind is int and by_name["pass_cards"].choices == (0, 2, 3, 4)
    assert (by_name["min_bid"].minimum, by_name["min_bid"].maximum) == (0, 1000)
    for name in ("all_pass", "first_lead", "must_beat", "save_meld", "tie_rule", "nines_redeal"):
        assert by_name[name].kind is str and by_name[name].choices
    for name in (
        "trump_needs_marriage",
        "first_lead_trump",
        "minus_target_loses",
        "roundhouse_bonus",
    ):
        assert by_name[name].kind is bool and by_name[name].default is False
    assert [s.name for s in SPECS if not s.engine] == [
        "bots",
        "bot_level",
        "private",
        "stake",
        "rated",
    ]
    # the variant-dependent defaults are 0 / "" ("the engine fills it in"); rated's is None
    # (the kit decides from the table)
    assert (by_name["target"].default, by_name["min_bid"].default) == (0, 0)
    assert by_name["save_meld"].default == ""
    for spec in SPECS:
        assert getattr(Options(), spec.name) == spec.default or spec.default in (0, "", None)


def test_options_built_from_a_mapping_again_are_checked_by_type_too():
    assert Options.from_dict({"min_bid": 16}).min_bid == 16
    for bad in (16.0, True):
        with pytest.raises(InvalidOptions) as info:
            Options.from_dict({"min_bid": bad})
        assert info.value.code == "bad_option"
    assert Options.from_dict({"variant": "double"}) is Options.from_dict({"variant": "double"})
    with pytest.raises(InvalidOptions):
        Options.from_dict({"variant": ["single"]})
