"""The hard Pinochle bot's search: determinized play-outs over what its seat may know.

Everything here reads one seat's ``view`` only. A *determinization* deals the cards the seat
cannot see to the other seats (and to a hidden discard) consistently with the view: the cards
already played, the meld each seat showed (it still holds what it has not played), the cards
passed between the seat and its partner, the widow the declarer took, and the suits a seat has
shown it lacks by not following (and trumps, when it did not trump either). A *play-out*
finishes the hand from there with a quick greedy policy for every seat.

- Card play: each legal card is tried in the same determinizations, played out, and scored as
  the hand's points for the seat's side minus the others' (contract made or set, meld saved or
  not); the best average wins (perfect-information Monte Carlo).
- Bidding and trump: per suit, the meld plus what sampled deals take in play-outs with the seat
  as declarer; it bids while a cautious quantile of that covers the bid.

Deterministic for a given view and seed; ``budget_ms`` caps the time (the number of samples
caps it first in tests).
"""

from __future__ import annotations

import random
import time
import zlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from games.search_budget import another_sample_fits

from .cards import COUNTER, DECK_COUNT, LOW_KEY, STRENGTH, SUIT, SUITS
from .melds import points_by_trump

Action = dict[str, Any]

#: the variants the search models (the hard bot plays the others as the baseline bot)
VARIANTS: Final = frozenset({"single", "double", "three"})
#: extra counters for the last trick, per variant (the engine's LAST_TRICK_BONUS)
_LAST_BONUS: Final[dict[str, int]] = {"single": 1, "double": 2, "three": 1}
_DISCARD: Final = 3
_HAND: Final[dict[str, int]] = {"single": 12, "double": 20, "three": 15}


def seed_of(view: Mapping[str, Any]) -> int:
    """A seed from the view itself: the same view always searches the same way."""
    text = f"{view['seat']}|{view['turn_no']}|{view['dealer']}|{','.join(view['hand'])}"
    return zlib.crc32(text.encode())


def _side_map(players: int) -> tuple[int, ...]:
    return (0, 1, 2) if players == 3 else (0, 1, 0, 1)


# --- what the seat knows ------------------------------------------------------------------------


