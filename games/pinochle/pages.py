"""What Sahrat's pages show of a Pinochle hand: its line on the score sheet (history), every step
of its replay, and its deal for Verify. Pure: computed from the hand's JSON and result.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games import fair

from .cards import CANONICAL, deal_hands, rest_start
from .options import Options
from .round import Round


def round_line(state: Mapping[str, Any] | None, result: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's part of a hand's score-sheet line: the contract, its declarer and trump, each
    side's meld (and whether it counted), counters, last trick, made or set, every seat's meld;
    with check Pinochle each seat's checks, their events and net."""
    line: dict[str, Any] = {
        "declarer": None,
        "contract": None,
        "trump": None,
        "made": None,
        "meld": None,
        "meld_counted": None,
        "counters": None,
        "last_trick_team": None,
        "redeal_seat": None,
        "redeal_cards": None,
        "melds": None,
        "checks": None,
        "check_events": None,
        "check_net": None,
    }
    if result:
        for key in line:
            if key in result:
                line[key] = result[key]
    if state is not None:
        line["melds"] = Round.from_json(state).view(None)["melds"]
    return line


def public_action(action: Mapping[str, Any]) -> dict[str, Any]:
    """An action as the other seats may know it: passed, discarded and dealt-out kitty cards are
    counted, not named (only the two partners see a pass, only the declarer the discard and the
    kitty, each seat the kitty card it gets)."""
    if action.get("type") in ("pass_cards", "discard", "give_kitty"):
        return {"type": action["type"], "count": len(action.get("cards") or ())}
    return dict(action)


def ends_turn(action: Mapping[str, Any]) -> bool:
    """Every Pinochle action is a whole turn: a bid or pass, naming trump, passing cards, the
    discard, one card to a trick."""
    return True


def _step(engine: Round, seat: int | None, action: Any, took: int | None) -> dict[str, Any]:
    """One step: the public view, every hand, the cards that moved between hands (the hand is
    over: nothing is hidden any more: the widow, the kitty and where it was dealt out, the
    discard, the passed cards), the counters each side has taken so far and the seat that took
    the trick this step completed (None when it completed none)."""
    view = engine.view(None)
    return {
        "seat": seat,
        "action": action,
        "view": view,
        "counters": list(engine.counters),
        "took": took,
        "hands": [list(h) for h in engine.hands],
        "widow": list(engine.widow) if engine.widow is not None else None,
        "kitty": list(engine.kitty) if engine.kitty is not None else None,
        "kitty_given": list(engine.kitty_given) if engine.kitty_given is not None else None,
        "discard": list(engine.discarded) if engine.discarded is not None else None,
        "passed": {
            "to_declarer": engine.to_declarer,
            "to_partner": engine.to_partner,
        },
    }


def _draws(engine: Round, seat: int, before: list[str], exchanged: bool) -> list[dict[str, Any]]:
    """Two-handed: the cards this step drew from the stock (``before``: the stock before it), the
    trick's winner (``seat``, who declared or passed) first, then the other seat. The last card
    of a turned-up stock lies face up (``turn_up`` true): the turn-up, or the 9 of trump a dix
    put in its place (this step's ``exchanged`` false: the exchange was this step's meld)."""
    two = engine.two
    assert two is not None
    drawn = before[: len(before) - len(two.stock)]
    face_up = not two.auction and not two.stock
    if face_up and two.exchanged and not exchanged:
        drawn[-1] = two.log[-1]["cards"][0]
    return [
        {"seat": (seat + k) % 2, "card": card, "turn_up": face_up and k == len(drawn) - 1}
        for k, card in enumerate(drawn)
    ]


