"""Version 2's options (docs/rules/pinochle.md, "Option validity", "New options", "Defaults per
variant"): the new variants and options, where each may be used, what is accepted and ignored,
and each variant's defaults."""

import pytest

from games.pinochle import InvalidOptions, Options

NEW = ("two_trump", "kitty", "concede", "pinochling", "checks", "check_bonus")


@pytest.mark.parametrize("variant", ["single", "double", "three"])
def test_version_one_variants_list_the_new_options_at_their_defaults(variant):
    shown = Options(variant=variant).to_dict()
    assert [shown[k] for k in NEW] == ["turn_up", "none", False, False, False, 5]
    assert shown["quadruple_pinochle_100"] is False
    assert Options.from_dict(shown) == Options(variant=variant)


@pytest.mark.parametrize(
    ("variant", "players", "sides", "min_bid", "target", "save_meld"),
    [
        ("two", 2, 2, 20, 100, "off"),
        ("cutthroat", 3, 3, 20, 100, "trick"),
        ("six", 6, 2, 75, 500, "counters20"),
        ("eight", 8, 4, 15, 500, "trick"),
    ],
)
def test_each_new_variant_fills_in_its_defaults(
    variant, players, sides, min_bid, target, save_meld
):
    o = Options(variant=variant)
    assert (o.players, o.sides, o.min_bid, o.target, o.save_meld) == (
        players,
        sides,
        min_bid,
        target,
        save_meld,
    )
    given = Options(variant=variant, min_bid=30, target=200, save_meld="off")
    assert (given.min_bid, given.target, given.save_meld) == (30, 200, "off")


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "three", "pass_cards": 2},
        {"variant": "cutthroat", "pass_cards": 2},
        {"variant": "six", "pass_cards": 3},
        {"variant": "two", "pass_cards": 4},
        {"variant": "double", "kitty": "declarer"},
        {"variant": "three", "kitty": "deal_out"},
        {"variant": "eight", "kitty": "declarer"},
        {"variant": "single", "checks": True},
        {"variant": "six", "checks": True},
        {"variant": "two", "concede": True},
        {"variant": "single", "two_trump": "auction"},
        {"variant": "cutthroat", "two_trump": "auction"},
        {"check_bonus": 7},
        {"kitty": "all"},
        {"two_trump": "stock"},
        {"concede": 1},
        {"quadruple_pinochle_100": "yes"},
        {"variant": "five"},
    ],
)
def test_an_option_outside_its_variants_or_choices_is_refused(options):
    with pytest.raises(InvalidOptions) as info:
        Options(**options)
    assert info.value.code == "bad_option"


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "eight", "pass_cards": 4},
        {"variant": "double", "pass_cards": 2},
        {"variant": "single", "kitty": "declarer", "pass_cards": 2},
        {"variant": "single", "kitty": "deal_out"},
        {"variant": "three", "checks": True, "check_bonus": 10},
        {"variant": "cutthroat", "checks": True},
        {"variant": "two", "two_trump": "auction"},
        {"variant": "six", "concede": True, "pinochling": True},
        # accepted and ignored where they mean nothing
        {"variant": "six", "nines_redeal": "five_no_ace"},
        {"variant": "single", "quadruple_pinochle_100": True},
        {"variant": "two", "save_meld": "counters20", "roundhouse_bonus": True},
        {"variant": "two", "first_lead": "eldest", "tie_rule": "higher_total"},
    ],
)
def test_an_option_where_the_rules_allow_it_is_accepted(options):
    assert Options.from_dict(Options(**options).to_dict()) == Options(**options)


def test_the_kitty_deals_eleven_each_in_packets_3_3_3_2():
    o = Options(kitty="declarer")
    assert o.packets == (3, 3, 3, 2) and Options().packets == (3, 3, 3, 3)
