"""docs/rules/banakil.md, "The match": the target, the end only at a round's end, level at the top →
one more round, the dealer moving one seat each round, and the first dealer from the fair draw."""

from decimal import Decimal
from types import SimpleNamespace

import pytest

from games.banakil import BanakilError, Match, Options, fair

from .helpers import meld, stacked_deck, throw

SECRET = "00000000000000000000000000000000000000000000000000000000000000a1"

NAZLA_HAND = "AS AH AD 3S 3H 3D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC KD"


def quick_round(match):
    """Deal the match's next round with the starter holding a first-turn nazla, and play it."""
    dealer = match.dealer
    starter = (dealer + 1) % match.options.players
    deck = stacked_deck({starter: NAZLA_HAND}, dealer=dealer, players=match.options.players)
    r = match.deal(deck=deck)
    assert r.dealer == dealer
    meld(r, starter, "AS AH AD AC")
    meld(r, starter, "3S 3H 3D 3C")
    meld(r, starter, "4C 5C 6C 7C 8C 9C TC JC QC KC")
    throw(r, starter, "KD")
    assert r.result is not None
    return r


def finished(match, a, b):
    """A finished round's result as the match reads it (team points A, B)."""
    return SimpleNamespace(
        dealer=match.dealer, result={"team_points": [Decimal(str(a)), Decimal(str(b))]}
    )


def test_the_target_is_222_with_four_players_and_150_one_against_one():
    assert Options(players=4).target == 222
    assert Options(players=2).target == 150
    assert Match(Options(players=4), 0).options.target == 222


def test_the_deal_moves_one_seat_on_each_round():
    m = Match(Options(players=4, target=2000), first_dealer=3)
    dealers = []
    for _ in range(5):
        dealers.append(m.dealer)
        m.record(quick_round(m))
    assert dealers == [3, 0, 1, 2, 3]


def test_the_deal_moves_one_seat_on_each_round_one_against_one():
    m = Match(Options(players=2, target=2000), first_dealer=1)
    dealers = []
    for _ in range(3):
        dealers.append(m.dealer)
        m.record(quick_round(m))
    assert dealers == [1, 0, 1]


def test_the_totals_add_up_each_rounds_points():
    m = Match(Options(players=4, target=2000), first_dealer=0)
    r1 = quick_round(m)
    m.record(r1)
    r2 = quick_round(m)
    m.record(r2)
    want = [r1.result["team_points"][t] + r2.result["team_points"][t] for t in (0, 1)]
    assert m.totals == want


def test_a_round_still_being_played_cannot_count_for_the_match():
    m = Match(Options(players=4), first_dealer=0)
    r = m.deal(deck=stacked_deck({}, dealer=0))
    with pytest.raises(BanakilError) as info:
        m.record(r)
    assert info.value.code == "round_not_over"
    assert m.totals == [0, 0]
    assert not m.over


def test_the_match_goes_on_while_no_team_has_reached_the_target():
    m = Match(Options(players=4), first_dealer=0)
    m.record(finished(m, 221, 100))
    assert not m.over and m.winner is None


def test_the_match_ends_when_a_team_reaches_the_target_at_the_end_of_a_round():
    m = Match(Options(players=4), first_dealer=0)
    m.record(finished(m, 150, 100))
    m.record(finished(m, 72, 10))
    assert m.totals == [Decimal(222), Decimal(110)]
    assert m.over and m.winner == 0


def test_the_higher_total_wins_when_both_teams_pass_the_target():
    m = Match(Options(players=4), first_dealer=0)
    m.record(finished(m, 200, 210))
    m.record(finished(m, 40, 20.5))
    assert m.totals == [Decimal(240), Decimal("230.5")]
    assert m.over and m.winner == 0


def test_the_team_below_the_target_can_not_win_but_the_higher_total_does():
    m = Match(Options(players=4), first_dealer=0)
    m.record(finished(m, 230, 40))
    assert m.over and m.winner == 0
    m2 = Match(Options(players=4), first_dealer=0)
    m2.record(finished(m2, -10, 222))
    assert m2.over and m2.winner == 1


def test_level_at_the_top_plays_one_more_round_then_checks_again():
    m = Match(Options(players=4), first_dealer=0)
    m.record(finished(m, 230, 230))
    assert not m.over and m.winner is None
    assert m.dealer == 1
    m.record(finished(m, 5, 0))
    assert m.over and m.winner == 0


def test_level_at_the_top_twice_plays_on_again():
    m = Match(Options(players=2), first_dealer=0)
    m.record(finished(m, 150, 150))
    m.record(finished(m, 3, 3))
    assert not m.over
    m.record(finished(m, 0, 0.5))
    assert m.over and m.winner == 1


def test_a_table_target_option_replaces_the_default():
    m = Match(Options(players=4, target=100), first_dealer=0)
    m.record(finished(m, 99.5, 0))
    assert not m.over
    m.record(finished(m, 0.5, 0))
    assert m.over and m.winner == 0


def test_no_round_is_dealt_after_the_match_is_over():
    m = Match(Options(players=4), first_dealer=0)
    m.record(finished(m, 300, 0))
    with pytest.raises(BanakilError) as info:
        m.deal(deck=stacked_deck({}, dealer=m.dealer))
    assert info.value.code == "match_over"


def test_the_first_dealer_comes_from_the_fair_dealer_draw():
    for players in (4, 2):
        m = Match.from_draw(Options(players=players), SECRET, "a|b" if players == 2 else "a|b|c|d")
        seed = "a|b" if players == 2 else "a|b|c|d"
        assert m.dealer == fair.first_dealer(SECRET, seed, players)