def replay_steps(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every state of a finished hand, from the deal to the end, computed by the engine from the
    deal and the action log. Call it for finished hands only: all hands are shown (two-handed:
    each step also has its ``draws`` from the stock; ``seen_by`` hides another seat's draws)."""
    engine = Round.from_json({**state, "actions": []})  # the deal alone
    steps = [_step(engine, None, None, None)]
    two = engine.two
    if two is not None:
        steps[0]["draws"] = []
    for seat, action in state["actions"]:
        stock, exchanged = (list(two.stock), two.exchanged) if two else ([], False)
        took = engine.apply(seat, action)
        step = _step(engine, seat, engine.actions[-1][1], took)
        if two is not None:
            step["draws"] = _draws(engine, seat, stock, exchanged)
        steps.append(step)
    return steps


def seen_by(steps: list[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    """A hand's replay while its match goes on, as ``viewer`` (its seat; None: anyone else) may
    see it. Two-handed, what each seat drew from the stock is seen by that seat only: another
    seat's draw is "a card" (``card`` None) and the drawn cards it still holds lie face down at
    the end of its hand (None) until it plays or melds them; the turn-up, drawn face up, is
    everyone's. Once the match is over every step is shown whole. Other variants draw nothing:
    their steps are returned as they are."""
    if not steps or "draws" not in steps[0]:
        return steps
    secret: list[Counter[str]] = [Counter(), Counter()]
    out = []
    for step in steps:
        draws = []
        for draw in step["draws"]:
            if draw["seat"] == viewer or draw["turn_up"]:
                draws.append(draw)
            else:
                secret[draw["seat"]][draw["card"]] += 1
                draws.append({**draw, "card": None})
        hands: list[list[str | None]] = []
        for seat, hand in enumerate(step["hands"]):
            held = Counter(hand)
            # a drawn card no longer held was played or melded: public from then on
            secret[seat] = Counter({c: min(k, held[c]) for c, k in secret[seat].items() if held[c]})
            down = Counter(secret[seat])
            shown: list[str | None] = []
            for card in hand:
                if down[card]:
                    down[card] -= 1
                else:
                    shown.append(card)
            hands.append(shown + [None] * (len(hand) - len(shown)))
        out.append({**step, "draws": draws, "hands": hands})
    return out


def rest_of(deck: Sequence[str], options: Options) -> dict[str, Any]:
    """The cards left after the hands, as dealt, by what they are: three-handed the widow;
    two-handed the turn-up ``deck[24]`` and the stock ``deck[25:48]`` (with ``two_trump:
    auction`` no turn-up, the stock ``deck[24:48]``); with a kitty ``deck[44:48]``. Each is None
    where the variant has none."""
    rest = list(deck[rest_start(options.variant, options.packets) :])
    two, turn_up = options.variant == "two", options.two_trump == "turn_up"
    return {
        "widow": rest if options.variant == "three" else None,
        "turn_up": rest[0] if two and turn_up else None,
        "stock": (rest[1:] if turn_up else rest) if two else None,
        "kitty": rest if options.kitty != "none" else None,
    }


def dealt(state: Mapping[str, Any]) -> dict[str, Any]:
    """What the server dealt and did in a hand: its action log, the deck, the hands as dealt
    and the rest as dealt (the widow, the turn-up and the stock, the kitty)."""
    engine = Round.from_json(state)
    return {
        "actions": [[seat, action] for seat, action in engine.actions],
        "recorded": {
            "deck": list(engine.deck),
            "hands": engine.dealt_hands(),
            **rest_of(engine.deck, engine.options),
        },
    }


def check_deal(record: Mapping[str, Any]) -> list[tuple[str, bool]]:
    """The server's own re-derivation of a revealed hand's record: (item, passed) per item."""
    secret, seed = record.get("secret"), record.get("client_seed") or ""
    recorded = record.get("recorded") or {}
    if not secret or not recorded:
        return []
    options = Options.from_dict(record.get("options") or {})
    dealer = record["dealer"]
    out = [("commitment", fair.commitment(secret) == record["commitment"])]
    deck = fair.shuffle(CANONICAL[options.variant], secret, "deal", seed)
    out.append(("deck", deck == recorded.get("deck")))
    for seat, hand in enumerate(deal_hands(deck, dealer, options.variant, options.packets)):
        out.append((f"hand-{seat}", hand == recorded["hands"][seat]))
    for name, cards in rest_of(deck, options).items():
        if cards is not None:
            out.append((name.replace("_", "-"), cards == recorded.get(name)))
    if record.get("number") == 1 and record.get("first_dealer") is not None:
        first = fair.first_dealer(secret, seed, options.players)
        out.append(("first-dealer", first == record["first_dealer"]))
    return out
