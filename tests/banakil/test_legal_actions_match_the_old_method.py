"""``Round.legal_actions()`` generates its actions; the old method tried every candidate on a copy.

Over many positions of seeded and hypothesis-driven random play (both modes, every option that
changes what is legal, pile draws, lay-offs on own and partner melds, joker swaps, owed cards,
restocks), the generated list holds each action once, every listed action applies, and its set is
the set the old method validated (``legal_oracle.old_legal_actions``), a set meld's cards compared
in any order (the generator lists them in one canonical order: real cards in suit order, then the
banakil, then the joker).

For a longer run: ``BANAKIL_ORACLE_ROUNDS=1000 BANAKIL_ORACLE_SEED=2026 .venv/bin/pytest
tests/banakil/test_legal_actions_match_the_old_method.py`` (about 10 minutes).
"""

import json
import os
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.banakil import Options, Round
from games.banakil.uses import canonical

from .legal_oracle import old_legal_actions


def key(action: dict) -> str:
    if action["type"] == "meld":
        action = {**action, "cards": list(canonical(action["cards"]))}
    return json.dumps(action, sort_keys=True)


def check_position(r: Round, seen: Counter) -> list[dict]:
    """Compare the generator with the old method here; count what the position exercises."""
    new = r.legal_actions()
    keys = [key(a) for a in new]
    assert len(set(keys)) == len(keys), f"listed twice: {new}"
    assert set(keys) == {key(a) for a in old_legal_actions(r)}, r.to_json()
    for action in new:
        if action["type"] == "meld":
            assert tuple(action["cards"]) == canonical(action["cards"])
        r.copy().apply(r.turn, action)  # raises if refused
        seen[action["type"]] += 1
        if action.get("from") == "pile":
            seen["pile draw"] += 1
        if action["type"] == "layoff" and r.melds[action["meld"] - 1].owner != r.turn:
            seen["partner lay-off"] += 1
        if "banakil_to" in action:
            seen["banakil move"] += 1
    seen["owed"] += r.owed is not None
    seen["restocked"] += r.restocks > 0
    return new


def play(rng: random.Random, seen: Counter, max_actions: int = 500) -> None:
    """One random round: sometimes passive (draw and throw only) for a while so that the stock
    runs out and the pile is restocked, and sometimes preferring the pile, melds and swaps."""
    players = rng.choice([2, 4])
    options = Options(
        players=players,
        pile_card_must_be_used=rng.random() < 0.75,
        partner_layoff_needs_own_meld=rng.random() < 0.75,
        nazla_final_throw=rng.random() < 0.5,
    )
    r = Round.deal(options, rng.randrange(players), secret=f"{rng.getrandbits(256):064x}")
    passive = rng.choice([0, 0, 80, 160])
    eager = rng.random() < 0.5
    while r.result is None and len(r.actions) < max_actions:
        actions = check_position(r, seen)
        choices = actions
        if len(r.actions) < passive:
            choices = [a for a in actions if a["type"] in ("draw", "throw")] or actions
        elif eager:
            keen = [a for a in actions if a.get("from") == "pile" or a["type"] == "swap"]
            choices = keen if keen and rng.random() < 0.7 else actions
        r.apply(r.turn, rng.choice(choices))


def test_the_generator_lists_what_the_old_method_validated_over_seeded_random_play():
    rng = random.Random(int(os.environ.get("BANAKIL_ORACLE_SEED", "14")))
    seen: Counter = Counter()
    for _ in range(int(os.environ.get("BANAKIL_ORACLE_ROUNDS", "24"))):  # more: set it higher
        play(rng, seen)
    # the positions covered every kind of action and every special case
    for what in (
        "meld",
        "layoff",
        "swap",
        "throw",
        "draw",
        "pile draw",
        "partner lay-off",
        "banakil move",
        "owed",
        "restocked",
    ):
        assert seen[what] > 0, f"no position with {what}: {seen}"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices=st.randoms(use_true_random=False))
def test_the_generator_lists_what_the_old_method_validated_over_hypothesis_play(choices):
    play(choices, Counter(), max_actions=300)