class Knowledge:
    """The hidden cards and the constraints on where they are, from one seat's view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        options = view["options"]
        self.variant: str = options["variant"]
        self.players: int = view["players"]
        self.seat: int = view["seat"]
        self.trump: str | None = view["trump"]
        self.hand: list[str] = list(view["hand"])
        self.side = _side_map(self.players)
        counts: list[int] = list(view["hand_counts"])
        pool = Counter(DECK_COUNT[self.variant])
        pool.subtract(self.hand)
        played_by: list[Counter[str]] = [Counter() for _ in range(self.players)]
        self.voids: list[set[str]] = [set() for _ in range(self.players)]
        tricks = [[(p["seat"], p["card"]) for p in t] for t in view.get("tricks_played") or []]
        current = [(p["seat"], p["card"]) for p in view["trick"]]
        for trick in [*tricks, current]:
            if not trick:
                continue
            led = SUIT[trick[0][1]]
            for s, c in trick:
                pool[c] -= 1
                played_by[s][c] += 1
                if SUIT[c] != led:
                    self.voids[s].add(led)
                    if self.trump is not None and SUIT[c] != self.trump:
                        self.voids[s].add(self.trump)
        declarer = view["declarer"]
        self.declarer: int | None = declarer
        self.rooms: dict[int, int] = {s: counts[s] for s in range(self.players) if s != self.seat}
        self.must: dict[int, Counter[str]] = {s: Counter() for s in self.rooms}
        # a hidden discard (three-handed, someone else declared): 3 cards out of play
        self.hidden_discard = 0
        discard = view.get("discard")
        if discard:
            pool.subtract(discard)
        elif (
            self.players == 3
            and declarer is not None
            and declarer != self.seat
            and view["phase"] == "play"
        ):
            self.hidden_discard = _DISCARD
        melds = view.get("melds")
        if melds is not None:
            for s in self.rooms:
                shown: Counter[str] = Counter()
                for m in melds[s]["melds"]:
                    for code, n in Counter(m["cards"]).items():
                        shown[code] = max(shown[code], n)
                shown.subtract(played_by[s])
                self.must[s].update(+shown)
        passed = view.get("passed_cards")
        if passed and declarer is not None:
            partner = (declarer + 2) % 4
            if self.seat == declarer and passed.get("to_partner"):
                given = Counter(passed["to_partner"])
                given.subtract(played_by[partner])
                self._must_at_least(partner, +given)
            if self.seat == partner and passed.get("to_declarer"):
                given = Counter(passed["to_declarer"])
                given.subtract(played_by[declarer])
                self._must_at_least(declarer, +given)
        # the widow went to the declarer: still there unless played or (hidden) discarded
        self.widow_left: Counter[str] = Counter()
        widow = view.get("widow")
        if widow and declarer is not None and declarer != self.seat:
            left = Counter(widow)
            left.subtract(played_by[declarer])
            left = +left
            if self.hidden_discard:
                self.widow_left = left
            else:
                self._must_at_least(declarer, left)
        self.pool: Counter[str] = +pool
        for s in self.must:
            # never more than the pool holds, nor than the hand's size
            m = self.must[s] & self.pool
            while sum(m.values()) > self.rooms[s]:
                m[next(iter(m))] -= 1
                m = +m
            self.must[s] = m

    def _must_at_least(self, seat: int, cards: Counter[str]) -> None:
        for code, n in cards.items():
            self.must[seat][code] = max(self.must[seat][code], n)

    def deal(self, rng: random.Random) -> tuple[dict[int, list[str]], list[str]]:
        """One determinization: every other seat's hand, and the hidden discard (maybe [])."""
        for attempt in range(30):
            out = self._try(rng, strict=attempt < 20)
            if out is not None:
                return out
        raise RuntimeError("no deal fits the view")  # pragma: no cover - the view is a real one

    def _try(
        self, rng: random.Random, strict: bool
    ) -> tuple[dict[int, list[str]], list[str]] | None:
        pool = self.pool.copy()
        hands: dict[int, list[str]] = {}
        room = dict(self.rooms)
        for s, cards in self.must.items():
            hands[s] = list(cards.elements())
            room[s] -= len(hands[s])
            pool.subtract(cards)
        discard: list[str] = []
        discard_room = self.hidden_discard
        rest = list((+pool).elements())
        rng.shuffle(rest)
        # a widow card not played is in the declarer's hand or the discard
        widow = self.widow_left & Counter(rest)

        def fits(s: int, c: str) -> bool:
            return room[s] > 0 and (not strict or SUIT[c] not in self.voids[s])

        # the most constrained cards first: those fewest seats may hold
        seats = list(room)
        rest.sort(key=lambda c: sum(1 for s in seats if SUIT[c] not in self.voids[s]))
        for c in rest:
            if widow[c] > 0:
                widow[c] -= 1
                declarer_seats = [s for s in seats if fits(s, c) and s == self.declarer]
                if discard_room and (not declarer_seats or rng.random() < 0.5):
                    discard.append(c)
                    discard_room -= 1
                    continue
                if declarer_seats:
                    s = declarer_seats[0]
                    hands[s].append(c)
                    room[s] -= 1
                    continue
            choices = [s for s in seats if fits(s, c)]
            weights = [room[s] for s in choices]
            if discard_room:
                choices.append(-1)
                weights.append(discard_room)
            if not choices:
                return None
            s = rng.choices(choices, weights)[0]
            if s == -1:
                discard.append(c)
                discard_room -= 1
            else:
                hands[s].append(c)
                room[s] -= 1
        if any(room.values()) or discard_room:
            return None
        return hands, discard


# --- a fast play-out ----------------------------------------------------------------------------


