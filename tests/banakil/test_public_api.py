"""The public API of issue 2 works exactly as written, from a plain import."""

from decimal import Decimal

import pytest


def test_the_public_names_import_from_the_package():
    from games.banakil import (  # noqa: F401
        IllegalAction,
        InvalidMeld,
        Match,
        Options,
        Round,
        bots,
        card_points,
        check_meld,
        fair,
        hints,
        parse_cards,
    )

    assert callable(hints.hints) and callable(hints.ready_melds)


def test_parse_cards_and_card_points_work_as_written():
    from games.banakil import card_points, parse_cards

    cards = parse_cards("AS TH 2C JK")
    assert [str(c) for c in cards] == ["AS", "TH", "2C", "JK"]
    assert card_points("5H") == Decimal("0.5")
    assert card_points(cards[2]) == Decimal(2)


def test_check_meld_returns_a_meld_or_raises_invalid_meld_a_value_error_with_a_code():
    from games.banakil import InvalidMeld, check_meld

    m = check_meld("3H 4H JK 6H")
    assert m.kind == "run" and m.points == Decimal("5.5")
    assert issubclass(InvalidMeld, ValueError)
    with pytest.raises(InvalidMeld) as info:
        check_meld("7H 7S 7D")
    assert isinstance(info.value.code, str) and info.value.code and str(info.value)


def test_round_apply_returns_what_the_rules_say():
    from games.banakil import CANONICAL_DECK, Options, Round

    r = Round.deal(Options(players=4), dealer=3, deck=list(CANONICAL_DECK))
    # the starter (seat 0) holds AS..KS and AH..6H: it lays a run and throws
    assert r.apply(0, {"type": "meld", "cards": ["3S", "4S", "5S"]}) == 1
    assert r.apply(0, {"type": "layoff", "meld": 1, "cards": ["6S"], "end": "high"}) is None
    assert r.apply(0, {"type": "throw", "card": "KS"}) is None
    assert r.apply(1, {"type": "draw", "from": "stock"}) == CANONICAL_DECK[73]


def test_illegal_action_carries_a_stable_code_and_a_message():
    from games.banakil import CANONICAL_DECK, IllegalAction, Options, Round

    r = Round.deal(Options(players=4), dealer=3, deck=list(CANONICAL_DECK))
    with pytest.raises(IllegalAction) as info:
        r.apply(1, {"type": "draw", "from": "stock"})
    assert info.value.code and str(info.value)
