"""The hard Banakil bot's search: its draw and its throw, each tried on deals that fit what its
seat may know, the rest of the round played out by the baseline at every seat.

Everything here reads one seat's ``view`` only. A *determinization* deals the cards the seat
cannot see (the other hands, the stock, the pile under its top card): the whole deck less the
seat's hand, the melds on the table and the pile's top card, in the counts the view shows. It
reads the table as players do: a seat that has ended a turn with a meld of its own lays down
what it can, so its hand holds no meld and no card it could lay off, and a pile card it left
for the stock made no meld with its hand (``refused``); such a seat is dealt other cards first.
(A partner with nothing down may be keeping melds for a «نزلة»: it is dealt at random.) And a
player throws the card that helps the hand least: a seat of the other team whose dealt hand,
holding its last throw again, would not throw that card first is dealt again, up to
``FIT_TRIES`` times (``deal``); the throw's search plays such deals, the draw's plain ones
(measured in decisions 78 and 79: fitted deals chose better throws, and worse draws).

Each candidate (the baseline's draw or the other one; the baseline's throw or one of the next
cards it rates least useful) is played on the same deals, then the round is played out to its
end by the baseline (``baseline_move``, the same moves as ``baseline.next_action`` read straight
from the round, so play-outs are cheap) and scored by the round's result (``scorer``): with the
match's score in the view (at a table), the team's chance to win the match once the round's
points are in; else the points of the candidate's team less the other team's, go-out bonus and
«نزلة» included. A card the next opponent takes from the pile to go out, or one the seat could
have kept to go out itself, shows up in that score.

Deterministic for a given view and seed; ``budget_ms`` caps the time (the sample count caps it
first in tests).
"""

from __future__ import annotations

import math
import random
import time
import zlib
from collections import Counter
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, Final

from games.search_budget import another_sample_fits

from . import baseline
from .cards import CANONICAL_DECK, POINTS, sort_cards
from .hints import points, table_melds
from .options import Options
from .round import Round
from .throws import choose_throw
from .uses import (
    Action,
    Seating,
    TableMeld,
    layoff_finder,
    layoffs_with,
    new_melds_with,
    owners_to_lay_off_on,
    ways,
)

#: throws tried: the baseline's choice and the next cards it rates least useful
THROWS: Final = 6
#: the search leaves the baseline's choice only with this many deals played out
MIN_SAMPLES: Final = 4
#: actions a play-out may take before it stops (a round without end is possible, not likely)
PLAY_OUT_STEPS: Final = 2000
#: hands dealt again to a seat of the other team for one that fits its last throw (``deal``)
FIT_TRIES: Final = 20


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


