"""Cutthroat, six- and eight-handed: seeded random play and bots to the end of a match. At every
step each legal action is one ``apply`` accepts, the time-out move is legal, no view shows
another seat's cards (the public view only what was played or is public by rule), and the round
and the match come back exactly from their JSON (docs/rules/pinochle.md, §13, §21)."""

import random

import pytest

from games.pinochle import Match, Options, Round, bots

from .test_legal_actions_are_exactly_what_apply_accepts import accepted
from .test_views_never_leak_another_seats_cards import check_views as check_seat_views

OPTIONS = [
    Options(variant="cutthroat"),
    Options(variant="cutthroat", all_pass="redeal", first_lead="eldest", must_beat="none"),
    Options(variant="six"),
    Options(variant="six", save_meld="trick", trump_needs_marriage=True),
    Options(variant="eight"),
    Options(variant="eight", pass_cards=2, quadruple_pinochle_100=True, first_lead_trump=True),
]


def check_views(r: Round) -> None:
    """The leak audit of every variant, and every per-side list has one entry per unit."""
    check_seat_views(r)
    public = r.view(None)
    sides = r.options.sides
    assert len(public["tricks_won"]) == sides
    assert public["meld_totals"] is None or len(public["meld_totals"]) == sides


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o.variant}-{o.pass_cards}")
def test_random_play_to_the_end_of_a_match(options):
    rng = random.Random(options.variant)
    m = Match.from_draw(
        options.__class__.from_dict({**options.to_dict(), "target": 120}), f"{3:064x}", ""
    )
    hands = 0
    while not m.over:
        r = m.deal(secret=f"{hands + 500:064x}", client_seed="a|b")
        check_views(r)
        while r.turn is not None:
            legal = r.legal_actions()
            assert legal and all(accepted(r, a) for a in legal)
            assert accepted(r, r.timeout_actions()[0])
            r.apply(r.turn, rng.choice(legal))
            check_views(r)
            if len(r.actions) % 7 == 0:
                assert Round.from_json(r.to_json()).to_json() == r.to_json()
        res = r.result
        assert len(res["team_points"]) == options.sides
        if res["reason"] == "played":
            total = {"cutthroat": 25, "six": 75, "eight": 50}[options.variant]
            assert sum(res["counters"]) == total
        assert Round.from_json(r.to_json()).view(0) == r.view(0)
        m.record(r)
        hands += 1
        assert Match.from_json(m.to_json()).to_json() == m.to_json()
    assert m.winner in range(options.sides) and hands < 200


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o.variant}-{o.pass_cards}")
@pytest.mark.parametrize("bot", [bots.easy, bots.next_action, bots.hard])
def test_bots_play_whole_hands_legally(options, bot):
    for k in range(3):
        r = Round.deal(options, k % options.players, secret=f"{k + 900:064x}")
        while r.turn is not None:
            view = r.view(r.turn)
            action = bot(view, budget_ms=5) if bot is bots.hard else bot(view)
            assert accepted(r, action), action
            r.apply(r.turn, action)
        assert r.result is not None


@pytest.mark.parametrize("variant", ["cutthroat", "six", "eight"])
def test_the_baseline_bot_plays_a_whole_match_at_the_variants_target(variant):
    m = Match.from_draw(Options(variant=variant), f"{11:064x}", "")
    hands = 0
    while not m.over:
        r = m.deal(secret=f"{hands + 7000:064x}")
        while r.turn is not None:
            action = bots.next_action(r.view(r.turn))
            assert accepted(r, action), action
            r.apply(r.turn, action)
        m.record(r)
        hands += 1
    assert m.winner in range(m.options.sides) and max(m.totals) >= m.options.target
