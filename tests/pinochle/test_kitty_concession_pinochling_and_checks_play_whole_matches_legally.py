"""The kitty, concession, pinochling and check Pinochle: seeded random play to the end of a match
with each option. At every step each legal action is one ``apply`` accepts, the time-out move is
legal, the round and the match come back exactly from their JSON and a replay, and the baseline
bot (every level) and the hints give legal actions in every state (§19-21)."""

import random

import pytest

from games.pinochle import Match, Options, Round, bots, hints

from .test_legal_actions_are_exactly_what_apply_accepts import accepted

OPTIONS = [
    Options(kitty="declarer"),
    Options(kitty="declarer", pass_cards=2, concede=True, pinochling=True),
    Options(kitty="deal_out", first_lead="eldest", trump_needs_marriage=True),
    Options(kitty="deal_out", pass_cards=4, concede=True),
    Options(concede=True, pinochling=True),
    Options(variant="double", concede=True),
    Options(variant="three", checks=True, concede=True, pinochling=True),
    Options(variant="cutthroat", checks=True, check_bonus=10, all_pass="redeal"),
    Options(variant="two", pinochling=True),
    Options(variant="six", concede=True, pinochling=True),
    Options(variant="eight", concede=True, pass_cards=2),
]


def label(o: Options) -> str:
    on = [k for k in ("concede", "pinochling", "checks") if getattr(o, k)]
    return "-".join([o.variant, o.kitty, *on, str(o.pass_cards)])


@pytest.mark.parametrize("options", OPTIONS, ids=label)
def test_random_play_to_the_end_of_a_match(options):
    rng = random.Random(label(options))
    small = Options.from_dict({**options.to_dict(), "target": 100})
    m = Match.from_draw(small, f"{5:064x}", "")
    hands = 0
    checks = [0] * small.players
    while not m.over:
        r = m.deal(secret=f"{hands + 800:064x}", client_seed="a|b")
        while r.turn is not None:
            legal = r.legal_actions()
            assert legal and all(accepted(r, a) for a in legal)
            assert accepted(r, r.timeout_actions()[0])
            r.apply(r.turn, rng.choice(legal))
            if len(r.actions) % 5 == 0:
                assert Round.from_json(r.to_json()).to_json() == r.to_json()
        res = r.result
        assert ("swept" in res) == options.pinochling
        assert ("checks" in res) == options.checks
        if options.checks:
            assert sum(res["check_net"]) == 0
            checks = [c + n for c, n in zip(checks, res["checks"], strict=True)]
        back = Round.from_json(r.to_json())
        assert all(back.view(s) == r.view(s) for s in [None, *range(r.players)])
        m.record(r)
        hands += 1
        assert Match.from_json(m.to_json()).to_json() == m.to_json()
    assert m.winner in range(options.sides) and hands < 300
    if options.checks:  # every hand's checks and the game's bonus to the winner
        checks[m.winner] += options.check_bonus
        assert m.checks == checks and sum(m.check_net) == 0


@pytest.mark.parametrize("options", OPTIONS, ids=label)
def test_bots_and_hints_are_legal_in_every_state(options):
    for k in range(2):
        r = Round.deal(options, k % options.players, secret=f"{k + 40:064x}")
        level = [bots.next_action, bots.easy, bots.hard][k % 3]
        while r.turn is not None:
            view = r.view(r.turn)
            tips = hints.hints(view)
            legal_cards = {a["card"] for a in r.legal_actions() if a["type"] == "play"}
            assert set(tips["legal_cards"]) == legal_cards
            action = level(view, budget_ms=5) if level is bots.hard else level(view)
            assert accepted(r, action), action
            r.apply(r.turn, action)
        assert r.result is not None
        for seat in range(r.players):
            hints.hints(r.view(seat))  # also once the hand is over
