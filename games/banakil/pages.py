"""What Sahrat's pages show of a Banakil round: its line on the score sheet (history), every
step of its replay, and its deal for Verify. Pure: computed from the round's JSON and result.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import fair
from .cards import sort_cards
from .round import FIRST_HAND, HAND, Round


def round_line(state: Mapping[str, Any] | None, result: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's part of a round's score-sheet line: how it ended, points by part, melds."""
    line: dict[str, Any] = {
        "out_seat": None,
        "nazla": False,
        "meld_points": None,
        "hand_points": None,
        "bonus": None,
        "melds": [],
    }
    if result:
        line.update(
            out_seat=result["out_seat"],
            nazla=result["nazla"],
            meld_points=result["meld_points"],
            hand_points=result["hand_points"],
            bonus=result["bonus"],
        )
    if state is not None:
        view = Round.from_json(state).view(None)
        line["melds"] = [
            {k: m[k] for k in ("owner", "team", "kind", "cards", "points")} for m in view["melds"]
        ]
    return line


def ends_turn(action: Mapping[str, Any]) -> bool:
    """A throw ends a seat's turn (history counts time-out and bot turns by it)."""
    return action.get("type") == "throw"


def _step(engine: Round, seat: int | None, action: Any, logged: int) -> dict[str, Any]:
    """One step: the public view plus every hand, and the log entries this action added (a
    stock draw's card included: the round is over)."""
    view = engine.view(None)
    events = []
    for entry in engine.log[logged:]:
        shown = {k: v for k, v in entry.items() if k != "private"}
        if "private" in entry:
            shown["card"] = entry["private"]
        events.append(shown)
    return {
        "seat": seat,
        "action": action,
        "events": events,
        "turn": view["turn"],
        "turn_no": view["turn_no"],
        "phase": view["phase"],
        "hands": [sort_cards(h.elements()) for h in engine.hands],
        "melds": [
            {k: m[k] for k in ("id", "owner", "team", "kind", "cards", "points")}
            for m in view["melds"]
        ],
        "team_meld_points": view["team_meld_points"],
        "pile_top": view["pile_top"],
        "pile_size": view["pile_size"],
        "stock_size": view["stock_size"],
        "restocks": view["restocks"],
        "result": view["result"],
    }


def replay_steps(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every state of a finished round, from the deal to the end, computed by the engine from
    the deal and the action log. All hands are in every step: call it for finished rounds only."""
    engine = Round.from_json({**state, "actions": []})  # the deal alone
    steps = [_step(engine, None, None, 0)]
    for seat, action in state["actions"]:
        logged = len(engine.log)
        engine.apply(seat, action)
        steps.append(_step(engine, seat, engine.actions[-1][1], logged))
    return steps


def dealt(state: Mapping[str, Any]) -> dict[str, Any]:
    """What the server dealt and did in a round: its action log, the deck, the hands as dealt,
    every restock (its input pile and the resulting stock)."""
    engine = Round.from_json(state)
    return {
        "actions": [[seat, action] for seat, action in engine.actions],
        "recorded": {
            "deck": list(engine.deck),
            "hands": engine.dealt_hands(),
            "restocks": [dict(r) for r in engine.restock_history],
        },
    }


def check_deal(record: Mapping[str, Any]) -> list[tuple[str, bool]]:
    """The server's own re-derivation of a revealed round's record: (item, passed) per item."""
    secret, seed = record.get("secret"), record.get("client_seed") or ""
    recorded = record.get("recorded") or {}
    if not secret or not recorded:
        return []
    players, dealer = record["players"], record["dealer"]
    out = [("commitment", fair.commitment(secret) == record["commitment"])]
    deck = fair.deal_deck(secret, seed)
    out.append(("deck", deck == recorded.get("deck")))
    pos = 0
    for k in range(players):
        seat = (dealer + 1 + k) % players
        size = FIRST_HAND if k == 0 else HAND
        out.append((f"hand-{seat}", deck[pos : pos + size] == recorded["hands"][seat]))
        pos += size
    if record.get("number") == 1 and record.get("first_dealer") is not None:
        first = fair.first_dealer(secret, seed, players)
        out.append(("first-dealer", first == record["first_dealer"]))
    for r in recorded.get("restocks", []):
        stock = fair.shuffle(r["pile"], secret, f"restock:{r['k']}", seed)
        out.append((f"restock-{r['k']}", stock == r["stock"]))
    return out
