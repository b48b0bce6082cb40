"""``concede`` (§19): after trump and meld, before the first lead, the declarer concedes or plays
on. A concession scores the declaring side minus the contract and every other side its whole
meld (no save rule, no counters); it counts in the match like a played hand."""

from games.pinochle import Match, Options, Round

from .helpers import auction, refused, trump
from .kitty_helpers import kitty_round
from .test_a_kitty_dealt_out_gives_each_seat_one_card import GIVEN, HANDS, KITTY


def conceding_round(**options: object) -> Round:
    r = kitty_round(HANDS, KITTY, kitty="deal_out", concede=True, **options)
    auction(r, 200, None, None, None)
    r.apply(0, {"type": "give_kitty", "cards": GIVEN})
    trump(r, 0, "S")
    return r


def test_the_declarer_chooses_after_the_meld_is_shown():
    r = conceding_round()
    assert r.phase == "concede" and r.turn == 0
    assert r.view(None)["meld_totals"] == [155, 9]  # meld is computed and shown already
    assert r.legal_actions() == [{"type": "concede"}, {"type": "play_on"}]
    assert r.view(0)["legal"] == r.legal_actions() and r.view(1)["legal"] == []
    refused(r, 0, {"type": "play", "card": "AS"}, "wrong_phase")
    refused(r, 1, {"type": "concede"}, "not_your_turn")
    r.apply(0, {"type": "play_on"})
    assert r.phase == "play" and r.turn == 0 and r.leader == 0


def test_a_concession_scores_minus_the_contract_and_the_others_whole_meld():
    r = conceding_round()
    r.apply(0, {"type": "concede"})
    res = r.result
    # team A (declaring): -200; team B: its whole meld (two marriages 4 twice, seat 1's dix 1)
    # though it took no trick
    assert res["reason"] == "conceded"
    assert res["team_points"] == [-200, 9]
    assert res["made"] is False
    assert res["counters"] == [0, 0]
    assert res["meld"] == res["meld_counted"] == [155, 9]
    assert res["last_trick_team"] is None and r.phase == "done" and r.turn is None
    m = Match(r.options, 3)
    m.record(r)
    assert m.totals == [-200, 9] and m.dealer == 0 and not m.over


def test_a_concession_takes_pinochling_away_and_ends_a_match_like_a_played_hand():
    r = conceding_round(pinochling=True, minus_target_loses=True)
    r.apply(0, {"type": "concede"})
    assert r.result["swept"] is None
    m = Match(r.options, 3)
    m.record(r)
    # team A at -200, at or below -150 (the target): it loses, team B wins
    assert m.over and m.winner == 1


def test_without_the_option_there_is_no_concede_phase():
    r = kitty_round(HANDS, KITTY, kitty="deal_out")
    auction(r, 200, None, None, None)
    r.apply(0, {"type": "give_kitty", "cards": GIVEN})
    refused(r, 0, {"type": "concede"}, "wrong_phase")
    trump(r, 0, "S")
    assert r.phase == "play"
    refused(r, 0, {"type": "play_on"}, "wrong_phase")
    assert Options().concede is False
