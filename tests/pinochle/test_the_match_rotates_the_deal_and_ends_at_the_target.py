"""The match (docs/rules/pinochle.md, "The match"): the first dealer drawn fairly, the deal
moving on (not after a nines redeal), totals, the end checks and ``tie_rule`` /
``minus_target_loses``, two teams and three-handed."""

import pytest

from games import fair
from games.pinochle import IllegalAction, Match, Options
from games.pinochle.match import match_winner

from .golden import g1_round
from .helpers import auction, deal, stacked_deck

SECRET = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
V1 = "0000000000000000000000000000000000000000000000000000000000000001"


def history(options, *results, first_dealer=0):
    """A match rebuilt from hand summaries: (team_points, declarer) or a reason."""
    rows = []
    for item in results:
        if isinstance(item, str):
            rows.append({"reason": item, "team_points": [0] * options.sides, "declarer": None})
        else:
            rows.append({"reason": "played", "team_points": item[0], "declarer": item[1]})
    return Match.from_json(
        {"options": options.to_dict(), "first_dealer": first_dealer, "results": rows}
    )


def test_the_first_dealer_is_below_4_or_below_3_on_the_dealer_stream():
    assert Match.from_draw(Options(), V1, "").dealer == 3
    assert Match.from_draw(Options(variant="three"), V1, "").dealer == 2
    m = Match.from_draw(Options(), SECRET, "a|b|c|d")
    assert m.first_dealer == fair.first_dealer(SECRET, "a|b|c|d", 4)


def test_the_deal_moves_one_seat_after_a_played_or_all_passed_hand():
    o = Options(all_pass="redeal")
    m = Match(o, first_dealer=2)
    r = m.deal(deck=stacked_deck({}, dealer=2))
    assert r.dealer == 2
    auction(r, None, None, None, None)
    m.record(r)
    assert m.dealer == 3 and m.totals == [0, 0] and len(m.results) == 1
    r = m.deal(secret=SECRET, client_seed="a|b|c|d")
    assert r.dealer == 3


def test_a_played_hand_adds_its_points_and_moves_the_deal():
    m = Match(Options(nines_redeal="off", target=1000), first_dealer=3)
    r = g1_round(m, 25)
    m.record(r)
    assert m.totals == [47, 104] and m.dealer == 0 and not m.over


def test_recording_checks_the_hand():
    m = Match(Options(), first_dealer=3)
    with pytest.raises(IllegalAction) as info:
        m.record(deal())
    assert info.value.code == "round_not_over"
    r = deal(all_pass="redeal", dealer=0)
    auction(r, None, None, None, None)
    with pytest.raises(IllegalAction) as info:
        Match(Options(all_pass="redeal"), first_dealer=3).record(r)
    assert info.value.code == "bad_dealer"
    with pytest.raises(IllegalAction) as info:
        Match(Options(), first_dealer=0).record(r)
    assert info.value.code == "bad_round"
    with pytest.raises(IllegalAction) as info:
        Match(Options(), first_dealer=4)
    assert info.value.code == "bad_dealer"


def test_bidder_first_the_declaring_team_at_the_target_wins_even_with_less():
    m = Match(Options(nines_redeal="off", target=40), first_dealer=3)
    m.record(g1_round(m, 25))  # A declared: 47; B 104
    assert m.over and m.winner == 0


def test_higher_total_both_at_the_target_the_higher_wins():
    m = Match(Options(nines_redeal="off", target=40, tie_rule="higher_total"), first_dealer=3)
    m.record(g1_round(m, 25))
    assert m.over and m.winner == 1


def test_the_other_team_wins_if_the_declarers_is_short():
    m = Match(Options(nines_redeal="off", target=100), first_dealer=3)
    m.record(g1_round(m, 25))
    assert m.over and m.winner == 1


def test_a_finished_match_deals_and_records_no_more():
    m = Match(Options(nines_redeal="off", target=100), first_dealer=3)
    r = g1_round(m, 25)
    m.record(r)
    with pytest.raises(IllegalAction) as info:
        m.deal(secret=SECRET)
    assert info.value.code == "match_over"
    with pytest.raises(IllegalAction) as info:
        m.record(r)
    assert info.value.code == "match_over"


def test_only_played_hands_are_checked_for_the_end():
    o = Options(target=10)
    m = history(o, "all_passed", "redeal")
    assert not m.over and m.dealer == 1 and m.totals == [0, 0]


def test_level_at_the_top_under_higher_total_plays_one_more_hand():
    o = Options(tie_rule="higher_total")
    m = history(o, ([160, 160], 0))
    assert not m.over
    m = history(o, ([160, 160], 0), ([0, 1], 1))
    assert m.over and m.winner == 1


def test_totals_may_go_below_zero_and_minus_target_loses_is_off_by_default():
    m = history(Options(), ([-100, 20], 0), ([-60, 20], 0))
    assert m.totals == [-160, 40] and not m.over


def test_minus_target_loses_after_the_win_check():
    o = Options(minus_target_loses=True)
    m = history(o, ([-100, 20], 0), ([-60, 20], 0))
    assert m.over and m.winner == 1
    # the win check comes first: B reaches the target while A is far below
    m = history(o, ([-200, 160], 1))
    assert m.winner == 1
    m = history(o, ([-200, 140], 0))
    assert m.winner == 1


def test_three_handed_totals_per_seat_and_bidder_first():
    o = Options(variant="three")
    m = history(o, ([100, 120, 0], 0))
    assert m.totals == [100, 120, 0] and m.winner == 0  # the declarer at the target wins
    m = history(o, ([90, 120, 110], 0))
    assert m.winner == 1  # the unique highest of the others at the target
    m = history(o, ([90, 120, 120], 0))
    assert not m.over  # level: one more hand


def test_three_handed_higher_total_and_minus_target_loses():
    o = Options(variant="three", tie_rule="higher_total")
    assert history(o, ([100, 120, 0], 0)).winner == 1
    assert not history(o, ([120, 120, 0], 0)).over
    o = Options(variant="three", minus_target_loses=True)
    assert history(o, ([-100, 50, 40], 0)).winner == 1
    assert not history(o, ([-100, 50, 50], 0)).over


def test_the_end_check_as_a_pure_function():
    assert match_winner([150, 200], 0, 150, "bidder_first", False) == 0
    assert match_winner([140, 200], 0, 150, "bidder_first", False) == 1
    assert match_winner([150, 200], 0, 150, "higher_total", False) == 1
    assert match_winner([150, 150], 0, 150, "higher_total", False) is None
    assert match_winner([-150, 0], 1, 150, "bidder_first", True) == 1
    assert match_winner([-150, -160], 1, 150, "bidder_first", True) == 0  # both low: the higher
    assert match_winner([-150, -150], 1, 150, "bidder_first", True) is None


def test_a_match_survives_json():
    o = Options(variant="three")
    m = history(o, ([10, 20, 30], 0), "redeal", "all_passed", first_dealer=1)
    again = Match.from_json(m.to_json())
    assert again.to_json() == m.to_json()
    assert again.view() == m.view() and again.dealer == 0  # 1, played 2, redeal 2, passed 0
