"""Issue #35, item 13: a hint offered a lay-off on the partner's meld while the seat had no meld
of its own (``partner_needs_own_meld``); the table refused it. Seeded random play in both games
and every option that changes what is legal: at each state, every action of every hint of the
seat to act is applied to a copy of the round (through its JSON form) and must be accepted.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.banakil import Options as BanakilOptions
from games.banakil import Round as BanakilRound
from games.banakil import hints as banakil_hints
from games.pinochle import Options as PinochleOptions
from games.pinochle import Round as PinochleRound
from games.pinochle import hints as pinochle_hints


def banakil_hinted(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The actions hinted for now: the pile before the draw; melds, lay-offs, swaps after it
    (before the draw they say what the hand holds, for after it)."""
    shown = banakil_hints.hints(view)
    if view["phase"] == "draw":
        return [{"type": "draw", "from": "pile"}] if shown["pile"] else []
    melds = [{"type": "meld", "cards": m} for m in shown["melds"]]
    return melds + shown["layoffs"] + shown["swaps"]


def test_every_banakil_hint_is_accepted_in_random_play():
    rng = random.Random(35_13)
    seen: Counter[str] = Counter()
    for game in range(110):
        players = (4, 2)[game % 2]
        options = BanakilOptions(
            players=players,
            partner_layoff_needs_own_meld=game % 4 < 3,
            pile_card_must_be_used=game % 5 != 0,
        )
        r = BanakilRound.deal(
            options, rng.randrange(players), secret=f"{rng.getrandbits(256):064x}"
        )
        while r.result is None and len(r.actions) < 300:
            seat = r.turn
            view = r.view(seat)
            hand = Counter(view["hand"])
            seen[view["phase"]] += 1
            shown = banakil_hints.hints(view)
            together = Counter(c for m in shown["melds"] for c in m)
            assert not together - hand, ("the hinted melds need more cards than held", shown)
            for action in banakil_hinted(view):
                seen["actions"] += 1
                BanakilRound.from_json(r.to_json()).apply(seat, action)
            actions = r.legal_actions()
            keen = [a for a in actions if a.get("from") == "pile" or a["type"] == "swap"]
            r.apply(seat, rng.choice(keen if keen and rng.random() < 0.8 else actions))
    assert seen["play"] > 7500 and seen["actions"] > 18000, seen


def pinochle_hinted(view: dict[str, Any]) -> list[dict[str, Any]]:
    shown = pinochle_hints.hints(view)
    actions: list[dict[str, Any]] = [{"type": "play", "card": c} for c in shown["legal_cards"]]
    if view["phase"] == "bidding":
        bid = shown["suggested_bid"]
        actions.append({"type": "pass"} if bid is None else {"type": "bid", "amount": bid})
    if view["phase"] == "trump":
        actions.append({"type": "trump", "suit": shown["suggested_trump"]})
    if shown["suggested_discard"] is not None:
        actions.append({"type": "discard", "cards": shown["suggested_discard"]})
    if shown["suggested_kitty"] is not None:
        actions.append({"type": "give_kitty", "cards": shown["suggested_kitty"]})
    if shown["concession"] is not None:
        actions.append({"type": shown["concession"]["suggested"]})
    return actions


def test_every_pinochle_hint_is_accepted_in_random_play_of_each_variant():
    rng = random.Random(35_13)
    seen: Counter[str] = Counter()
    variants = [
        {"variant": "single"},
        {"variant": "single", "pass_cards": 4, "trump_needs_marriage": True},
        {"variant": "double"},
        {"variant": "double", "must_beat": "none", "first_lead_trump": True},
        {"variant": "three", "all_pass": "redeal", "must_beat": "trump_lead"},
        {"variant": "single", "kitty": "declarer", "concede": True},
        {"variant": "single", "kitty": "deal_out", "pass_cards": 3},
    ]
    for game in range(60):
        chosen = variants[game % len(variants)]
        options = PinochleOptions(**chosen)  # type: ignore[arg-type]
        r = PinochleRound.deal(
            options, rng.randrange(options.players), secret=f"{rng.getrandbits(256):064x}"
        )
        while r.phase != "done":
            seat = r.turn
            assert seat is not None
            for action in pinochle_hinted(r.view(seat)):
                seen[action["type"]] += 1
                PinochleRound.from_json(r.to_json()).apply(seat, action)
            r.apply(seat, rng.choice(r.legal_actions()))
    assert seen["play"] > 5000 and seen["bid"] + seen["pass"] > 100 and seen["trump"] > 30, seen
    assert seen["discard"] > 10 and seen["give_kitty"] > 5, seen
    assert seen["concede"] + seen["play_on"] > 5, seen
