"""One round of Banakil («جولة») as a state machine: deal, then actions, then a result.

A round is its deal (a deck, or a secret and client seed) + options + dealer + the ordered list of
actions. ``apply`` is the one way to change it: it either performs the action or raises
``IllegalAction`` with a stable code and leaves everything as it was. ``replay`` rebuilds a round
exactly from that list. The deal, the replay and the JSON round trip are the kit's
(``games.kit.round``); here are Banakil's cards and rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from decimal import Decimal
from functools import lru_cache
from typing import Any, ClassVar, Final

from games import kit

from . import fair
from .cards import (
    CANONICAL_DECK,
    CANONICAL_INDEX,
    JOKER,
    POINTS,
    POSITION_RANK,
    SUITS,
    points_of,
    sort_cards,
)
from .errors import IllegalAction, InvalidMeld
from .melds import INFO, Meld, lay_off, meld_of, move_banakil, swap_joker
from .options import Options
from .uses import (
    Action,
    HandShape,
    Seating,
    TableMeld,
    cheapest_way,
    hand_melds,
    hand_shape,
    may_lay_off_on,
    owners_of,
    shape_less,
    table_layoffs,
    usable,
    usable_in,
)

FIRST_HAND: Final = 19
HAND: Final = 18
LAST_ACTIONS: Final = 12
_ZERO: Final = Decimal(0)
_CANONICAL_KEY: Final = CANONICAL_INDEX.__getitem__  # sort_cards' key
#: a bit for each code
_CODE_BIT: Final = {code: 1 << i for i, code in enumerate(sorted(CANONICAL_INDEX))}


def _refuse(code: str, message: str) -> IllegalAction:
    return IllegalAction(code, message)


#: exact points as text for JSON views: ``37.5``, ``20``, ``-3.5``
_dec = kit.score_text


_MELDS_SEEN: dict[tuple[str, ...], Meld | InvalidMeld] = {}


def _meld_of(cards: tuple[str, ...]) -> Meld | InvalidMeld:
    """``meld_of``, kept for the melds a round tries again and again (``legal_actions`` asks
    whether each meld of the hand would strand an owed card; the table's melds)."""
    found = _MELDS_SEEN.get(cards)
    if found is None:
        found = meld_of(cards)
        if len(_MELDS_SEEN) >= 1 << 13:
            _MELDS_SEEN.clear()
        _MELDS_SEEN[cards] = found
    return found


_LAID_SEEN: dict[tuple[tuple[str, ...], tuple[str, ...], str, str | None], Meld | InvalidMeld] = {}


def _laid_off(meld: Meld, cards: Sequence[str], where: str, to: str | None) -> Meld | InvalidMeld:
    """The meld after laying ``cards`` off on ``meld`` (``where`` is ``end``, with ``to`` the end
    or None on a set, or ``banakil_to``: the banakil's place), or why not (not raised); kept as
    ``_meld_of`` keeps melds."""
    key = (meld.cards, tuple(cards), where, to)
    found = _LAID_SEEN.get(key)
    if found is None:
        try:
            if where == "banakil_to":
                found = move_banakil(meld, cards[0], to)  # type: ignore[arg-type]
            else:
                found = lay_off(meld, cards, to)
        except InvalidMeld as e:
            found = e
        if len(_LAID_SEEN) >= 1 << 13:
            _LAID_SEEN.clear()
        _LAID_SEEN[key] = found
    return found


@lru_cache(maxsize=64)
def _seating(seat: int, players: int, has_meld: bool, needs_own: bool) -> Seating:
    """One ``Seating`` per case, shared (nothing changes one)."""
    return Seating(seat, players, has_meld, needs_own)


def _copy(hand: Counter[str]) -> Counter[str]:
    """``hand.copy()``, without Counter's slower generic update."""
    out: Counter[str] = Counter.__new__(Counter)  # no Counter.__init__: nothing to count
    dict.update(out, hand)
    return out


def _without(hand: Counter[str], cards: Sequence[str]) -> Counter[str]:
    """A copy of ``hand`` less ``cards`` (held), with no zero counts."""
    out = _copy(hand)
    for code in cards:
        left = out[code] - 1
        if left:
            out[code] = left
        else:
            out.pop(code)  # dict's own, not Counter's __delitem__
    return out


#: the fields of each action type, and their types
_FIELDS: Final[dict[str, dict[str, type]]] = {
    "draw": {"from": str},
    "meld": {"cards": list},
    "layoff": {"meld": int, "cards": list, "end": str, "banakil_to": str},
    "swap": {"meld": int, "card": str},
    "throw": {"card": str},
}


def _parse(action: object) -> Action:
    """Check an action dict's shape and return a clean copy (the form logged and replayed)."""
    if type(action) is dict and len(action) == 2:  # the commonest: a plain draw or throw
        kind = action.get("type")
        if kind == "throw":
            card = action.get("card")
            if type(card) is str and card in INFO:
                return {"type": "throw", "card": card}
        elif kind == "draw":
            source = action.get("from")
            if source == "stock" or source == "pile":
                return {"type": "draw", "from": source}
        elif kind == "meld":
            cards = _card_list(action.get("cards"))
            if cards is not None:
                return {"type": "meld", "cards": cards}
    elif type(action) is dict and action.get("type") == "layoff" and len(action) <= 4:
        meld_id, cards = action.get("meld"), _card_list(action.get("cards"))
        if type(meld_id) is int and cards:
            clean: Action = {"type": "layoff", "meld": meld_id, "cards": cards}
            extra = len(action) - 3
            for name in ("end", "banakil_to"):
                if name in action:
                    extra -= 1
                    if action[name] != "low" and action[name] != "high":
                        extra = -1
                        break
                    clean[name] = action[name]
            if extra == 0:
                return clean
    return _parse_any(action)


def _card_list(value: object) -> list[str] | None:
    """A copy of ``value`` if it is a list of card codes, else None."""
    if type(value) is not list:
        return None
    for c in value:
        if type(c) is not str or c not in INFO:
            return None
    return list(value)


def _parse_any(action: object) -> Action:
    if type(action) is not dict and not isinstance(action, Mapping):
        raise _refuse("bad_action", "an action is an object with a type")
    kind = action.get("type")
    fields = _FIELDS.get(kind) if type(kind) is str else None
    if fields is None:
        raise _refuse("bad_action", f"unknown action type {kind!r}")
    clean: Action = {"type": kind}
    for name, value in action.items():
        if name == "type":
            continue
        want = fields.get(name)
        if want is None:
            raise _refuse("bad_action", f"a {kind} action has no field {name!r}")
        if type(value) is not want and (not isinstance(value, want) or isinstance(value, bool)):
            raise _refuse("bad_action", f"the field {name!r} of a {kind} action has the wrong type")
        if isinstance(value, list):
            if not all(isinstance(c, str) and c in INFO for c in value):
                raise _refuse("bad_card", "cards are codes like AS, TH, 2C, JK")
            value = list(value)
        elif name == "card" and value not in INFO:
            raise _refuse("bad_card", f"{value!r} is not a card")
        clean[name] = value
    if kind == "draw" and clean.get("from") not in ("stock", "pile"):
        raise _refuse("bad_action", "draw from the stock or the pile")
    if kind == "layoff":
        if "meld" not in clean or "cards" not in clean or not clean["cards"]:
            raise _refuse("bad_action", "a lay-off names a meld and its cards")
        if "end" in clean and "banakil_to" in clean:
            raise _refuse("bad_action", "a lay-off carries end or banakil_to, never both")
        for name in ("end", "banakil_to"):
            if name in clean and clean[name] not in ("low", "high"):
                raise _refuse("bad_action", f"{name} is low or high")
    if kind == "meld" and "cards" not in clean:
        raise _refuse("bad_action", "a meld names its cards")
    if kind in ("swap",) and ("meld" not in clean or "card" not in clean):
        raise _refuse("bad_action", "a swap names a meld and a card")
    if kind in ("throw",) and "card" not in clean:
        raise _refuse("bad_action", "a throw names a card")
    return clean


class Round(kit.Round[Options]):
    """A round in play. Seats are 0..n-1 in play order; team A is seats 0 and 2, team B 1 and 3."""

    options_class = Options
    refusal: ClassVar[type[IllegalAction]] = IllegalAction
    deal_refusal: ClassVar[str] = "bad_deal"

    def begin(self) -> None:
        """The starter (the seat after the dealer) gets 19 cards, the others 18; the rest is the
        stock."""
        n, deck = self.players, self.deck
        self.starter = (self.dealer + 1) % n
        self.hands: list[Counter[str]] = [Counter() for _ in range(n)]
        pos = 0
        for k in range(n):
            seat = (self.starter + k) % n
            size = FIRST_HAND if k == 0 else HAND
            self.hands[seat].update(deck[pos : pos + size])
            pos += size
        self.stock: list[str] = list(reversed(deck[pos:]))  # top at the end
        self.pile: list[str] = []  # «الأرض», top at the end
        self.melds: list[TableMeld] = []
        self.has_meld = [False] * n
        self.turn = self.starter
        self.turn_no = 1
        self.phase = "play"  # the starter's first turn has no draw
        self.drawn: str | None = None  # the card drawn from the stock this turn
        self.owed: str | None = None  # the card that must still go down this turn
        self._owed_below = 0  # owed is down once the hand holds fewer copies than this
        self.laid_down = [False] * n  # put any card on the table this round (meld, lay-off, swap)
        self.laid_down_before_turn = False
        self.touched_partner = False
        self._pile_usable: tuple[int, bool] | None = None  # (after how many actions, answer)
        self.restocks = 0
        #: each restock's input (the pile but its top, oldest throw first) and the new stock
        #: (its top first): what Verify re-derives from the secret
        self.restock_history: list[dict[str, Any]] = []
        self.log: list[dict[str, Any]] = []  # public events; a stock draw's card is private

    # --- construction ----------------------------------------------------------------------

    @classmethod
    def canonical_deck(cls, options: Options) -> tuple[str, ...]:
        return CANONICAL_DECK

    @classmethod
    def deck_refusal(cls, options: Options) -> str:
        return "a deck is the 106 cards of two decks and two jokers"

    def dealt_hands(self) -> list[list[str]]:
        """Every seat's hand as dealt, in deck order (the starter's 19 first)."""
        hands: list[list[str]] = [[] for _ in range(self.players)]
        pos = 0
        for k in range(self.players):
            seat = (self.starter + k) % self.players
            size = FIRST_HAND if k == 0 else HAND
            hands[seat] = list(self.deck[pos : pos + size])
            pos += size
        return hands

    # --- who is who ------------------------------------------------------------------------

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    def seating(self, seat: int) -> Seating:
        return _seating(
            seat, self.players, self.has_meld[seat], self.options.partner_layoff_needs_own_meld
        )

    def meld(self, meld_id: object) -> TableMeld:
        if isinstance(meld_id, int) and 1 <= meld_id <= len(self.melds):
            return self.melds[meld_id - 1]
        raise _refuse("no_such_meld", f"there is no meld {meld_id!r} on the table")

    # --- the one way to change a round -----------------------------------------------------

    def apply(self, seat: int, action: Mapping[str, Any]) -> Any:
        """Play ``action`` for ``seat``: return what the rules say, or raise ``IllegalAction``."""
        if self.result is not None:
            raise _refuse("round_over", "the round is over")
        if seat != self.turn:
            raise _refuse("not_your_turn", "it is not your turn")
        clean = _parse(action)
        kind = clean["type"]
        out: str | int | None = None
        if kind == "draw":
            out = self._draw(seat, clean["from"])
        elif self.phase != "play":
            raise _refuse("draw_first", "draw a card first")
        elif kind == "throw":
            self._throw(seat, clean["card"])
        elif kind == "meld":
            out = self._meld(seat, clean["cards"])
        elif kind == "layoff":
            self._lay_off(seat, clean)
        else:
            self._swap(seat, clean["meld"], clean["card"])
        self.actions.append((seat, clean))
        return out

    def _hold(self, hand: Mapping[str, int], cards: Sequence[str]) -> None:
        for code in cards:
            if hand.get(code, 0) < cards.count(code):
                raise _refuse("card_not_in_hand", f"you don't hold {code}")

    def _draw(self, seat: int, source: str) -> str | None:
        if self.phase != "draw":
            if not self.actions or self.turn_no == 1:
                raise _refuse("no_draw_first_turn", "the starter's first turn has no draw")
            raise _refuse("already_drawn", "you have drawn this turn already")
        hand = self.hands[seat]
        if source == "pile":
            if not self.pile:
                raise _refuse("pile_empty", "the table pile is empty")
            card = self.pile[-1]
            if self.options.pile_card_must_be_used:
                if not self.pile_card_usable(seat):
                    raise _refuse(
                        "pile_card_not_usable", "you can take the pile card only if you use it now"
                    )
                self.owed, self._owed_below = card, hand[card] + 1
            self.pile.pop()
            hand[card] += 1
            self.phase = "play"
            self.log.append({"seat": seat, "type": "draw", "from": "pile", "card": card})
            return card
        if not self.stock:
            if len(self.pile) < 2:
                self.log.append({"seat": seat, "type": "draw", "from": "stock"})
                self._finish("exhausted", None)
                return None
            self._restock()
        card = self.stock.pop()
        hand[card] += 1
        self.drawn = card
        self.phase = "play"
        self.log.append({"seat": seat, "type": "draw", "from": "stock", "private": card})
        return card

    def pile_card_usable(self, seat: int) -> bool:
        """Whether the pile's top card, once in the hand, could go down this turn (kept until the
        next action: ``legal_actions`` asks, then ``apply`` of the pile draw asks again)."""
        asked = len(self.actions)
        if self._pile_usable is not None and self._pile_usable[0] == asked:
            return self._pile_usable[1]
        top = self.pile[-1]
        hand = _copy(self.hands[seat])
        hand[top] = hand.get(top, 0) + 1
        answer = usable(top, hand, self.melds, self.seating(seat))
        self._pile_usable = (asked, answer)
        return answer

    def _restock(self) -> None:
        """The pile except its top card becomes the stock, shuffled with ``restock:k``."""
        self.restocks += 1
        cards, self.pile = self.pile[:-1], self.pile[-1:]
        pile = list(cards)
        if self.secret is not None:
            assert self.client_seed is not None
            cards = fair.shuffle(cards, self.secret, f"restock:{self.restocks}", self.client_seed)
        self.restock_history.append({"k": self.restocks, "pile": pile, "stock": list(cards)})
        self.stock = list(reversed(cards))
        self.log.append({"seat": None, "type": "restock", "k": self.restocks, "size": len(cards)})

    def _check_owed(self, seat: int, hand: Mapping[str, int], melds: Sequence[TableMeld]) -> None:
        """Refuse an action after which a card that must go down could no longer go down."""
        owed = self.owed
        if owed is None or hand.get(owed, 0) < self._owed_below:
            return
        has_meld = self.has_meld[seat] or any(m.owner == seat for m in melds[len(self.melds) :])
        seating = Seating(seat, self.players, has_meld, self.options.partner_layoff_needs_own_meld)
        if not usable(owed, hand, melds, seating):
            raise _refuse(
                "strands_owed_card", f"{owed} must go down this turn and this would strand it"
            )

    def _commit(self, seat: int, hand: Counter[str], melds: list[TableMeld]) -> None:
        self.laid_down[seat] = True
        self.hands[seat] = hand
        self.melds = melds
        owed = self.owed
        if owed is not None and hand[owed] < self._owed_below:
            self.owed = None
        if not hand:
            self._finish("out_by_laying_down", seat)

    def _meld_change(self, seat: int, cards: list[str]) -> tuple[Counter[str], list[TableMeld]]:
        """The hand and table after melding ``cards``; raise ``IllegalAction`` if refused."""
        hand = self.hands[seat]
        self._hold(hand, cards)
        found = _meld_of(tuple(cards))
        if isinstance(found, InvalidMeld):
            raise _refuse(found.code, found.message)
        new_hand = _without(hand, cards)
        melds = [*self.melds, TableMeld(len(self.melds) + 1, seat, found)]
        self._check_owed(seat, new_hand, melds)
        return new_hand, melds

    def _meld(self, seat: int, cards: list[str]) -> int:
        new_hand, melds = self._meld_change(seat, cards)
        meld_id = len(melds)
        self.has_meld[seat] = True
        self._commit(seat, new_hand, melds)
        self.log.append({"seat": seat, "type": "meld", "meld": meld_id, "cards": list(cards)})
        return meld_id

    def _lay_off_change(
        self, seat: int, action: Action
    ) -> tuple[TableMeld, Counter[str], list[TableMeld]]:
        """The meld laid off on, the hand and the table after ``action``; or ``IllegalAction``."""
        tm = self.meld(action["meld"])
        seating = self.seating(seat)
        if not may_lay_off_on(tm.owner, seating):  # the rule the hints ask too
            if not seating.is_partner(tm.owner):
                raise _refuse("other_team_meld", "you can't lay off on the other team's melds")
            raise _refuse(
                "partner_needs_own_meld",
                "lay down a meld of your own before laying off on your partner's",
            )
        cards: list[str] = action["cards"]
        hand = self.hands[seat]
        self._hold(hand, cards)
        if "banakil_to" in action:
            if len(cards) != 1:
                raise _refuse("bad_action", "one card takes the banakil's place")
            meld = _laid_off(tm.meld, cards, "banakil_to", action["banakil_to"])
        else:
            meld = _laid_off(tm.meld, cards, "end", action.get("end"))
        if isinstance(meld, InvalidMeld):
            raise _refuse(meld.code, meld.message)
        new_hand = _without(hand, cards)
        melds = list(self.melds)
        melds[tm.id - 1] = TableMeld(tm.id, tm.owner, meld)
        self._check_owed(seat, new_hand, melds)
        return tm, new_hand, melds

    def _lay_off(self, seat: int, action: Action) -> None:
        tm, new_hand, melds = self._lay_off_change(seat, action)
        if tm.owner != seat:
            self.touched_partner = True
        self._commit(seat, new_hand, melds)
        entry = {"seat": seat, "type": "layoff", "meld": tm.id, "cards": list(action["cards"])}
        for name in ("end", "banakil_to"):
            if name in action:
                entry[name] = action[name]
        self.log.append(entry)

    def _swap_change(
        self, seat: int, meld_id: int, card: str
    ) -> tuple[TableMeld, Counter[str], list[TableMeld]]:
        """The meld swapped on, the hand and the table after the swap; or ``IllegalAction``."""
        tm = self.meld(meld_id)
        if tm.owner % 2 != seat % 2:
            raise _refuse(
                "other_team_meld", "you can take a joker back only from your team's melds"
            )
        hand = self.hands[seat]
        self._hold(hand, [card])
        if self.owed is not None and card != self.owed:
            raise _refuse(
                "card_owed", f"{self.owed} must go down first (or be the card you swap in)"
            )
        try:
            meld = swap_joker(tm.meld, card)
        except InvalidMeld as e:
            raise _refuse(e.code, e.message) from None
        new_hand = _without(hand, [card])
        new_hand[JOKER] += 1
        melds = list(self.melds)
        melds[tm.id - 1] = TableMeld(tm.id, tm.owner, meld)
        if not usable(JOKER, new_hand, melds, self.seating(seat)):
            raise _refuse("joker_not_usable", "the joker you take back must go down this turn")
        return tm, new_hand, melds

    def _swap(self, seat: int, meld_id: int, card: str) -> None:
        tm, new_hand, melds = self._swap_change(seat, meld_id, card)
        if tm.owner != seat:
            self.touched_partner = True
        self.laid_down[seat] = True
        self.hands[seat] = new_hand
        self.melds = melds
        self.owed, self._owed_below = JOKER, new_hand[JOKER]
        self.log.append({"seat": seat, "type": "swap", "meld": tm.id, "card": card})

    def _throw(self, seat: int, card: str) -> None:
        hand = self.hands[seat]
        if hand[card] <= 0:
            raise _refuse("card_not_in_hand", f"you don't hold {card}")
        if self.owed is not None:
            raise _refuse("card_owed", f"{self.owed} must go down before you throw")
        hand[card] -= 1
        if not hand[card]:
            hand.pop(card)
        self.pile.append(card)
        self.log.append({"seat": seat, "type": "throw", "card": card})
        if not hand:
            self._finish("out_by_throw", seat)
            return
        self.turn = (seat + 1) % self.players
        self.turn_no += 1
        self.phase = "draw"
        self.drawn = None
        self.laid_down_before_turn = self.laid_down[self.turn]
        self.touched_partner = False

    # --- the end of a round ----------------------------------------------------------------

    def _finish(self, reason: str, out_seat: int | None) -> None:
        n = self.players
        meld_points = [_ZERO, _ZERO]
        for tm in self.melds:
            meld_points[tm.owner % 2] += tm.meld.points
        hand_points = [points_of(self.hands[s].elements()) for s in range(n)]
        team_hands = [_ZERO, _ZERO]
        for s in range(n):
            team_hands[s % 2] += hand_points[s]
        bonus = [_ZERO, _ZERO]
        nazla = False
        if out_seat is None:
            points = [meld_points[t] - team_hands[t] for t in (0, 1)]
        else:
            team, other = out_seat % 2, 1 - out_seat % 2
            partner = self.partner(out_seat)
            partner_hand = hand_points[partner] if partner is not None else _ZERO
            nazla = (
                not self.laid_down_before_turn
                and not self.touched_partner
                and (reason != "out_by_throw" or self.options.nazla_final_throw)
            )
            points = [_ZERO, _ZERO]
            if nazla:
                other_melded = any(tm.owner % 2 == other for tm in self.melds)
                opts = self.options
                bonus[team] = Decimal(
                    opts.nazla_bonus if other_melded else opts.nazla_bonus_no_melds
                )
                points[other] = _ZERO
            else:
                bonus[team] = Decimal(self.options.out_bonus)
                points[other] = meld_points[other] - team_hands[other]
            points[team] = bonus[team] + meld_points[team] - partner_hand
        self.phase = "ended"
        self.owed = None
        self.result = {
            "reason": reason,
            "out_seat": out_seat,
            "nazla": nazla,
            "team_points": points,
            "meld_points": meld_points,
            "hand_points": hand_points,
            "bonus": bonus,
        }
        self.log.append({"seat": out_seat, "type": "end", "reason": reason})

    # --- what a seat may know --------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (its own hand and its private draws); ``None``: the public view."""
        self.check_seat(seat)
        melds = [
            {
                "id": tm.id,
                "owner": tm.owner,
                "team": tm.owner % 2,
                "kind": tm.meld.kind,
                "cards": list(tm.meld.cards),
                "stands_for": tm.meld.stands_for,
                "points": _dec(tm.meld.points),
            }
            for tm in self.melds
        ]
        log = []
        for entry in self.log[-LAST_ACTIONS:]:
            shown = {k: v for k, v in entry.items() if k != "private"}
            if "private" in entry and entry["seat"] == seat:
                shown["card"] = entry["private"]
            log.append(shown)
        team_melds = [_ZERO, _ZERO]
        for tm in self.melds:
            team_melds[tm.owner % 2] += tm.meld.points
        view: dict[str, Any] = {
            "seat": seat,
            "players": self.players,
            "options": dict(self._options_view),
            "dealer": self.dealer,
            "starter": self.starter,
            "turn": self.turn,
            "turn_no": self.turn_no,
            "phase": self.phase,
            "hand_counts": [sum(h.values()) for h in self.hands],
            "has_meld": list(self.has_meld),
            "melds": melds,
            "team_meld_points": [_dec(p) for p in team_melds],
            "pile_top": self.pile[-1] if self.pile else None,
            "pile_size": len(self.pile),
            "stock_size": len(self.stock),
            "restocks": self.restocks,
            "must_go_down": [self.owed] if self.owed else [],
            "last_actions": log,
            "result": None,
        }
        if seat is not None:
            view["hand"] = sort_cards(self.hands[seat].elements())
            view["drawn"] = self.drawn if seat == self.turn else None
            view["laid_down_before_turn"] = (
                self.laid_down_before_turn if seat == self.turn else None
            )
            view["touched_partner"] = self.touched_partner if seat == self.turn else None
        if self.result is not None:
            res = self.result
            view["result"] = {
                "reason": res["reason"],
                "out_seat": res["out_seat"],
                "nazla": res["nazla"],
                "team_points": [_dec(p) for p in res["team_points"]],
                "meld_points": [_dec(p) for p in res["meld_points"]],
                "hand_points": [_dec(p) for p in res["hand_points"]],
                "bonus": [_dec(p) for p in res["bonus"]],
                "hands": [sort_cards(h.elements()) for h in self.hands],
            }
        return view

    # --- what may be played now ----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Legal actions for the seat on turn, each once: every draw and throw, and the melds (of
        3 or 4 cards, sets in canonical order), lay-offs and swaps the hand allows. Longer melds
        are legal too but not listed.

        The order is fixed (the same position always lists the same actions in the same order),
        and only this is promised: the stock draw, then the pile draw; else the melds (runs suit
        by suit, then sets of Aces, then of 3s; see ``hand_melds``), the lay-offs meld by meld in
        id order (a run's low end, its banakil's place, its high end; see ``meld_layoffs``), the
        swaps in meld order, and the throws in canonical deck order (none while a card is owed).

        Generated, not tried: the melds and lay-offs come from ``hand_melds`` / ``meld_layoffs``
        (``new_melds_with`` / ``layoffs_with`` over the whole hand) and are legal as built. While
        a card is owed, those that put it down are legal, and each other one is legal if one of
        those can still be played after it (it uses other cards and leaves that meld alone), else
        if the owed card is still usable on the hand and table after it (``usable_in``, as
        ``apply`` checks). A swap always goes through ``apply``'s check (is the joker usable
        after it?).
        """
        if self.result is not None:
            return []
        seat = self.turn
        hand = self.hands[seat]
        if self.phase == "draw":
            out: list[Action] = [{"type": "draw", "from": "stock"}]
            if self.pile and (
                not self.options.pile_card_must_be_used or self.pile_card_usable(seat)
            ):
                out.append({"type": "draw", "from": "pile"})
            return out
        owed = self.owed
        shape = hand_shape(hand)
        may = owners_of(
            seat, self.players, self.has_meld[seat], self.options.partner_layoff_needs_own_meld
        )
        layoffs = table_layoffs(self.melds, may, shape)
        if owed is None:
            legal: list[Action] = [
                {"type": "meld", "cards": list(cards)} for cards in hand_melds(shape)
            ]
            for meld_id, found in layoffs:
                for block, where, to in found:
                    if where is None:
                        legal.append({"type": "layoff", "meld": meld_id, "cards": list(block)})
                    else:
                        legal.append(
                            {"type": "layoff", "meld": meld_id, "cards": list(block), where: to}
                        )
            if self.melds:
                legal += self._swaps(seat, hand, None)
            legal += [{"type": "throw", "card": c} for c in sorted(hand, key=_CANONICAL_KEY)]
            return legal
        legal = []
        # while a card is owed: the actions that put it down witness that it stays usable
        # (each as the bits of its codes: a meld or a lay-off holds a code at most once)
        melds = hand_melds(shape)
        bit = _CODE_BIT.__getitem__
        witnesses = [(sum(map(bit, cards)), 0) for cards in melds if owed in cards]
        witnesses += [
            (sum(map(bit, block)), meld_id)
            for meld_id, found in layoffs
            for block, _where, _to in found
            if owed in block
        ]
        # the codes held once: an action and a witness can't both use one
        once = sum([bit(c) for c, n in hand.items() if n == 1])
        for cards in melds:
            if owed in cards or self._keeps_owed(
                seat, cards, 0, sum(map(bit, cards)) & once, witnesses, hand, shape
            ):
                legal.append({"type": "meld", "cards": list(cards)})
        for meld_id, found in layoffs:
            for block, where, to in found:
                action: Action = {"type": "layoff", "meld": meld_id, "cards": list(block)}
                if where is not None:
                    action[where] = to
                if owed in block or self._keeps_owed(
                    seat,
                    block,
                    meld_id,
                    sum(map(bit, block)) & once,
                    witnesses,
                    hand,
                    shape,
                    action,
                ):
                    legal.append(action)
        legal.extend(self._swaps(seat, hand, owed))
        return legal

    def _keeps_owed(
        self,
        seat: int,
        cards: tuple[str, ...],
        meld_id: int,
        scarce: int,
        witnesses: list[tuple[int, int]],
        hand: Counter[str],
        shape: HandShape,
        layoff: Action | None = None,
    ) -> bool:
        """Whether melding ``cards`` (or ``layoff``, on ``meld_id``) leaves the owed card usable:
        some witness (a meld or lay-off that puts it down, as the bits of its codes, and the meld
        it lays off on or 0) needs none of these cards held only once (``scarce``, their bits)
        nor this meld, so it can still be played after; failing that, ``apply``'s own check
        decides."""
        for needs, other_meld in witnesses:
            if other_meld and other_meld == meld_id:
                continue
            if not needs & scarce:
                return True
        # apply's own check (``_check_owed``) on the hand and table after it
        if layoff is None:
            found = _meld_of(cards)
        else:
            tm = self.melds[meld_id - 1]
            where = "banakil_to" if "banakil_to" in layoff else "end"
            found = _laid_off(tm.meld, cards, where, layoff.get(where))
        if isinstance(found, InvalidMeld):  # cannot happen: listed melds are valid as built
            return False
        table = list(self.melds)
        if layoff is None:
            table.append(TableMeld(len(table) + 1, seat, found))
            has_meld = True
        else:
            table[meld_id - 1] = TableMeld(meld_id, tm.owner, found)
            has_meld = self.has_meld[seat]
        after = _without(hand, cards)
        seating = _seating(seat, self.players, has_meld, self.options.partner_layoff_needs_own_meld)
        assert self.owed is not None
        return usable_in(self.owed, after, shape_less(shape, after, cards), table, seating)

    def _swaps(self, seat: int, hand: Counter[str], owed: str | None) -> list[Action]:
        """The joker swaps ``apply`` accepts (while a card is owed, only with that card)."""
        out: list[Action] = []
        team = seat % 2
        for tm in self.melds:
            meld = tm.meld
            if tm.owner % 2 != team or JOKER not in meld.cards:
                continue
            # only the card the joker stands for (in a set, a card of its rank) can replace it
            if meld.kind == "run":
                wanted = [POSITION_RANK[meld.low + meld.cards.index(JOKER)] + meld.suit]
            else:
                wanted = [POSITION_RANK[meld.low] + s for s in SUITS]
            for card in wanted:
                if not hand.get(card) or INFO[card][0] or (owed is not None and card != owed):
                    continue
                try:
                    self._swap_change(seat, tm.id, card)
                except IllegalAction:
                    continue
                out.append({"type": "swap", "meld": tm.id, "card": card})
        return out

    # --- the time-out move -----------------------------------------------------------------

    def timeout_actions(self) -> list[Action]:
        """The moves the rules (docs/rules/banakil.md) play for a seat whose turn time ran out, in
        order.

        Draw from the stock if not drawn; put each card that must still go down to its cheapest
        legal use; then throw the card just drawn from the stock if it is still held, else the
        highest-point card (ties: first in canonical deck order).
        """
        if self.result is not None:
            return []
        seat = self.turn
        probe = self.copy()
        played: list[Action] = []
        if probe.phase == "draw":
            action: Action = {"type": "draw", "from": "stock"}
            probe.apply(seat, action)
            played.append(action)
            if probe.result is not None:
                return played
        while probe.owed is not None and probe.result is None:
            way = cheapest_way(probe.owed, probe.hands[seat], probe.melds, probe.seating(seat))
            if way is None:  # cannot happen: actions that strand an owed card are refused
                raise RuntimeError("an owed card has no legal use")
            for step in way:
                probe.apply(seat, step)
                played.append(step)
        if probe.result is not None:
            return played
        hand = probe.hands[seat]
        card = probe.drawn if probe.drawn is not None and hand[probe.drawn] > 0 else None
        if card is None:
            card = min(hand, key=lambda c: (-POINTS[c], CANONICAL_INDEX[c]))
        played.append({"type": "throw", "card": card})
        return played

    def copy(self) -> Round:
        """An independent copy (for trying moves); cheap compared with a replay."""
        other = super().copy()
        other.hands = [_copy(h) for h in self.hands]
        other.stock = list(self.stock)
        other.pile = list(self.pile)
        other.melds = list(self.melds)
        other.has_meld = list(self.has_meld)
        other.laid_down = list(self.laid_down)
        other.restock_history = list(self.restock_history)
        other.log = list(self.log)
        return other