def played_a_turn(view: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat`` has ended a turn this round (it is not on turn)."""
    first_turn: int = (seat - view["starter"]) % view["players"] + 1
    turn_no: int = view["turn_no"]
    return seat != view["turn"] and first_turn < turn_no


def refused(view: Mapping[str, Any]) -> dict[int, list[str]]:
    """The pile cards each seat left for a stock draw in the last actions the view shows, from a
    turn after its first (its hand then held no meld, so none of these made one with it)."""
    out: dict[int, list[str]] = {}
    entries = view["last_actions"]
    turn = view["turn_no"]
    turns: list[int] = []
    for entry in reversed(entries):
        if entry["type"] == "throw":
            turn -= 1
        turns.append(turn)
    turns.reverse()
    top: str | None = None
    for entry, t in zip(entries, turns, strict=True):
        if entry["type"] == "throw":
            top = entry["card"]
        elif entry["type"] == "draw":
            s = entry["seat"]
            first_turn = (s - view["starter"]) % view["players"] + 1
            if entry["from"] == "stock" and top is not None and first_turn < t:
                out.setdefault(s, []).append(top)
            top = None
        elif entry["type"] == "restock":
            top = None
    return out


def pile_under(view: Mapping[str, Any]) -> list[str]:
    """The cards under the pile's top card that the last actions show thrown and not taken
    since, oldest first (dealt back to the pile, not to a hand or the stock)."""
    pile: list[str] = []
    for entry in view["last_actions"]:
        if entry["type"] == "throw":
            pile.append(entry["card"])
        elif entry["type"] == "draw" and entry["from"] == "pile":
            if pile:
                pile.pop()
        elif entry["type"] == "restock":
            pile = pile[-1:]
    if not pile or pile[-1] != view["pile_top"] or len(pile) > view["pile_size"]:
        return []
    return pile[:-1]


def _would_have_played(
    card: str, hand: Counter[str], onto: list[TableMeld], left: list[str]
) -> bool:
    """Whether a hand holding ``card`` too would have laid it down: in a meld with the hand's
    cards, or off on one of the melds ``onto``; or would have taken one of the pile cards
    ``left`` for a meld."""
    hand[card] += 1
    try:
        if next(iter(new_melds_with(card, hand)), None) is not None:
            return True
        if any(next(iter(layoffs_with(card, hand, tm.meld)), None) for tm in onto):
            return True
        for top in left:
            hand[top] += 1
            found = next(iter(new_melds_with(top, hand)), None)
            hand[top] -= 1
            if found is not None:
                return True
        return False
    finally:
        hand[card] -= 1


def _may_lay_off_on(view: Mapping[str, Any], melds: list[TableMeld], seat: int) -> list[TableMeld]:
    """The melds on the table ``seat`` may lay off on, as the view's options and its melds
    allow."""
    needs_own = view["options"]["partner_layoff_needs_own_meld"]
    seats = Seating(seat, view["players"], view["has_meld"][seat], needs_own)
    may = owners_to_lay_off_on(seats)
    return [tm for tm in melds if may[tm.owner]]


def _fill(
    hand: Counter[str], size: int, cards: list[str], onto: list[TableMeld], left: list[str]
) -> list[str]:
    """Deal ``hand`` up to ``size`` from ``cards`` in their order, skipping a card it would have
    laid down (``_would_have_played``); the cards it was not dealt, in their order."""
    rest: list[str] = []
    for card in cards:
        if sum(hand.values()) < size and not _would_have_played(card, hand, onto, left):
            hand[card] += 1
        else:
            rest.append(card)
    return rest


def determinize(view: Mapping[str, Any], rng: random.Random, inferred: bool = True) -> Round:
    """A round consistent with the view, with the unseen cards dealt at random.

    ``inferred``: a seat that has ended a turn and has a meld on the table lays down what it
    can (the baseline does, and so do most players), so its hand holds no meld and no card it
    could lay off: it is dealt such cards only when nothing else fits. The pile cards the last
    actions show lie under the pile's top card (``pile_under``)."""
    options = Options.from_dict(view["options"])
    seat: int = view["seat"]
    hidden = hidden_cards(view)
    known = pile_under(view) if inferred else []
    hidden.subtract(known)
    cards = list(hidden.elements())
    rng.shuffle(cards)
    counts = view["hand_counts"]
    n = view["players"]
    hands: list[Counter[str]] = [Counter() for _ in range(n)]
    hands[seat] = Counter(view["hand"])
    melds = table_melds(view)
    left_for_stock = refused(view) if inferred else {}
    for s in range(n):
        if s == seat or not inferred or not played_a_turn(view, s):
            continue
        if not view["has_meld"][s] and s % 2 == seat % 2:
            continue  # a partner with nothing down may be keeping its melds for a «نزلة»
        onto = _may_lay_off_on(view, melds, s)
        cards = _fill(hands[s], counts[s], cards, onto, left_for_stock.get(s, []))
    k = 0
    for s in range(n):
        if s == seat:
            continue
        short = counts[s] - sum(hands[s].values())
        hands[s].update(cards[k : k + short])
        hands[s] = +hands[s]
        k += short
    r = Round(options, view["dealer"], CANONICAL_DECK)  # then set to the view's position
    under = view["pile_size"] - (1 if view["pile_top"] is not None else 0) - len(known)
    pile = cards[k : k + under] + known
    k += under
    if view["pile_top"] is not None:
        pile.append(view["pile_top"])
    stock = cards[k:]
    assert len(stock) == view["stock_size"], "the view's counts add up to the deck"
    r.hands = hands
    r.pile = pile
    r.stock = stock
    r.melds = melds
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


def last_throws(view: Mapping[str, Any]) -> dict[int, str]:
    """The card each seat of the other team threw to end its last turn, where the view's last
    actions show that throw and nothing the seat did after it: its hand then is the hand it
    threw from, less that card."""
    team = view["seat"] % 2
    out: dict[int, str] = {}
    for entry in view["last_actions"]:
        s = entry["seat"]
        if s is None or s % 2 == team:
            continue
        if entry["type"] == "throw":
            out[s] = entry["card"]
        else:
            out.pop(s, None)
    return out


def fits(hand: Counter[str], card: str) -> bool:
    """Whether a hand holding ``card`` as well would throw it (``throws.choose_throw``)."""
    held = hand.copy()
    held[card] += 1
    return choose_throw(held) == card


def redeal(
    view: Mapping[str, Any],
    r: Round,
    seat: int,
    rng: random.Random,
    onto: list[TableMeld],
    left: list[str],
) -> None:
    """Deal ``seat``'s hand again from its cards and the stock's, as ``determinize`` deals it:
    no card it would have laid down first on the melds ``onto`` (``_may_lay_off_on``), or that
    makes a meld with a pile card it ``left`` for the stock (``refused``)."""
    cards = list(r.hands[seat].elements()) + r.stock
    rng.shuffle(cards)
    size: int = view["hand_counts"][seat]
    hand: Counter[str] = Counter()
    rest = _fill(hand, size, cards, onto, left)
    short = size - sum(hand.values())
    hand.update(rest[:short])
    r.hands[seat] = +hand
    r.stock = rest[short:]


def deal(view: Mapping[str, Any], rng: random.Random) -> Round:
    """A deal for the search: ``determinize``, then each seat of the other team whose dealt
    hand would not have thrown its last throw (``last_throws``, ``fits``) dealt again from its
    cards and the stock's, up to ``FIT_TRIES`` times (``redeal``). A player throws the card
    that helps the hand least, so a throw tells what the hand holds: a card with neighbours
    thrown means a hand of better connected cards."""
    r = determinize(view, rng)
    left_for_stock = refused(view)
    for s, card in last_throws(view).items():
        onto = _may_lay_off_on(view, r.melds, s)
        for _ in range(FIT_TRIES):
            if fits(r.hands[s], card):
                break
            redeal(view, r, s, rng, onto, left_for_stock.get(s, []))
    return r


#: a team's points in a round, and the spread (standard deviation) of the difference between the
#: two teams' points, over 1,500 rounds of the baseline at every seat (37.0 and 33.9): how many
#: rounds a match has left, and how much each of them may swing it
ROUND_POINTS: Final = 37.0
ROUND_SPREAD: Final = 34.0


def win_chance(ours: float, theirs: float, target: float) -> float:
    """The chance that the team with ``ours`` wins the match, once a round's points are in the
    totals. Over (a total at the target, the totals apart): 1 or 0; level at or past it, one
    more round: even. Else a race: the lead against the spread of the rounds left, about the
    leader's distance to the target over ``ROUND_POINTS`` (at least one)."""
    if max(ours, theirs) >= target:
        return 0.5 if ours == theirs else float(ours > theirs)
    rounds = max(1.0, (target - max(ours, theirs)) / ROUND_POINTS)
    return 0.5 * (1.0 + math.erf((ours - theirs) / (ROUND_SPREAD * math.sqrt(2.0 * rounds))))


def margin(r: Round, team: int) -> float:
    """The round's points for ``team`` less the other's once over; else (a play-out cut short)
    each team's melds less the points in its hands."""
    if r.result is not None:
        pts = r.result["team_points"]
        return float(pts[team] - pts[1 - team])
    value = [Decimal(0), Decimal(0)]
    for tm in r.melds:
        value[tm.owner % 2] += tm.meld.points
    for s, hand in enumerate(r.hands):
        value[s % 2] -= sum((POINTS[c] * n for c, n in hand.items()), Decimal(0))
    return float(value[team] - value[1 - team])


Score = Callable[[Round, int], float]


def scorer(view: Mapping[str, Any]) -> Score:
    """How a play-out counts for the seat's team: its chance to win the match (``win_chance``)
    when the view carries the match's score (``"match"``: what the bots read at a table), else
    the round's margin. Early in a match the chance grows with the margin, nearly in line; near
    the target it counts what the match counts: a round that ends it won, or one that keeps the
    other team from ending it."""
    score = view.get("match")
    if not score or len(score["totals"]) != 2:
        return margin
    target = float(score["target"])
    totals = [float(Decimal(t)) for t in score["totals"]]

    def chance(r: Round, team: int) -> float:
        if r.result is None:
            return win_chance(totals[team] + margin(r, team), totals[1 - team], target)
        pts = r.result["team_points"]
        return win_chance(
            totals[team] + float(pts[team]), totals[1 - team] + float(pts[1 - team]), target
        )

    return chance


def _layoffs(hand: Counter[str], melds: list[TableMeld], seats: Seating) -> list[Action]:
    """``layoff_hints``, the same list in the same order, reading each card of the hand once."""
    may = owners_to_lay_off_on(seats)
    onto = [tm for tm in melds if may[tm.owner]]
    if not onto:
        return []
    found: list[tuple[int, int, int, Action]] = []
    for ci, card in enumerate(sorted(c for c in hand if hand[c] > 0)):
        finder = layoff_finder(card, hand)
        for mi, tm in enumerate(onto):
            for k, (_block, fields) in enumerate(finder(tm.meld)):
                found.append((mi, ci, k, {"type": "layoff", "meld": tm.id, **fields}))
    found.sort(key=lambda f: f[:3])
    out: list[Action] = []
    seen = set()
    for *_order, action in found:
        key = repr(action)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


def baseline_move(r: Round) -> Action:
    """The baseline's next action (``baseline.next_action``) for the seat on turn, read straight
    from the round: play-outs skip building a view and parsing its melds again."""
    seat = r.turn
    hand = r.hands[seat]
    melds = r.melds
    seats = r.seating(seat)
    if r.phase == "draw":
        top = r.pile[-1] if r.pile else None
        if top is None or not (not r.options.pile_card_must_be_used or r.pile_card_usable(seat)):
            return {"type": "draw", "from": "stock"}
        with_top = hand.copy()
        with_top[top] += 1
        if baseline.meld_points(with_top) >= baseline.meld_points(hand) + points([top]):
            return {"type": "draw", "from": "pile"}
        may = owners_to_lay_off_on(seats)
        finder = layoff_finder(top, with_top)
        if any(next(iter(finder(tm.meld)), None) for tm in melds if may[tm.owner]):
            return {"type": "draw", "from": "pile"}
        return {"type": "draw", "from": "stock"}
    if r.owed is not None:
        in_order = Counter(sort_cards(hand.elements()))  # the view's order: the same way first
        options = list(ways(r.owed, in_order, melds, seats))
        if options:
            return baseline.most_down(options)
    return baseline.meld_lay_off_or_throw(hand, melds, seats, _layoffs)


def play_out(r: Round, steps: int = PLAY_OUT_STEPS) -> None:
    """The baseline for every seat until the round ends (or ``steps`` actions)."""
    while r.result is None and steps > 0:
        r.apply(r.turn, baseline_move(r))
        steps -= 1


def choose(
    view: Mapping[str, Any],
    candidates: list[Action],
    budget_ms: float = 250,
    samples: int = 400,
    seed: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Action:
    """The candidate (a draw or a throw) with the best average score (``scorer``) over sampled
    deals: each candidate played on the same deals, the rest of the round by the baseline at
    every seat. The first candidate (the baseline's choice) stands with fewer than
    ``MIN_SAMPLES`` deals played, and on ties.

    The budget is kept play-out by play-out, not deal by deal (a deal plays every candidate, up
    to six play-outs): none starts once one more would pass the budget at the pace so far, and
    a deal not played for every candidate does not count."""
    if len(candidates) == 1:
        return candidates[0]
    start = clock()
    rng = random.Random(seed_of(view) if seed is None else seed)
    seat: int = view["seat"]
    team = seat % 2
    score = scorer(view)
    fit = candidates[0]["type"] == "throw"  # measured: the draw's deals play better unfitted
    totals = [0.0] * len(candidates)
    done = 0
    played = 0  # play-outs, the budget's unit
    while done < samples and another_sample_fits(start, clock, budget_ms, played):
        root = deal(view, rng) if fit else determinize(view, rng)
        scores: list[float] = []
        for action in candidates:
            if played and not another_sample_fits(start, clock, budget_ms, played):
                break
            r = root.copy()
            r.apply(seat, action)
            play_out(r)
            scores.append(score(r, team))
            played += 1
        if len(scores) < len(candidates):
            break  # out of time within this deal: it does not count
        totals = [t + x for t, x in zip(totals, scores, strict=True)]
        done += 1
    if done < MIN_SAMPLES:
        return candidates[0]
    best = 0
    for i in range(1, len(candidates)):
        if totals[i] > totals[best] + 1e-9:
            best = i
    return candidates[best]
