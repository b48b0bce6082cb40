"""Two-handed Pinochle («البينوكل لاعبين اثنين», ``variant: "two"``): what it adds to a hand.

The deal leaves a **stock** (with ``two_trump: "turn_up"`` the card under it, the turn-up, names
trump). While the stock lasts (the **stock stage**) a seat plays any card of its hand or of its own
table, with no duty to follow; after each such trick its winner may declare one meld from its
hand and its table (``meld`` phase), then the winner draws and the other seat draws. When the
stock is empty the table cards go back to their owners' hands and the **strict stage** plays the
rest of the hand with the usual rules (follow, trump, beat). Tricks, the card order and the meld
values are the engine's own (``round``, ``melds``); this module holds the stock, the tables, the
declarations and the hand's score. The rules: docs/rules/pinochle.md, "Two-handed".
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from .cards import LOW_KEY, SUITS, sort_cards
from .errors import IllegalAction
from .melds import (
    AROUNDS,
    DIX,
    MARRIAGE,
    PINOCHLE_CARDS,
    PINOCHLE_NAMES,
    PINOCHLE_VALUES,
    ROYAL_MARRIAGE,
    RUN_CARDS,
    RUN_NAMES,
    RUN_VALUES,
    Meld,
)

#: the hand this module works on: a ``round.Round`` (not imported: the round imports this module)
Round = Any

#: a meld's name, class and points
Kind = tuple[str, str, int]
#: a table card: its code and the classes it has served in, in order
TableCard = list[Any]


def _declarable(trump: str) -> dict[tuple[str, ...], Kind]:
    """Every meld two-handed may declare under ``trump``, by its cards in hand order, in the
    order of the meld table (arounds, runs, marriages, pinochles, dix)."""
    out: dict[tuple[str, ...], Kind] = {}
    for rank in "AKQJ":
        values, names, cards = AROUNDS[rank]
        for n in (1, 2):
            out[cards[n]] = (names[n], "arounds", values[n])
    t = SUITS.index(trump)
    for n in (1, 2):
        out[RUN_CARDS[t][n]] = (RUN_NAMES[n], "sequence", RUN_VALUES[n])
    for suit in SUITS:
        pair = ("K" + suit, "Q" + suit)
        if suit == trump:
            out[pair] = ("royal_marriage", "sequence", ROYAL_MARRIAGE)
        else:
            out[pair] = ("marriage", "sequence", MARRIAGE)
    for n in (1, 2):
        out[PINOCHLE_CARDS[n]] = (PINOCHLE_NAMES[n], "pinochle", PINOCHLE_VALUES[n])
    out[("9" + trump,)] = ("dix", "dix", DIX)
    return out


MELDS: Final[dict[str, dict[tuple[str, ...], Kind]]] = {t: _declarable(t) for t in SUITS}


def _refuse(code: str, message: str) -> IllegalAction:
    return IllegalAction(code, message)


class TwoHanded:
    """The stock, each seat's table and its declared melds, for one two-handed hand."""

    def __init__(self, rest: tuple[str, ...], auction: bool) -> None:
        """``rest``: the 24 cards the deal leaves (``deck[24:]``, ``cards.rest_start``)."""
        self.auction = auction
        if auction:
            self.stock = list(rest)
            self.turn_up: str | None = None
        else:
            # the stock is drawn from deck[25] on; the turn-up deck[24] is drawn last
            self.stock = [*rest[1:], rest[0]]
            self.turn_up = rest[0]
        self.exchanged = False
        #: per seat, its melded cards face up, in placing order: [code, [classes]]
        self.tables: list[list[TableCard]] = [[], []]
        #: every declaration, in order (public)
        self.log: list[dict[str, Any]] = []

    def copy(self) -> TwoHanded:
        other = TwoHanded.__new__(TwoHanded)
        other.auction = self.auction
        other.stock = list(self.stock)
        other.turn_up = self.turn_up
        other.exchanged = self.exchanged
        other.tables = [[[c, list(k)] for c, k in t] for t in self.tables]
        other.log = list(self.log)
        return other

    @property
    def stage(self) -> str:
        """``stock`` while cards are left to draw, then ``strict``."""
        return "stock" if self.stock else "strict"

    # --- the start of play -------------------------------------------------------------------

    def start(self, rnd: Round) -> None:
        """Open the declared melds (a turned-up 9 is the dealer's dix) and lead the first trick:
        the eldest with the turn-up, ``first_lead`` after an auction."""
        rnd.melds = [(0, []), (0, [])]
        rnd._meld_totals = [0, 0]
        if self.turn_up is not None:
            rnd.trump = self.turn_up[1]
            if self.turn_up[0] == "9":
                self._score(rnd, rnd.dealer, 0, "dix", [self.turn_up], DIX, False)
            leader = rnd.eldest
        else:
            first = rnd.options.first_lead
            leader = rnd.eldest
            if first == "declarer" and rnd.declarer is not None:
                leader = rnd.declarer
        rnd.phase = "play"
        rnd.leader = rnd.turn = leader

    def _score(
        self,
        rnd: Round,
        seat: int,
        trick: int,
        name: str,
        cards: list[str],
        points: int,
        exchanged: bool,
    ) -> None:
        assert rnd.melds is not None and rnd._meld_totals is not None
        total, entries = rnd.melds[seat]
        entry: Meld = {"name": name, "cards": list(cards), "points": points}
        rnd.melds[seat] = (total + points, [*entries, entry])
        rnd._meld_totals[seat] += points
        self.log.append(
            {
                "seat": seat,
                "trick": trick,
                "name": name,
                "cards": list(cards),
                "points": points,
                "exchanged": exchanged,
            }
        )

    # --- declaring a meld --------------------------------------------------------------------

    def _table_order(self, seat: int, code: str, cls: str | None) -> list[int]:
        """The indexes of ``seat``'s table copies of ``code`` (those that have not served in
        ``cls``), those that served the most classes first, then the earliest placed."""
        table = self.tables[seat]
        found = [i for i, (c, k) in enumerate(table) if c == code and cls not in k]
        return sorted(found, key=lambda i: (-len(table[i][1]), i))

    def _allocate(self, hand: list[str], seat: int, cards: tuple[str, ...], cls: str) -> list[Any]:
        """Where each card of a meld comes from: a table index, or ``None`` for the hand (in
        meld order). Raises ``not_in_hand``, ``meld_reused`` or ``no_new_card``."""
        need = Counter(cards)
        held = Counter(hand)
        on_table = Counter(c for c, _k in self.tables[seat])
        for code, k in need.items():
            if k > on_table[code] + held[code]:
                raise _refuse("not_in_hand", f"you don't hold {code}")
        fresh: dict[str, list[int]] = {}
        for code, k in need.items():
            fresh[code] = self._table_order(seat, code, cls)
            if k > len(fresh[code]) + held[code]:
                raise _refuse("meld_reused", f"your {code} on the table already served this meld")
        chosen: dict[str, list[Any]] = {}
        for code, k in need.items():
            tables = fresh[code][:k]
            chosen[code] = [*tables, *[None] * (k - len(tables))]
        if all(i is not None for picks in chosen.values() for i in picks):
            first = next((c for c in cards if held[c]), None)
            if first is None:
                raise _refuse("no_new_card", "a meld needs at least one card from your hand")
            chosen[first][-1] = None  # the least preferred table copy stays where it is
        return [chosen[c].pop(0) for c in cards]

    def _kind(self, rnd: Round, cards: object) -> tuple[tuple[str, ...], Kind]:
        if (
            not isinstance(cards, list | tuple)
            or not cards
            or not all(isinstance(c, str) and c in rnd._codes for c in cards)
        ):
            raise _refuse("bad_action", "a meld is a list of card codes like KS, QS")
        assert rnd.trump is not None
        key = tuple(sort_cards(cards))
        kind = MELDS[rnd.trump].get(key)
        if kind is None:
            raise _refuse("not_a_meld", "these cards are not one meld")
        return key, kind

    def declare(self, rnd: Round, seat: int, cards: object) -> list[str]:
        """Declare one meld for the trick's winner; the clean card list."""
        key, (name, cls, points) = self._kind(rnd, cards)
        hand = rnd.hands[seat]
        sources = self._allocate(hand, seat, key, cls)
        trick = len(rnd.played)
        if name == "dix" and self._may_exchange():
            nine = key[0]
            assert self.turn_up is not None
            hand.remove(nine)
            rnd.hands[seat] = sort_cards([*hand, self.turn_up])
            self.stock[-1] = self.turn_up = nine
            self.exchanged = True
            self._score(rnd, seat, trick, name, list(key), points, True)
        else:
            table = self.tables[seat]
            for code, source in zip(key, sources, strict=True):
                if source is None:
                    hand.remove(code)
                    table.append([code, [cls]])
                else:
                    table[source][1].append(cls)
            self._score(rnd, seat, trick, name, list(key), points, False)
        self.draw(rnd, seat)
        assert isinstance(cards, list | tuple)
        return [str(c) for c in cards]

    def _may_exchange(self) -> bool:
        return (
            self.turn_up is not None
            and self.turn_up[0] != "9"
            and not self.exchanged
            and bool(self.stock)
        )

    def declarable(self, rnd: Round, seat: int) -> list[list[str]]:
        """Every meld ``seat`` may declare now, as its cards in hand order."""
        assert rnd.trump is not None
        hand = rnd.hands[seat]
        out = []
        for cards, (_name, cls, _points) in MELDS[rnd.trump].items():
            try:
                self._allocate(hand, seat, cards, cls)
            except IllegalAction:
                continue
            out.append(list(cards))
        return out

    def named(self, legal: list[dict[str, Any]], trump: str | None) -> list[dict[str, Any]]:
        """Each meld action of ``legal`` by its cards, name and points, in the same order: the
        seat's view names the melds it may declare (``declarable``) beside its legal actions,
        which stay the actions ``apply`` takes (§21.3)."""
        if trump is None:
            return []
        table = MELDS[trump]
        out = []
        for action in legal:
            if action["type"] == "meld":
                name, _cls, points = table[tuple(action["cards"])]
                out.append({"cards": list(action["cards"]), "name": name, "points": points})
        return out

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, rnd: Round, winner: int) -> None:
        """The winner draws the stock's next card, the other seat the next; once the stock is
        empty the tables go back to the hands. Then the winner leads."""
        for seat in (winner, 1 - winner):
            rnd.hands[seat] = sort_cards([*rnd.hands[seat], self.stock.pop(0)])
        if not self.stock:
            self.turn_up = None
            for seat, table in enumerate(self.tables):
                rnd.hands[seat] = sort_cards([*rnd.hands[seat], *(c for c, _k in table)])
                table.clear()
        rnd.phase = "play"
        rnd.leader = rnd.turn = winner

    # --- playing -----------------------------------------------------------------------------

    def take(self, rnd: Round, seat: int, card: str, source: object) -> None:
        """Take ``card`` from ``seat``'s hand or table for a trick (``from``: ``hand``,
        ``table``, or none: a table copy if there is one)."""
        if source not in (None, "hand", "table"):
            raise _refuse("bad_action", 'a card is played "from" the "hand" or the "table"')
        hand = rnd.hands[seat]
        if source != "hand":
            order = self._table_order(seat, card, None)
            if order:
                del self.tables[seat][order[0]]
                return
            if source == "table":
                raise _refuse("not_in_hand", f"there is no {card} on your table")
        if card not in hand:
            raise _refuse("not_in_hand", f"you don't hold {card}")
        hand.remove(card)

    def check_source(self, card: str, source: object) -> None:
        """The strict stage: every card is in the hand again; ``from`` may still say so."""
        if source not in (None, "hand", "table"):
            raise _refuse("bad_action", 'a card is played "from" the "hand" or the "table"')
        if source == "table":
            raise _refuse("not_in_hand", f"there is no {card} on your table")

    def plays(self, rnd: Round, seat: int) -> list[dict[str, Any]]:
        """Stock stage: each distinct hand card, then each distinct table card (hand order)."""
        hand = dict.fromkeys(rnd.hands[seat])
        table = dict.fromkeys(sort_cards(c for c, _k in self.tables[seat]))
        return [{"type": "play", "card": c, "from": "hand"} for c in hand] + [
            {"type": "play", "card": c, "from": "table"} for c in table
        ]

    def lowest(self, rnd: Round, seat: int) -> dict[str, Any]:
        """The time-out's card in the stock stage: the lowest of hand and table, from the
        table if it lies there."""
        assert rnd.trump is not None
        key = LOW_KEY[rnd.trump].__getitem__
        on_table = [c for c, _k in self.tables[seat]]
        card = min([*rnd.hands[seat], *on_table], key=key)
        return {"type": "play", "card": card, "from": "table" if card in on_table else "hand"}

    # --- the end of the hand -----------------------------------------------------------------

    def result(self, rnd: Round, last_seat: int) -> dict[str, Any]:
        """Each seat scores its declared meld + counters (the last trick adds 1); after an
        auction a declarer short of its contract scores minus the contract."""
        assert rnd._meld_totals is not None
        meld = list(rnd._meld_totals)
        counters = list(rnd.counters)
        points = [m + c for m, c in zip(meld, counters, strict=True)]
        made = None
        if self.auction:
            d, contract = rnd.declarer, rnd.contract
            assert d is not None and contract is not None
            made = points[d] >= contract
            if not made:
                points[d] = -contract
        return {
            "reason": "played",
            "team_points": points,
            "meld": meld,
            "meld_counted": list(meld),
            "counters": counters,
            "last_trick_team": last_seat,
            "declarer": rnd.declarer,
            "contract": rnd.contract,
            "trump": rnd.trump,
            "made": made,
            "redeal_seat": None,
            "redeal_cards": None,
        }

    def view(self) -> dict[str, Any]:
        """The public two-handed keys (the stock's cards never: only how many are left)."""
        return {
            "table": [[{"card": c, "classes": list(k)} for c, k in t] for t in self.tables],
            "turn_up": self.turn_up if self.stock else None,
            "stock_count": len(self.stock),
            "stage": self.stage,
            "meld_log": [dict(e, cards=list(e["cards"])) for e in self.log],
        }