class Hand:
    """The card play of a hand, for play-outs: the engine's follow / trump / beat rules."""

    __slots__ = (
        "counters",
        "first",
        "first_lead_trump",
        "hands",
        "last_bonus",
        "must_beat",
        "players",
        "side",
        "trick",
        "tricks",
        "trump",
        "turn",
    )

    def __init__(
        self,
        hands: list[list[str]],
        trump: str,
        turn: int,
        trick: list[tuple[int, str]],
        options: Mapping[str, Any],
        counters: list[int],
        tricks: list[int],
        first: bool,
    ) -> None:
        self.hands = hands
        self.trump = trump
        self.turn = turn
        self.trick = trick
        self.players = len(hands)
        self.side = _side_map(self.players)
        self.must_beat: str = options["must_beat"]
        self.first_lead_trump: bool = bool(options["first_lead_trump"])
        self.last_bonus = _LAST_BONUS[options["variant"]]
        self.counters = counters
        self.tricks = tricks
        self.first = first

    def copy(self) -> Hand:
        other = Hand.__new__(Hand)
        other.hands = [list(h) for h in self.hands]
        other.trump = self.trump
        other.turn = self.turn
        other.trick = list(self.trick)
        other.players = self.players
        other.side = self.side
        other.must_beat = self.must_beat
        other.first_lead_trump = self.first_lead_trump
        other.last_bonus = self.last_bonus
        other.counters = list(self.counters)
        other.tricks = list(self.tricks)
        other.first = self.first
        return other

    def winning(self) -> tuple[int, str]:
        seat, card = self.trick[0]
        for s, c in self.trick[1:]:
            if (SUIT[c] == SUIT[card] and STRENGTH[c] > STRENGTH[card]) or (
                SUIT[c] == self.trump != SUIT[card]
            ):
                seat, card = s, c
        return seat, card

    def _beats(self, c: str, win: str) -> bool:
        if SUIT[c] == SUIT[win]:
            return STRENGTH[c] > STRENGTH[win]
        return SUIT[c] == self.trump

    def allowed(self) -> list[str]:
        hand = self.hands[self.turn]
        trump = self.trump
        if not self.trick:
            if self.first and self.first_lead_trump:
                trumps = [c for c in hand if SUIT[c] == trump]
                if trumps:
                    return trumps
            return hand
        led = SUIT[self.trick[0][1]]
        allowed = [c for c in hand if SUIT[c] == led]
        if not allowed:
            allowed = [c for c in hand if SUIT[c] == trump] or hand
        rule = self.must_beat
        if rule == "always" or (rule == "trump_lead" and led == trump):
            win = self.winning()[1]
            beaters = [c for c in allowed if self._beats(c, win)]
            if beaters:
                return beaters
        return allowed

    def play(self, card: str) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            self.turn = (seat + 1) % self.players
            return
        winner = self.winning()[0]
        side = self.side[winner]
        self.tricks[side] += 1
        self.counters[side] += sum(COUNTER[c] for _s, c in self.trick)
        self.trick = []
        self.first = False
        self.turn = winner
        if not self.hands[winner]:
            self.counters[side] += self.last_bonus

    def policy(self) -> str:
        """A quick greedy card: win a trick worth it cheaply, feed a partner's sure trick,
        otherwise throw low."""
        allowed = self.allowed()
        if len(allowed) == 1:
            return allowed[0]
        low = LOW_KEY[self.trump]
        if not self.trick:
            aces = [c for c in allowed if c[0] == "A" and SUIT[c] != self.trump]
            if aces:
                return aces[0]
            return min(allowed, key=lambda c: (COUNTER[c], low[c]))
        win_seat, win_card = self.winning()
        last = len(self.trick) == self.players - 1
        if self.players == 4 and win_seat == (self.turn + 2) % 4:
            if last or win_card[0] == "A":
                return min(allowed, key=lambda c: (not COUNTER[c], SUIT[c] == self.trump, low[c]))
            return min(allowed, key=lambda c: (COUNTER[c], low[c]))
        winners = [c for c in allowed if self._beats(c, win_card)]
        if winners:
            cheapest = min(winners, key=low.__getitem__)
            if last or COUNTER[cheapest] or any(COUNTER[c] for _s, c in self.trick):
                return cheapest
        return min(allowed, key=lambda c: (COUNTER[c], low[c]))

    def finish(self) -> None:
        while self.hands[self.turn]:
            self.play(self.policy())


