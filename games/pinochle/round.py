"""One hand of Pinochle as a state machine: deal, auction, trump, passing or discard, tricks.

A round is its deal (a deck, or a secret and client seed) + options + dealer + the ordered list of
actions. ``apply`` is the one way to change it: it either performs the action or raises
``IllegalAction`` with a stable code and leaves everything as it was. ``from_json`` rebuilds a
round exactly by replaying that list. The deal, the replay and the JSON round trip are the kit's
(``games.kit.round``). The rules are in docs/rules/pinochle.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations, permutations
from typing import Any, ClassVar, Final

from games import kit

from . import checks
from .cards import (
    CANONICAL,
    CODES,
    COUNTER,
    LOW_KEY,
    PACKETS,
    STRENGTH,
    SUIT,
    SUITS,
    deal_hands,
    rest_start,
    sort_cards,
)
from .errors import IllegalAction
from .melds import Meld, melds_of_hand, points_by_trump
from .options import BID_STEP_FROM, LAST_TRICK_BONUS, MAX_BID, Options
from .two import TwoHanded

Action = kit.Action

#: cards in a hand as dealt, per variant (without a kitty)
HAND_SIZE: Final = {v: sum(p) for v, p in PACKETS.items()}
#: the declarer's discard: three-handed's widow, the kitty's (option ``kitty: declarer``)
DISCARD: Final = 3
KITTY_DISCARD: Final = 4
#: the phase each action type belongs to
PHASE_OF: Final = {
    "bid": "bidding",
    "pass": "bidding",
    "trump": "trump",
    "pass_cards": "passing",
    "discard": "discard",
    "play": "play",
    "meld": "meld",
    "give_kitty": "kitty",
    "concede": "concede",
    "play_on": "concede",
}
#: the keys each action type may carry
_KEYS: Final = {
    "bid": frozenset({"type", "amount"}),
    "pass": frozenset({"type"}),
    "trump": frozenset({"type", "suit"}),
    "pass_cards": frozenset({"type", "cards"}),
    "discard": frozenset({"type", "cards"}),
    "play": frozenset({"type", "card", "from"}),
    "meld": frozenset({"type", "cards"}),
    "give_kitty": frozenset({"type", "cards"}),
    "concede": frozenset({"type"}),
    "play_on": frozenset({"type"}),
}
_PASS: Final[Action] = {"type": "pass"}
_SUIT_NAMES: Final = frozenset(SUITS)


def _refuse(code: str, message: str) -> IllegalAction:
    return IllegalAction(code, message)


def _shape(action: object) -> str:
    """The action's type, if it is an object of a known type with only that type's fields."""
    if not isinstance(action, dict) and not isinstance(action, Mapping):
        raise _refuse("bad_action", "an action is an object with a type")
    kind = action.get("type")
    keys = _KEYS.get(kind) if type(kind) is str else None
    if keys is None:
        raise _refuse("bad_action", f"unknown action type {kind!r}")
    if not action.keys() <= keys:
        extra = sorted(str(k) for k in action.keys() - keys)
        raise _refuse("bad_action", f"a {kind} action has no field {extra[0]!r}")
    assert isinstance(kind, str)
    return kind


class Round(kit.Round[Options]):
    """A hand in play. Seats 0..n-1 in play order; a seat's side ("unit") is ``seat % sides``:
    teams A = seats 0, 2 and B = 1, 3 (six-handed A = 0, 2, 4 and B = 1, 3, 5; eight-handed
    team t = seats t, t + 4), or each seat for itself (two- and three-handed, cutthroat)."""

    options_class = Options
    refusal: ClassVar[type[IllegalAction]] = IllegalAction
    game: ClassVar[str] = "pinochle"

    def begin(self) -> None:
        """Deal in packets from the eldest on (the widow three-handed, the stock two-handed, the
        kitty aside), then check the nines."""
        options, dealer, deck = self.options, self.dealer, self.deck
        variant = options.variant
        n = self.players
        self.variant = variant
        self.double = variant == "double"
        self._codes = CODES[variant]
        self.three = variant == "three"
        self.sides = options.sides
        self._side: tuple[int, ...] = tuple(s % self.sides for s in range(n))
        self._step_from = BID_STEP_FROM.get(variant)
        self.eldest = (dealer + 1) % n
        packets = options.packets
        self.hands: list[list[str]] = [
            sort_cards(h) for h in deal_hands(self.deck, dealer, variant, packets)
        ]
        rest = tuple(deck[rest_start(variant, packets) :])
        self.widow: tuple[str, ...] | None = rest if self.three else None
        #: the kitty (option ``kitty``), dealt aside; only the declarer sees it once bidding ends
        self.kitty: tuple[str, ...] | None = rest if options.kitty != "none" else None
        #: ``kitty: deal_out``: the kitty's card each seat received from the declarer
        self.kitty_given: list[str] | None = None
        self._discard_size = KITTY_DISCARD if options.kitty == "declarer" else DISCARD
        #: check Pinochle: each seat's meld checks, counted when meld is computed
        self._meld_checks: list[list[tuple[str, int]]] | None = None
        self.widow_shown = False
        self.phase = "bidding"
        self.turn: int | None = self.eldest
        self.auction: list[tuple[int, int | None]] = []
        self.passed = [False] * n
        self.high_bid: int | None = None
        self.high_bidder: int | None = None
        self.declarer: int | None = None
        self.contract: int | None = None
        self.trump: str | None = None
        self.to_declarer: list[str] | None = None
        self.to_partner: list[str] | None = None
        self.discarded: list[str] | None = None
        self.melds: list[tuple[int, list[Meld]]] | None = None
        self._meld_totals: list[int] | None = None
        self.trick: list[tuple[int, str]] = []
        self.leader: int | None = None
        # the trick in progress: the suit led, who is winning and with what, its counters, and
        # whether the followers must beat
        self._led = ""
        self._win_seat = 0
        self._win_suit = ""
        self._win_strength = 0
        self._trick_counters = 0
        self._beat_rule = False
        self.first_trick = True
        self.last_trick: tuple[tuple[tuple[int, str], ...], int] | None = None
        #: every finished trick's plays, in order (public: everyone saw them played)
        self.played: list[tuple[tuple[int, str], ...]] = []
        self.tricks_won = [0] * self.sides
        self.counters = [0] * self.sides
        #: two-handed: the stock, the tables and the declared melds (None in other variants)
        self.two: TwoHanded | None = None
        if variant == "two":
            self.two = TwoHanded(rest, options.two_trump == "auction")
            if not self.two.auction:
                self.two.start(self)
        self._check_nines()

    # --- construction ----------------------------------------------------------------------

    @classmethod
    def canonical_deck(cls, options: Options) -> tuple[str, ...]:
        """The variant's deck; ``deck = shuffle(canonical deck, secret, "deal", client_seed)``."""
        return CANONICAL[options.variant]

    def copy(self) -> Round:
        """An independent copy (for trying moves); far cheaper than a replay."""
        other = super().copy()
        other.hands = [list(h) for h in self.hands]
        other.auction = list(self.auction)
        other.passed = list(self.passed)
        other.trick = list(self.trick)
        other.played = list(self.played)
        other.tricks_won = list(self.tricks_won)
        other.counters = list(self.counters)
        if self.two is not None:
            other.two = self.two.copy()
            other.melds = list(self.melds) if self.melds is not None else None
            if self._meld_totals is not None:
                other._meld_totals = list(self._meld_totals)
        return other

    def dealt_hands(self) -> list[list[str]]:
        """Every seat's cards as dealt, in deck order (Verify shows them)."""
        return deal_hands(self.deck, self.dealer, self.variant, self.options.packets)

    # --- who is who ------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        """The seat's side ("unit"): ``seat % sides``."""
        return self._side[seat]

    def partner(self, seat: int) -> int | None:
        """The partner across (single, double, eight), or None."""
        return self.options.partner_of(seat)

    @property
    def turn_no(self) -> int:
        """The number of accepted actions."""
        return len(self.actions)

    # --- the one way to change a round -----------------------------------------------------

    def apply(self, seat: int, action: Mapping[str, Any]) -> int | None:
        """Play ``action`` for ``seat``. A play that ends a trick returns the seat that won it;
        everything else returns None. A refusal raises ``IllegalAction`` and changes nothing."""
        if self.result is not None:
            raise _refuse("round_over", "the hand is over")
        given: Any = action.get("type") if type(action) is dict else None
        keys = _KEYS.get(given) if type(given) is str else None
        kind: str
        if keys is None or not action.keys() <= keys:
            kind = _shape(action)  # the general check, with its refusal message
        else:
            kind = given
        if kind == "play" and "from" in action and self.two is None:
            raise _refuse("bad_action", "a play has no field 'from' (only two-handed's has)")
        if seat != self.turn or type(seat) is not int:
            raise _refuse("not_your_turn", "it is not your turn")
        if PHASE_OF[kind] != self.phase and not (kind == "pass" and self.phase == "meld"):
            raise _refuse("wrong_phase", f"a {kind} action does not belong to the {self.phase}")
        out: int | None = None
        clean: Action
        two = self.two
        if kind == "play":
            card = action.get("card")
            out = self._play(seat, card, action.get("from"))
            clean = {"type": "play", "card": card}
            if "from" in action:
                clean["from"] = action["from"]
        elif two is not None and self.phase == "meld":
            if kind == "meld":
                clean = {"type": "meld", "cards": two.declare(self, seat, action.get("cards"))}
            else:
                two.draw(self, seat)
                clean = {"type": "pass"}
        elif kind == "bid":
            amount = action.get("amount")
            self._bid(seat, amount)
            clean = {"type": "bid", "amount": amount}
        elif kind == "pass":
            self._pass(seat)
            clean = {"type": "pass"}
        elif kind == "trump":
            suit = action.get("suit")
            self._name_trump(seat, suit)
            clean = {"type": "trump", "suit": suit}
        elif kind == "concede":
            self._finish_conceded()
            clean = {"type": "concede"}
        elif kind == "play_on":
            self._first_lead()
            clean = {"type": "play_on"}
        elif kind == "give_kitty":
            clean = {"type": "give_kitty", "cards": self._give_kitty(action.get("cards"))}
        else:
            cards = self._cards_of(seat, action.get("cards"), kind)
            if kind == "pass_cards":
                self._pass_cards(seat, cards)
            else:
                self._discard(seat, cards)
            clean = {"type": kind, "cards": cards}
        self.actions.append((seat, clean))
        return out

    # --- the auction -----------------------------------------------------------------------

    def _lowest_raise(self) -> int:
        """The least amount the next bid may be, before the step of 5 (double, six)."""
        return self.options.min_bid if self.high_bid is None else self.high_bid + 1

    def lowest_bid(self) -> int | None:
        """The lowest legal bid now, or None once no bid is possible (the high bid is 1000)."""
        low = self._lowest_raise()
        step_from = self._step_from
        if step_from is not None and low >= step_from and low % 5:
            low += 5 - low % 5
        return low if low <= MAX_BID else None

    def _dealer_stuck(self, seat: int) -> bool:
        return (
            self.options.all_pass == "dealer_stuck"
            and self.high_bid is None
            and seat == self.dealer
            and sum(self.passed) == self.players - 1
        )

    def _bid(self, seat: int, amount: object) -> None:
        if type(amount) is not int:
            raise _refuse("bad_action", "a bid's amount is a whole number")
        low = self._lowest_raise()
        if amount < low:
            raise _refuse("bid_too_low", f"the bid must be at least {low}")
        if amount > MAX_BID:
            raise _refuse("bad_action", f"a bid is at most {MAX_BID}")
        step_from = self._step_from
        if step_from is not None and amount >= step_from and amount % 5:
            raise _refuse("bid_step", f"from {step_from} on, bids are multiples of 5")
        self.auction.append((seat, amount))
        self.high_bid, self.high_bidder = amount, seat
        self._next_bidder(seat)

    def _pass(self, seat: int) -> None:
        if self._dealer_stuck(seat):
            raise _refuse("dealer_must_bid", "everyone else passed: the dealer must bid")
        self.passed[seat] = True
        self.auction.append((seat, None))
        self._next_bidder(seat)

    def _next_bidder(self, seat: int) -> None:
        unpassed = [s for s in range(self.players) if not self.passed[s]]
        if not unpassed:
            self._finish_unplayed("all_passed")
        elif len(unpassed) == 1 and self.high_bidder == unpassed[0]:
            self._end_auction()
        else:
            s = (seat + 1) % self.players
            while self.passed[s]:
                s = (s + 1) % self.players
            self.turn = s

    def _end_auction(self) -> None:
        declarer = self.high_bidder
        assert declarer is not None
        self.declarer, self.contract = declarer, self.high_bid
        if self.widow is not None:
            self.widow_shown = True
            self.hands[declarer] = sort_cards(self.hands[declarer] + list(self.widow))
        kitty = self.options.kitty
        if kitty == "declarer":
            assert self.kitty is not None
            self.hands[declarer] = sort_cards(self.hands[declarer] + list(self.kitty))
        self.phase, self.turn = ("kitty" if kitty == "deal_out" else "trump"), declarer

    def _give_kitty(self, cards: object) -> list[str]:
        """``kitty: deal_out``: the declarer gives the kitty's i-th card of ``cards`` to seat i."""
        if not isinstance(cards, list | tuple) or not all(
            isinstance(c, str) and c in self._codes for c in cards
        ):
            raise _refuse("bad_action", "give the kitty as a list of card codes, one per seat")
        if len(cards) != self.players:
            raise _refuse("wrong_count", f"give exactly {self.players} cards, one to each seat")
        assert self.kitty is not None and self.declarer is not None
        if Counter(cards) != Counter(self.kitty):
            raise _refuse("not_in_kitty", "give each card of the kitty once, one to each seat")
        given = list(cards)
        for seat, card in enumerate(given):
            self.hands[seat] = sort_cards([*self.hands[seat], card])
        self.kitty_given = given
        self.phase = "trump"
        return given

    # --- trump, passing, discard -----------------------------------------------------------

    def trump_suits(self) -> list[str]:
        """The suits the declarer may name (``trump_needs_marriage``: those it holds K+Q of,
        unless it holds no marriage at all)."""
        if not self.options.trump_needs_marriage or self.declarer is None:
            return list(SUITS)
        hand = self.hands[self.declarer]
        married = [s for s in SUITS if "K" + s in hand and "Q" + s in hand]
        return married or list(SUITS)

    def _name_trump(self, seat: int, suit: object) -> None:
        if not isinstance(suit, str):
            raise _refuse("bad_action", "name trump with a suit: S, H, D or C")
        if suit not in _SUIT_NAMES:
            raise _refuse("bad_suit", "trump is one of S H D C")
        if suit not in self.trump_suits():
            raise _refuse("no_marriage", f"you hold no marriage (K and Q) in {suit}")
        self.trump = suit
        if self.three or self.options.kitty == "declarer":
            self.phase = "discard"
        else:
            self._pass_or_play(seat)

    def _pass_or_play(self, declarer: int) -> None:
        """After trump (and any discard): passing between partners, if played, else the meld."""
        partner = self.partner(declarer)
        if self.options.pass_cards and partner is not None:
            self.phase, self.turn = "passing", partner
        else:
            self._start_play()

    def _cards_of(self, seat: int, cards: object, kind: str) -> list[str]:
        """Check a card list (deck codes, count, held counting copies): a clean copy."""
        if not isinstance(cards, list | tuple):
            raise _refuse("bad_action", "cards are a list of codes")
        codes = CODES[self.variant]
        if not all(isinstance(c, str) and c in codes for c in cards):
            raise _refuse("bad_action", "cards are codes of this deck like AS, TH, 9C")
        want = self._discard_size if kind == "discard" else self.options.pass_cards
        if len(cards) != want:
            raise _refuse("wrong_count", f"give exactly {want} cards")
        hand = self.hands[seat]
        for code, count in Counter(cards).items():
            if hand.count(code) < count:
                raise _refuse("not_in_hand", f"you don't hold {code}")
        return list(cards)

    def _pass_cards(self, seat: int, cards: list[str]) -> None:
        assert self.declarer is not None
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        if self.to_declarer is None:
            self.to_declarer = sort_cards(cards)
            d = self.declarer
            self.hands[d] = sort_cards(self.hands[d] + cards)
            self.turn = d
        else:
            self.to_partner = sort_cards(cards)
            p = self.partner(seat)
            assert p is not None
            self.hands[p] = sort_cards(self.hands[p] + cards)
            self._start_play()

    def _discard(self, seat: int, cards: list[str]) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.discarded = sort_cards(cards)
        # the discard's A, T and K count as the declarer's counters (it is not a trick)
        self.counters[self._side[seat]] += sum(COUNTER[c] for c in cards)
        self._pass_or_play(seat)

    def _start_play(self) -> None:
        """Everyone's meld, computed and public; then the first lead. Two-handed: melds are
        declared during play (``two``)."""
        if self.two is not None:
            self.two.start(self)
            return
        trump = self.trump
        assert trump is not None and self.declarer is not None
        o = self.options
        roundhouse, variant, quad = o.roundhouse_bonus, o.variant, o.quadruple_pinochle_100
        self.melds = [melds_of_hand(hand, trump, roundhouse, variant, quad) for hand in self.hands]
        totals = [0] * self.sides
        for seat, (points, _entries) in enumerate(self.melds):
            totals[self._side[seat]] += points
        self._meld_totals = totals
        if o.checks:
            self._meld_checks = [checks.meld_checks(hand, trump) for hand in self.hands]
        if o.concede:
            self.phase, self.turn = "concede", self.declarer
        else:
            self._first_lead()

    def _first_lead(self) -> None:
        self.phase = "play"
        self.leader = self.declarer if self.options.first_lead == "declarer" else self.eldest
        self.turn = self.leader

    # --- tricks ----------------------------------------------------------------------------

    def _beats(self, card: str) -> bool:
        """Whether ``card`` beats the card now winning the trick (the first of two equals wins)."""
        suit = SUIT[card]
        if suit == self._win_suit:
            return STRENGTH[card] > self._win_strength
        return suit == self.trump

    def _allowed(self, hand: list[str]) -> list[str]:
        """The cards (with repeats) the follow / trump / beat rules allow from ``hand``."""
        trump = self.trump
        if not self.trick:
            if self.first_trick and self.options.first_lead_trump:
                trumps = [c for c in hand if SUIT[c] == trump]
                if trumps:
                    return trumps
            return hand
        led = self._led
        allowed = [c for c in hand if SUIT[c] == led]
        if not allowed:
            allowed = [c for c in hand if SUIT[c] == trump] or hand
        if self._beat_rule:
            beaters = [c for c in allowed if self._beats(c)]
            if beaters:
                return beaters
        return allowed

    def legal_cards(self) -> list[str]:
        """Each distinct card the seat on turn may play now, in hand order."""
        if self.phase != "play" or self.turn is None:
            return []
        return list(dict.fromkeys(self._allowed(self.hands[self.turn])))

    def _play_refusal(self, hand: list[str], card: str) -> IllegalAction | None:
        """Why ``card`` may not be played now: the first broken of must_lead_trump, must_follow,
        must_trump, must_beat (None if it may)."""
        trump = self.trump
        suit = SUIT[card]
        if not self.trick:
            if (
                self.first_trick
                and self.options.first_lead_trump
                and suit != trump
                and any(SUIT[c] == trump for c in hand)
            ):
                return _refuse("must_lead_trump", "the first lead of the hand must be a trump")
            return None
        led = self._led
        if suit != led:
            if any(SUIT[c] == led for c in hand):
                return _refuse("must_follow", f"follow suit: play a card of {led}")
            if suit != trump and any(SUIT[c] == trump for c in hand):
                return _refuse("must_trump", "you have no card of the suit led: play a trump")
        if self._beat_rule and not self._beats(card):
            if suit == led:
                allowed = [c for c in hand if SUIT[c] == led]
            elif suit == trump:
                allowed = [c for c in hand if SUIT[c] == trump]
            else:
                allowed = hand
            if any(self._beats(c) for c in allowed):
                return _refuse("must_beat", "play a card that beats the card winning the trick")
        return None

    def _play(self, seat: int, card: object, source: object = None) -> int | None:
        if type(card) is not str or card not in self._codes:
            raise _refuse("bad_action", "play a card code of this deck like AS, TH, 9C")
        hand = self.hands[seat]
        two = self.two
        if two is not None:
            if two.stock:
                # the stock stage: from the hand or the table, no duty to follow, trump or beat
                two.take(self, seat, card, source)
                self._free_card(seat, card)
                return self._trick_end(seat, hand)
            two.check_source(card, source)
        if card not in hand:
            raise _refuse("not_in_hand", f"you don't hold {card}")
        trick = self.trick
        suit = SUIT[card]
        if trick:
            # the common case needs no search of the hand: following suit with a card that
            # beats the winner (or when beating is not required)
            if suit == self._win_suit:
                beats = STRENGTH[card] > self._win_strength
            else:
                beats = suit == self.trump
            if suit != self._led or not (beats or not self._beat_rule):
                refusal = self._play_refusal(hand, card)
                if refusal is not None:
                    raise refusal
            hand.remove(card)
            if beats:
                self._win_seat, self._win_suit, self._win_strength = seat, suit, STRENGTH[card]
        else:
            if self.first_trick and self.options.first_lead_trump and two is None:
                refusal = self._play_refusal(hand, card)
                if refusal is not None:
                    raise refusal
            hand.remove(card)
            self.leader = seat
            self._led = suit
            self._win_seat, self._win_suit, self._win_strength = seat, suit, STRENGTH[card]
            rule = self.options.must_beat
            self._beat_rule = rule == "always" or (rule == "trump_lead" and suit == self.trump)
        trick.append((seat, card))
        self._trick_counters += COUNTER[card]
        if len(trick) < self.players:
            self.turn = (seat + 1) % self.players
            return None
        return self._trick_end(seat, hand)

    def _free_card(self, seat: int, card: str) -> None:
        """A card into the trick with no rule to keep (two-handed's stock stage): it still wins
        the trick only if it beats the card winning it."""
        suit = SUIT[card]
        if not self.trick:
            self.leader, self._led, self._beat_rule = seat, suit, False
            self._win_seat, self._win_suit, self._win_strength = seat, suit, STRENGTH[card]
        elif self._beats(card):
            self._win_seat, self._win_suit, self._win_strength = seat, suit, STRENGTH[card]
        self.trick.append((seat, card))
        self._trick_counters += COUNTER[card]
        self.turn = (seat + 1) % self.players

    def _trick_end(self, seat: int, hand: list[str]) -> int | None:
        """Once the trick is full: its winner takes its counters and leads next; the end of the
        hand after the last trick (two-handed: the meld phase after a stock-stage trick)."""
        trick = self.trick
        if len(trick) < self.players:
            return None
        winner = self._win_seat
        side = self._side[winner]
        self.tricks_won[side] += 1
        self.counters[side] += self._trick_counters
        self._trick_counters = 0
        self.last_trick = (tuple(trick), winner)
        self.played.append(self.last_trick[0])
        self.trick = []
        self.first_trick = False
        self.leader = self.turn = winner
        two = self.two
        if two is not None:
            if two.stock:
                self.phase = "meld"  # the winner may declare a meld, then both draw
            elif not self.hands[winner]:
                self.counters[side] += LAST_TRICK_BONUS[self.variant]
                self._close(two.result(self, side))
        elif not hand:
            self.counters[side] += LAST_TRICK_BONUS[self.variant]
            self._finish_played(side)
        return winner

    # --- the end of a hand -----------------------------------------------------------------

    def _check_nines(self) -> None:
        """A seat dealt too many 9s ends the hand at once (``nines_redeal``); the widow and the
        kitty do not count."""
        rule = self.options.nines_redeal
        if rule == "off" or self.double or self.variant == "six":
            return
        for k in range(self.players):
            seat = (self.eldest + k) % self.players
            hand = self.hands[seat]
            nines = [c for c in hand if c[0] == "9"]
            aces = sum(1 for c in hand if c[0] == "A")
            if rule == "five":
                hit = len(nines) >= 5
            else:
                hit = (len(nines) == 5 and aces == 0) or (len(nines) >= 6 and aces <= 1)
            if hit:
                self._finish_unplayed("redeal", seat, nines)
                return

    def _finish_unplayed(
        self, reason: str, redeal_seat: int | None = None, nines: list[str] | None = None
    ) -> None:
        zero = [0] * self.sides
        self._close(
            {
                "reason": reason,
                "team_points": list(zero),
                "meld": list(zero),
                "meld_counted": list(zero),
                "counters": list(zero),
                "last_trick_team": None,
                "declarer": None,
                "contract": None,
                "trump": None,
                "made": None,
                "redeal_seat": redeal_seat,
                "redeal_cards": nines,
            }
        )

    def _side_meld(self) -> list[int]:
        """Each side's meld (before any save rule)."""
        assert self.melds is not None
        meld = [0] * self.sides
        for seat, (seat_meld, _entries) in enumerate(self.melds):
            meld[self._side[seat]] += seat_meld
        return meld

    def _finish_conceded(self) -> None:
        """The declarer concedes before the first lead: its side scores minus the contract,
        every other side its whole meld (no save rule, no counters)."""
        assert self.contract is not None
        meld = self._side_meld()
        points = list(meld)
        points[self._side[self.declarer or 0]] = -self.contract
        self._close(
            {
                "reason": "conceded",
                "team_points": points,
                "meld": meld,
                "meld_counted": list(meld),
                "counters": [0] * self.sides,
                "last_trick_team": None,
                "declarer": self.declarer,
                "contract": self.contract,
                "trump": self.trump,
                "made": False,
                "redeal_seat": None,
                "redeal_cards": None,
            }
        )

    def _close(self, result: dict[str, Any]) -> None:
        """End the hand with ``result``, plus pinochling's ``swept`` and check Pinochle's keys
        where those options are on."""
        self.phase, self.turn = "done", None
        o = self.options
        if o.pinochling:
            result["swept"] = self._swept() if result["reason"] == "played" else None
        if o.checks:
            result.update(self._checks(result))
        self.result = result

    def _swept(self) -> int | None:
        """The side that won every trick of the hand, if one did."""
        takers = [side for side, won in enumerate(self.tricks_won) if won]
        return takers[0] if len(takers) == 1 else None

    def _checks(self, result: Mapping[str, Any]) -> dict[str, Any]:
        """Every seat's checks of this hand: meld checks (once meld is computed), seven nines
        dealt, and the declarer's set or concession."""
        bonus = self.options.check_bonus
        meld_checks = self._meld_checks
        declarer, reason = result["declarer"], result["reason"]
        events: list[dict[str, Any]] = []
        for seat, dealt in enumerate(self.dealt_hands()):
            mine = [] if meld_checks is None else list(meld_checks[seat])
            if checks.seven_nines(dealt):
                mine.append(("seven_nines", bonus))
            if seat == declarer and reason == "played" and not result["made"]:
                mine.append(("set", checks.SET))
            if seat == declarer and reason == "conceded":
                mine.append(("conceded", checks.CONCEDED))
            events += [{"seat": seat, "event": e, "checks": n} for e, n in mine]
        per_seat = [0] * self.players
        for event in events:
            per_seat[event["seat"]] += event["checks"]
        return {"checks": per_seat, "check_events": events, "check_net": checks.net(per_seat)}

    def _finish_played(self, last_side: int) -> None:
        assert self.contract is not None and self.declarer is not None
        sides = self.sides
        meld = self._side_meld()
        save = self.options.save_meld
        counters = self.counters
        if save == "off":
            saved = [True] * sides
        elif save == "trick":
            saved = [won > 0 for won in self.tricks_won]
        else:
            saved = [c >= 20 for c in counters]
        counted = [meld[s] if saved[s] else 0 for s in range(sides)]
        points = [
            counted[s] + counters[s] if save != "counters20" or saved[s] else 0
            for s in range(sides)
        ]
        d = self._side[self.declarer]
        made = (save != "counters20" or saved[d]) and counted[d] + counters[d] >= self.contract
        if not made:
            points[d] = -self.contract
        self._close(
            {
                "reason": "played",
                "team_points": points,
                "meld": meld,
                "meld_counted": counted,
                "counters": list(counters),
                "last_trick_team": last_side,
                "declarer": self.declarer,
                "contract": self.contract,
                "trump": self.trump,
                "made": made,
                "redeal_seat": None,
                "redeal_cards": None,
            }
        )

    # --- what may be played now ------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The seat on turn's legal actions (docs/rules/pinochle.md, "Legal actions"): one bid at
        the lowest legal amount and the pass; each suit that may be named; every distinct set of
        cards to pass or discard; each distinct legal card."""
        if self.result is not None or self.turn is None:
            return []
        phase = self.phase
        two = self.two
        if two is not None and (phase == "meld" or (phase == "play" and two.stock)):
            if phase == "play":
                return two.plays(self, self.turn)
            melds = two.declarable(self, self.turn)
            return [*({"type": "meld", "cards": m} for m in melds), dict(_PASS)]
        if phase == "play":
            return [
                {"type": "play", "card": c}
                for c in dict.fromkeys(self._allowed(self.hands[self.turn]))
            ]
        if phase == "bidding":
            out: list[Action] = []
            low = self.lowest_bid()
            if low is not None:
                out.append({"type": "bid", "amount": low})
            if not self._dealer_stuck(self.turn):
                out.append({"type": "pass"})
            return out
        if phase == "trump":
            return [{"type": "trump", "suit": s} for s in self.trump_suits()]
        if phase == "concede":
            return [{"type": "concede"}, {"type": "play_on"}]
        if phase == "kitty":
            assert self.kitty is not None
            ways = dict.fromkeys(permutations(sort_cards(self.kitty)))
            return [{"type": "give_kitty", "cards": list(cards)} for cards in ways]
        size = self._discard_size if phase == "discard" else self.options.pass_cards
        kind = "discard" if phase == "discard" else "pass_cards"
        sets = dict.fromkeys(combinations(self.hands[self.turn], size))
        return [{"type": kind, "cards": list(cards)} for cards in sets]

    def timeout_actions(self) -> list[Action]:
        """The one move played for a seat whose turn time ran out (``[]`` once over): bidding,
        pass (a stuck dealer bids the least it may); trump, the suit worth the most meld, then
        the most cards of it, then the first of S H D C; passing, the partner gives its highest
        cards and the declarer returns its lowest; a discard, the 3 lowest (a kitty's 4); play,
        the lowest legal card; giving the kitty, its cards in hand order to the declarer and the
        next seats; a concession's choice, play on."""
        if self.result is not None or self.turn is None:
            return []
        seat = self.turn
        hand = self.hands[seat]
        phase = self.phase
        two = self.two
        if phase == "meld":
            return [dict(_PASS)]
        if phase == "concede":
            return [{"type": "play_on"}]
        if phase == "kitty":
            assert self.kitty is not None
            n = self.players
            given = [""] * n
            for k, card in enumerate(sort_cards(self.kitty)):
                given[(seat + k) % n] = card
            return [{"type": "give_kitty", "cards": given}]
        if two is not None and phase == "play" and two.stock:
            return [two.lowest(self, seat)]
        if phase == "bidding":
            if self._dealer_stuck(seat):
                low = self.lowest_bid()
                assert low is not None
                return [{"type": "bid", "amount": low}]
            return [dict(_PASS)]
        if phase == "trump":
            o = self.options
            melds = points_by_trump(hand, o.roundhouse_bonus, o.variant, o.quadruple_pinochle_100)
            points = dict(zip(SUITS, melds, strict=True))

            def worth(suit: str) -> tuple[int, int, int]:
                return (points[suit], sum(1 for c in hand if SUIT[c] == suit), -SUITS.index(suit))

            return [{"type": "trump", "suit": max(self.trump_suits(), key=worth)}]
        assert self.trump is not None
        low_key = LOW_KEY[self.trump].__getitem__
        if phase == "play":
            return [{"type": "play", "card": min(self._allowed(hand), key=low_key)}]
        if phase == "discard":
            lowest = sorted(hand, key=low_key)[: self._discard_size]
            return [{"type": "discard", "cards": sort_cards(lowest)}]
        n = self.options.pass_cards
        ordered = sorted(hand, key=low_key)
        give = ordered[-n:] if self.to_declarer is None else ordered[:n]
        return [{"type": "pass_cards", "cards": sort_cards(give)}]

    # --- what a seat may know --------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, the cards passed between it and its partner,
        its own discard and its legal actions (two-handed: its ``declarable`` melds by name and
        points too); ``None``: the public view (none of those keys)."""
        self.check_seat(seat)
        view = self._public_view()
        if seat is not None:
            self._add_own(view, seat)
        return view

    def views(self) -> list[dict[str, Any]]:
        """Every seat's view, then the public one, the public parts built once for all."""
        public = self._public_view()
        views = []
        for seat in range(self.players):
            view = dict(public)
            self._add_own(view, seat)
            views.append(view)
        return [*views, public]

    def _public_view(self) -> dict[str, Any]:
        """The view's keys every seat sees alike (``seat`` None)."""
        melds = self.melds
        last = self.last_trick
        result = self.result
        view: dict[str, Any] = {
            "game": "pinochle",
            "seat": None,
            "players": self.players,
            "phase": self.phase,
            "dealer": self.dealer,
            "eldest": self.eldest,
            "turn": self.turn,
            "turn_no": len(self.actions),
            "hand_counts": [len(h) for h in self.hands],
            "auction": [{"seat": s, "bid": b} for s, b in self.auction],
            "high_bid": self.high_bid,
            "high_bidder": self.high_bidder,
            "passed": list(self.passed),
            "declarer": self.declarer,
            "contract": self.contract,
            "trump": self.trump,
            "widow": list(self.widow) if self.widow is not None and self.widow_shown else None,
            "melds": None
            if melds is None
            else [
                {
                    "points": p,
                    "melds": [
                        {"name": m["name"], "cards": list(m["cards"]), "points": m["points"]}
                        for m in ms
                    ],
                }
                for p, ms in melds
            ],
            "meld_totals": None if self._meld_totals is None else list(self._meld_totals),
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "leader": self.leader,
            "last_trick": None
            if last is None
            else {"cards": [{"seat": s, "card": c} for s, c in last[0]], "winner": last[1]},
            "tricks_won": list(self.tricks_won),
            "tricks_played": [[{"seat": s, "card": c} for s, c in t] for t in self.played],
            "options": dict(self._options_view),
            "result": None if result is None else self._result_view(),
        }
        if self.two is not None:
            view.update(self.two.view())
        return view

    def _add_own(self, view: dict[str, Any], seat: int) -> None:
        """``seat``'s own keys added to a copy of the public view."""
        view["seat"] = seat
        view["hand"] = list(self.hands[seat])
        view["passed_cards"] = self._passed_cards_for(seat)
        view["discard"] = (
            list(self.discarded) if self.discarded is not None and seat == self.declarer else None
        )
        if self.kitty is not None:
            view.update(self._kitty_for(seat))
        view["legal"] = self.legal_actions() if seat == self.turn else []
        if self.two is not None:
            view["declarable"] = self.two.named(view["legal"], self.trump)

    def _kitty_for(self, seat: int) -> dict[str, Any]:
        """The kitty's keys of a seat's view: the declarer sees the kitty once bidding ends and
        (deal out) what it gave each seat; each seat sees the card it received."""
        kitty = self.kitty
        declarer = seat == self.declarer and kitty is not None
        given = self.kitty_given
        return {
            "kitty": sort_cards(kitty) if declarer and kitty is not None else None,
            "kitty_given": list(given) if declarer and given is not None else None,
            "kitty_card": None if given is None else given[seat],
        }

    def _passed_cards_for(self, seat: int) -> dict[str, list[str] | None] | None:
        d = self.declarer
        if not self.options.pass_cards or d is None:
            return None
        if seat != d and seat != self.partner(d):
            return None
        return {
            "to_declarer": None if self.to_declarer is None else list(self.to_declarer),
            "to_partner": None if self.to_partner is None else list(self.to_partner),
        }

    def _result_view(self) -> dict[str, Any]:
        assert self.result is not None
        return {k: list(v) if isinstance(v, list) else v for k, v in self.result.items()}
