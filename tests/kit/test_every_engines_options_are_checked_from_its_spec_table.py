"""An engine's options are its spec table: one field per spec, in order; the kit checks each value
by its spec with the same codes and messages in every game, fills in what the game resolves,
and builds from a mapping (unknown names refused)."""

import dataclasses

import pytest

from games import banakil, pinochle
from games.option_spec import OptionSpec

from .toy import Options, ToyError

ENGINES = (banakil.Options, pinochle.Options, Options)


@pytest.mark.parametrize("options", ENGINES)
def test_the_fields_are_the_specs_in_order(options):
    assert [f.name for f in dataclasses.fields(options)] == [s.name for s in options.specs]
    assert all(isinstance(s, OptionSpec) for s in options.specs)
    assert list(options().to_dict()) == [s.name for s in options.specs]


@pytest.mark.parametrize(
    "name,value,message",
    [
        ("bots", 1, "bots must be true or false"),
        ("bot_level", 3, "bot_level must be text"),
        ("bot_level", "expert", "bot_level must be one of easy, medium, hard"),
        ("stake", "5", "stake must be a whole number"),
        ("stake", True, "stake must be a whole number"),
        ("stake", -1, "stake must be at least 0"),
        ("turn_seconds", 10_000, "turn_seconds must be at most 300"),
    ],
)
@pytest.mark.parametrize("options", ENGINES[:2])
def test_a_bad_value_gets_the_same_code_and_message_in_every_game(options, name, value, message):
    with pytest.raises(options.invalid) as info:
        options.from_dict({name: value})
    assert (info.value.code, info.value.message) == ("bad_option", message)


def test_a_filled_in_option_takes_its_resolved_value_and_others_keep_theirs():
    o = Options(players=6, sides=3)
    assert o.hand == 6 and Options(players=8, sides=4, hand=2).hand == 2
    with pytest.raises(ToyError) as info:
        Options(players=6, sides=4)
    assert (info.value.code, info.value.message) == ("bad_option", "every side has as many seats")


def test_a_coin_table_seats_no_bots_in_every_game():
    for options in ENGINES:
        o = options(stake=10)
        assert o.is_coin_table and o.bots is False


def test_from_a_mapping_unknown_names_and_non_mappings_are_refused():
    with pytest.raises(ToyError) as info:
        Options.from_dict({"players": 4, 7: 1, "jokers": 2})
    assert (info.value.code, info.value.message) == ("unknown_option", "unknown option '7'")
    with pytest.raises(ToyError) as info:
        Options.from_dict([("players", 4)])
    assert (info.value.code, info.value.message) == ("bad_option", "options must be an object")


def test_the_same_mapping_builds_one_value_and_a_bool_is_not_a_number():
    a = Options.from_dict({"players": 6, "sides": 2})
    assert Options.from_dict({"sides": 2, "players": 6}) is a
    assert Options.from_dict({"players": 6, "sides": 2, "stake": 0}) == a
    with pytest.raises(ToyError):
        Options.from_dict({"players": 6, "sides": 2, "stake": False})
    with pytest.raises(ToyError):
        Options.from_dict({"players": 4, "sides": [2]})