def hand_points(
    counters: Sequence[int],
    tricks: Sequence[int],
    meld: Sequence[int],
    declarer_side: int,
    contract: int,
    save_meld: str,
) -> list[int]:
    """Each side's points for the hand, as the engine scores them."""
    sides = len(counters)
    if save_meld == "off":
        saved = [True] * sides
    elif save_meld == "trick":
        saved = [t > 0 for t in tricks]
    else:
        saved = [c >= 20 for c in counters]
    counted = [meld[s] if saved[s] else 0 for s in range(sides)]
    points = [
        counted[s] + counters[s] if save_meld != "counters20" or saved[s] else 0
        for s in range(sides)
    ]
    d = declarer_side
    made = (save_meld != "counters20" or saved[d]) and counted[d] + counters[d] >= contract
    if not made:
        points[d] = -contract
    return points


def _utility(points: Sequence[int], side: int) -> float:
    others = [p for s, p in enumerate(points) if s != side]
    return points[side] - sum(others) / len(others)


# --- card play ----------------------------------------------------------------------------------


def _past(view: Mapping[str, Any], trump: str, sides: int) -> tuple[list[int], list[int]]:
    """Counters and tricks each side has taken so far (from the tricks played)."""
    side = _side_map(view["players"])
    counters, tricks = [0] * sides, [0] * sides
    for t in view.get("tricks_played") or []:
        play = Hand(
            [[]], trump, 0, [(p["seat"], p["card"]) for p in t], view["options"], [], [], False
        )
        winner = play.winning()[0]
        counters[side[winner]] += sum(COUNTER[p["card"]] for p in t)
        tricks[side[winner]] += 1
    return counters, tricks


