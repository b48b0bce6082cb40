"""Two-handed match end (§14.7): with the turn-up, the seat at or over 100 wins; both over: the
higher total, level: one more hand; ``minus_target_loses`` after the win check. With an auction
the declarer is checked first (``tie_rule`` as §7). Totals come from recorded hands (the
match's JSON: each hand's points and declarer)."""

from typing import Any

from games.pinochle import Match, Options

TURN_UP = Options(variant="two")
AUCTION = Options(variant="two", two_trump="auction")


def _match(options: Options, *hands: tuple[list[int], Any]) -> Match:
    return Match.from_data(
        {
            "options": options.to_dict(),
            "first_dealer": 0,
            "results": [
                {"reason": "played", "team_points": points, "declarer": declarer}
                for points, declarer in hands
            ],
        }
    )


def test_with_the_turn_up_the_higher_total_over_the_target_wins_and_level_plays_on():
    assert _match(TURN_UP, ([60, 50], None), ([30, 40], None)).over is False  # 90, 90
    m = _match(TURN_UP, ([60, 50], None), ([40, 45], None))  # 100, 95
    assert m.winner == 0
    m = _match(TURN_UP, ([60, 50], None), ([45, 70], None))  # 105, 120: both over
    assert m.winner == 1
    m = _match(TURN_UP, ([60, 50], None), ([45, 55], None))  # 105, 105: one more hand
    assert not m.over and m.totals == [105, 105]
    m = _match(TURN_UP, ([60, 50], None), ([45, 55], None), ([10, 12], None))
    assert m.winner == 1


def test_minus_target_loses_also_with_the_turn_up():
    # a turn-up hand never scores below zero; the rule is still checked after the win check
    o = Options(variant="two", minus_target_loses=True, target=50)
    m = _match(o, ([-30, 10], None), ([-25, 5], None))
    assert m.winner == 1 and m.totals == [-55, 15]
    assert not _match(Options(variant="two", target=50), ([-30, 10], None), ([-25, 5], None)).over


def test_with_an_auction_the_declarer_is_checked_first():
    m = _match(AUCTION, ([60, 70], 0), ([41, 40], 0))  # 101, 110: the declarer 0 wins
    assert m.winner == 0
    o = Options(variant="two", two_trump="auction", tie_rule="higher_total")
    assert _match(o, ([60, 70], 0), ([41, 40], 0)).winner == 1
    assert _match(AUCTION, ([60, 70], 0), ([-20, 40], 0)).winner == 1  # 40, 110
