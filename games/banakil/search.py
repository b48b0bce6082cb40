"""The hard Banakil bot's search: determinized look-ahead over what its seat may know.

Everything here reads one seat's ``view`` only. A *determinization* deals the cards the seat
cannot see (the other hands, the stock, the pile under its top card) consistently with the
view: the whole deck less the seat's hand, the melds on the table and the pile's top card, in
the counts the view shows. It is then set up as a real engine ``Round`` (the engine's
``legal_actions``/``apply`` play it), and the baseline bot plays every seat for a few turns.

The choices searched are the two that decide most: the draw (the pile's top card or the stock)
and the card to throw (the few the baseline rates least useful). Each is tried in the same
determinizations and scored by the position it leads to: each team's melds on the table less
the cards left in its hands (the round's own scoring when it ends, go-out bonus and «نزلة»
included). A throw the next opponent takes from the pile, or a card the partner could have
laid off, shows up in that score. Melding and laying off follow the baseline.

Deterministic for a given view and seed; ``budget_ms`` caps the time (the sample count caps it
first in tests).
"""

from __future__ import annotations

import random
import time
import zlib
from collections import Counter
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, Final

from games.search_budget import another_sample_fits

from .cards import CANONICAL_DECK, POINTS
from .hints import can_take_pile, table_melds
from .options import Options
from .round import Round
from .uses import Action

#: turns played out after the choice (every seat's, the chooser's included)
HORIZON: Final = 6
#: throws tried: the baseline's choice and the next least useful cards
THROWS: Final = 4
#: the search leaves the baseline's choice only with this many deals searched, and for a
#: candidate better by this many points on average (play-outs are noisy; a few deals that
#: happen to favour another card are not worth a worse move)
MIN_SAMPLES: Final = 6
MARGIN: Final = 3.0

Bot = Callable[[Mapping[str, Any]], Action]


def seed_of(view: Mapping[str, Any]) -> int:
    """A seed from the view itself: the same view always searches the same way."""
    hand = ",".join(view["hand"])
    text = f"{view['seat']}|{view['turn_no']}|{view['dealer']}|{view['phase']}|{hand}"
    return zlib.crc32(text.encode())


def hidden_cards(view: Mapping[str, Any]) -> Counter[str]:
    """The cards the seat cannot see: the deck less its hand, the table's melds and the pile's
    top card."""
    pool = Counter(CANONICAL_DECK)
    pool.subtract(view["hand"])
    for m in view["melds"]:
        pool.subtract(m["cards"])
    if view["pile_top"] is not None:
        pool[view["pile_top"]] -= 1
    return +pool


def determinize(view: Mapping[str, Any], rng: random.Random) -> Round:
    """A round consistent with the view, with the unseen cards dealt at random."""
    options = Options.from_dict(view["options"])
    seat: int = view["seat"]
    cards = list(hidden_cards(view).elements())
    rng.shuffle(cards)
    r = Round(options, view["dealer"], CANONICAL_DECK)  # then set to the view's position
    counts = view["hand_counts"]
    hands: list[Counter[str]] = []
    k = 0
    for s in range(view["players"]):
        if s == seat:
            hands.append(Counter(view["hand"]))
        else:
            hands.append(Counter(cards[k : k + counts[s]]))
            k += counts[s]
    under = view["pile_size"] - (1 if view["pile_top"] is not None else 0)
    pile = cards[k : k + under]
    k += under
    if view["pile_top"] is not None:
        pile.append(view["pile_top"])
    stock = cards[k:]
    assert len(stock) == view["stock_size"], "the view's counts add up to the deck"
    r.hands = hands
    r.pile = pile
    r.stock = stock
    r.melds = table_melds(view)
    r.has_meld = list(view["has_meld"])
    r.laid_down = list(view["has_meld"])
    r.laid_down[seat] = bool(view["laid_down_before_turn"]) or r.has_meld[seat]
    r.turn = view["turn"]
    r.turn_no = view["turn_no"]
    r.phase = view["phase"]
    r.drawn = view["drawn"]
    owed = view["must_go_down"]
    r.owed = owed[0] if owed else None
    r._owed_below = hands[seat][r.owed] if r.owed is not None else 0
    r.laid_down_before_turn = bool(view["laid_down_before_turn"])
    r.touched_partner = bool(view["touched_partner"])
    r.restocks = view["restocks"]
    r.actions = []
    r.log = []
    r.result = None
    return r