def choose_card(
    view: Mapping[str, Any],
    prefer: str,
    budget_ms: float = 250,
    samples: int = 400,
    seed: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> str:
    """The legal card with the best average over determinized play-outs (``prefer`` wins ties
    and is played when there is no time for one sample)."""
    cards: list[str] = list(dict.fromkeys(a["card"] for a in view["legal"]))
    if len(cards) == 1:
        return cards[0]
    start = clock()
    rng = random.Random(seed_of(view) if seed is None else seed)
    know = Knowledge(view)
    options = view["options"]
    trump: str = view["trump"]
    players = view["players"]
    sides = 3 if players == 3 else 2
    side = _side_map(players)
    me = view["seat"]
    counters, tricks = _past(view, trump, sides)
    discard = view.get("discard")
    declarer_side = side[view["declarer"]]
    meld = [0] * sides
    for s, m in enumerate(view["melds"]):
        meld[side[s]] += m["points"]
    trick = [(p["seat"], p["card"]) for p in view["trick"]]
    first = not view.get("tricks_played")
    totals = dict.fromkeys(cards, 0.0)
    cards.sort(key=lambda c: c != prefer)
    done = 0
    while done < samples and another_sample_fits(start, clock, budget_ms, done):
        others, hidden = know.deal(rng)
        hands = [others.get(s, []) if s != me else list(know.hand) for s in range(players)]
        base_counters = list(counters)
        discarded = discard or hidden
        if discarded:
            base_counters[declarer_side] += sum(COUNTER[c] for c in discarded)
        root = Hand(hands, trump, me, list(trick), options, base_counters, list(tricks), first)
        for card in cards:
            play = root.copy()
            play.play(card)
            play.finish()
            points = hand_points(
                play.counters,
                play.tricks,
                meld,
                declarer_side,
                view["contract"],
                options["save_meld"],
            )
            totals[card] += _utility(points, side[me])
        done += 1
    if done == 0:
        return prefer
    best = cards[0]
    for card in cards[1:]:
        if totals[card] > totals[best] + 1e-9:
            best = card
    return best


# --- bidding and trump --------------------------------------------------------------------------


def _first_leader(view: Mapping[str, Any], declarer: int) -> int:
    if view["options"]["first_lead"] == "declarer":
        return declarer
    return int(view["eldest"])


def suit_values(
    view: Mapping[str, Any],
    suits: Sequence[str],
    budget_ms: float,
    samples: int,
    seed: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, list[float]]:
    """Per suit: what the seat's side would score as declarer with it as trump, over sampled
    deals (meld of the seat and its sampled partner, plus the counters of a play-out)."""
    start = clock()
    rng = random.Random(seed_of(view) if seed is None else seed)
    options = view["options"]
    variant = options["variant"]
    roundhouse = bool(options["roundhouse_bonus"])
    players = view["players"]
    me = view["seat"]
    side = _side_map(players)
    sides = 3 if players == 3 else 2
    hand = list(view["hand"])
    pool = Counter(DECK_COUNT[variant])
    pool.subtract(hand)
    widow = view.get("widow")
    # naming trump three-handed, the declarer already holds the widow
    in_hand_widow = view["phase"] == "trump" and widow is not None
    unknown = list((+pool).elements())
    size = _HAND[variant]
    values: dict[str, list[float]] = {s: [] for s in suits}
    done = 0
    while done < samples and another_sample_fits(start, clock, budget_ms, done):
        rng.shuffle(unknown)
        hands: list[list[str]] = []
        k = 0
        for s in range(players):
            if s == me:
                hands.append(list(hand))
            else:
                hands.append(unknown[k : k + size])
                k += size
        mine = list(hand)
        if players == 3 and not in_hand_widow:
            mine += unknown[k : k + _DISCARD]  # the widow it would take
        for trump in suits:
            my_hand = list(mine)
            discard_counters = 0
            if len(my_hand) > size:
                low = LOW_KEY[trump]
                my_hand.sort(key=lambda c: (SUIT[c] == trump, c[0] == "A", low[c]))
                dropped, kept = my_hand[:_DISCARD], my_hand[_DISCARD:]
                discard_counters = sum(COUNTER[c] for c in dropped)
                my_hand = kept
            play_hands = [list(h) for h in hands]
            play_hands[me] = my_hand
            t = SUITS.index(trump)
            meld = [0] * sides
            for s in range(players):
                meld[side[s]] += points_by_trump(play_hands[s], roundhouse)[t]
            counters = [0] * sides
            counters[side[me]] += discard_counters
            play = Hand(
                play_hands, trump, _first_leader(view, me), [], options, counters, [0] * sides, True
            )
            play.finish()
            mine_side = side[me]
            values[trump].append(meld[mine_side] + play.counters[mine_side])
        done += 1
    return values


def _quantile(xs: Sequence[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


#: the quantile of the sampled outcomes a bid must stay under: cautious, so that most contracts
#: it wins are made
BID_QUANTILE: Final = 0.35


def choose_bid(
    view: Mapping[str, Any],
    budget_ms: float = 250,
    samples: int = 60,
    seed: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Action:
    legal = view["legal"]
    bid = next((a["amount"] for a in legal if a["type"] == "bid"), None)
    if bid is None:
        return {"type": "pass"}
    if not any(a["type"] == "pass" for a in legal):
        return {"type": "bid", "amount": bid}  # the stuck dealer
    values = suit_values(view, list(SUITS), budget_ms, samples, seed, clock)
    if not any(values.values()):
        return {"type": "pass"}
    if view["options"]["trump_needs_marriage"]:
        hand = view["hand"]
        married = [s for s in SUITS if "K" + s in hand and "Q" + s in hand] or list(SUITS)
        values = {s: v for s, v in values.items() if s in married}
    worth = max(_quantile(v, BID_QUANTILE) for v in values.values() if v)
    seat, players = view["seat"], view["players"]
    partner_high = players == 4 and view["high_bidder"] == (seat + 2) % 4
    margin = 5 if partner_high else 0
    if bid + margin <= worth:
        return {"type": "bid", "amount": bid}
    return {"type": "pass"}


def choose_trump(
    view: Mapping[str, Any],
    budget_ms: float = 250,
    samples: int = 60,
    seed: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> str:
    allowed: list[str] = [a["suit"] for a in view["legal"]] or list(SUITS)
    if len(allowed) == 1:
        return str(allowed[0])
    values = suit_values(view, allowed, budget_ms, samples, seed, clock)
    contract = view["contract"] or 0

    def score(s: str) -> tuple[float, int]:
        v = values[s]
        if not v:
            return (0.0, -SUITS.index(s))
        # the hand's expected points: what it takes when made, minus the contract when set
        return (sum(x if x >= contract else -contract for x in v) / len(v), -SUITS.index(s))

    return max(allowed, key=score)
