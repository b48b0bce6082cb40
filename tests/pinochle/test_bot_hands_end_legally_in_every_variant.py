"""The bot plays whole hands from its seat's view only, legally, in every variant and option."""

import itertools

import pytest

from games.pinochle import Options, Round, bots

OPTION_SETS = [
    dict(variant=v, **extra)
    for v, extra in itertools.product(
        ("single", "double", "three"),
        (
            {},
            {"all_pass": "redeal"},
            {"trump_needs_marriage": True, "first_lead_trump": True},
            {"must_beat": "trump_lead", "first_lead": "eldest", "save_meld": "off"},
            {"must_beat": "none", "roundhouse_bonus": True, "nines_redeal": "off"},
            {"pass_cards": 2},
            {"pass_cards": 4, "save_meld": "counters20"},
        ),
    )
    if not (v == "three" and extra.get("pass_cards"))
]


def is_legal(r: Round, action: dict) -> bool:
    legal = r.legal_actions()
    if action in legal:
        return True
    if action["type"] == "bid":  # any higher legal amount is accepted too
        try:
            r.copy().apply(r.turn, action)
        except ValueError:
            return False
        return True
    if action["type"] in ("pass_cards", "discard"):
        return any(sorted(a["cards"]) == sorted(action["cards"]) for a in legal)
    return False


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: "-".join(map(str, o.values())))
def test_bots_finish_hands_with_legal_actions_only(opts):
    options = Options(**opts)
    reasons = set()
    for k in range(12):
        r = Round.deal(options, k % options.players, secret=f"{k + 3000:064x}")
        while r.turn is not None:
            action = bots.next_action(r.view(r.turn))
            assert is_legal(r, action), action
            r.apply(r.turn, action)
        res = r.result
        assert res is not None and r.view(None)["phase"] == "done"
        reasons.add(res["reason"])
        if res["reason"] == "played":
            assert sum(res["counters"]) == (50 if options.variant == "double" else 25)
            assert all(n == 0 for n in r.view(None)["hand_counts"])
    assert "played" in reasons


def test_the_bot_acts_only_on_its_own_turn():
    r = Round.deal(Options(), 0, secret="11" * 32)
    with pytest.raises(ValueError):
        bots.next_action(r.view((r.turn + 1) % 4))
    with pytest.raises(ValueError):
        bots.next_action(r.view(None))