def _score(r: Round, team: int) -> float:
    """The position for ``team``: the round's result once over, else each team's melds less the
    points in its hands."""
    if r.result is not None:
        pts = r.result["team_points"]
        return float(pts[team] - pts[1 - team])
    value = [Decimal(0), Decimal(0)]
    for tm in r.melds:
        value[tm.owner % 2] += tm.meld.points
    for s, hand in enumerate(r.hands):
        value[s % 2] -= sum((POINTS[c] * n for c, n in hand.items()), Decimal(0))
    return float(value[team] - value[1 - team])


def _play_out(r: Round, bot: Bot, until_turn: int) -> None:
    """The baseline for every seat until turn ``until_turn`` starts or the round ends."""
    steps = 0
    while r.result is None and r.turn_no < until_turn and steps < 400:
        seat = r.turn
        r.apply(seat, bot(r.view(seat)))
        steps += 1


def _finish_turn(r: Round, bot: Bot, seat: int) -> None:
    """The baseline plays the rest of ``seat``'s turn."""
    turn_no = r.turn_no
    steps = 0
    while r.result is None and r.turn == seat and r.turn_no == turn_no and steps < 60:
        r.apply(seat, bot(r.view(seat)))
        steps += 1


def _candidates(view: Mapping[str, Any], baseline: Action, throws: list[str]) -> list[Action]:
    if view["phase"] == "draw":
        out = [baseline]
        other = "stock" if baseline["from"] == "pile" else "pile"
        if other == "stock" or can_take_pile(view):
            out.append({"type": "draw", "from": other})
        return out
    if baseline["type"] != "throw" or view["must_go_down"]:
        return [baseline]
    cards = [c for c in throws if c != baseline["card"]][: THROWS - 1]
    return [baseline] + [{"type": "throw", "card": c} for c in cards]


def choose(
    view: Mapping[str, Any],
    baseline: Action,
    bot: Bot,
    throws: list[str],
    budget_ms: float = 250,
    samples: int = 200,
    seed: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Action:
    """The candidate with the best average position after a short play-out over sampled deals:
    the baseline's action, or the other draw, or another of ``throws`` (cards the baseline
    would throw, best first). The baseline's choice stands unless another is better by
    ``MARGIN`` over at least ``MIN_SAMPLES`` deals; ``bot`` plays every seat in the play-outs."""
    candidates = _candidates(view, baseline, throws)
    if len(candidates) == 1:
        return baseline
    start = clock()
    rng = random.Random(seed_of(view) if seed is None else seed)
    seat: int = view["seat"]
    team = seat % 2
    until = view["turn_no"] + HORIZON
    totals = [0.0] * len(candidates)
    done = 0
    while done < samples and another_sample_fits(start, clock, budget_ms, done):
        root = determinize(view, rng)
        for i, action in enumerate(candidates):
            r = root.copy()
            r.apply(seat, action)
            _finish_turn(r, bot, seat)
            _play_out(r, bot, until)
            totals[i] += _score(r, team)
        done += 1
    if done < MIN_SAMPLES:
        return baseline  # too few deals to tell the candidates apart: the baseline's choice
    best = 0
    for i in range(1, len(candidates)):
        if totals[i] > totals[best] + 1e-9:
            best = i
    if (totals[best] - totals[0]) / done < MARGIN:
        return baseline  # not clearly better than the baseline's choice
    return candidates[best]
