"""Hints («تلميحات») for a seat: its legal cards, its meld under each trump, a bid and a trump,
the cards to put aside, how to deal out the kitty («القطّة») and whether to concede.

Everything here reads the seat's ``view`` only, so a hint shows exactly what the seat may know.
The bot (``bots.py``) bids, names trump, discards, deals out the kitty and concedes with the same
choices.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from .cards import CANONICAL, COUNTER, LOW_KEY, STRENGTH, SUIT, SUITS, partner_of, sort_cards
from .melds import melds_of_hand, points_by_trump
from .options import LAST_TRICK_BONUS

#: What a seat's side is expected to take beyond the seat's own meld, per variant: a base (the
#: partner's meld and tricks; three-handed, what the widow brings), then per ace outside trump,
#: per trump held, per trump A or T. Fitted by least squares on bot-played hands (1,500 per
#: variant) where the seat declared at the minimum with its best suit.
#: Version 2's variants are not fitted yet: their figures are scaled by hand from the nearest
#: fitted game (cutthroat from three without the widow; six from double with two partners and
#: 75 counters; eight from single with 50 counters shared by four teams).
_ESTIMATE: Final[dict[str, tuple[float, float, float, float]]] = {
    "single": (8.4, 1.5, 1.3, 1.3),
    "double": (25.7, 1.4, 1.3, 1.8),
    "three": (2.8, 1.2, 1.9, 0.9),
    # two-handed: a rough guess (the hand's meld is declared over the stock stage, where the
    # draws bring about as much again)
    "two": (10.0, 1.0, 1.0, 1.0),
    "cutthroat": (1.0, 1.2, 1.9, 0.9),
    "six": (40.0, 1.2, 1.3, 1.8),
    "eight": (10.0, 1.2, 1.0, 1.3),
}
#: How far below its estimate the bot stops bidding (about half the fit's residual spread), so
#: that it makes most contracts it wins.
_MARGIN: Final[dict[str, int]] = {
    "single": 3,
    "double": 7,
    "three": 3,
    "two": 3,
    "cutthroat": 3,
    "six": 10,
    "eight": 4,
}

#: every counter of a hand, the last trick's included (25 with one deck)
ALL_COUNTERS: Final = {
    variant: sum(COUNTER[c] for c in deck) + LAST_TRICK_BONUS[variant]
    for variant, deck in CANONICAL.items()
}


def meld_by_trump(cards: Sequence[str], options: Mapping[str, Any]) -> dict[str, int]:
    """The meld ``cards`` would score with each suit as trump (the view's ``options``)."""
    points = points_by_trump(
        cards,
        options["roundhouse_bonus"],
        options["variant"],
        options.get("quadruple_pinochle_100", False),
    )
    return dict(zip(SUITS, points, strict=True))


def estimates(cards: Sequence[str], options: Mapping[str, Any]) -> dict[str, int]:
    """Per suit as trump: the meld plus a rough count of what the hand (and its partner) will
    take in tricks. The bot bids up to the best of these."""
    base, per_ace, per_trump, per_high_trump = _ESTIMATE[options["variant"]]
    melds = meld_by_trump(cards, options)
    aces = dict.fromkeys(SUITS, 0)
    held = dict.fromkeys(SUITS, 0)
    high = dict.fromkeys(SUITS, 0)
    for c in cards:
        suit = SUIT[c]
        held[suit] += 1
        if c[0] == "A":
            aces[suit] += 1
            high[suit] += 1
        elif c[0] == "T":
            high[suit] += 1
    all_aces = sum(aces.values())
    return {
        s: int(
            melds[s]
            + base
            + per_ace * (all_aces - aces[s])
            + per_trump * held[s]
            + per_high_trump * high[s]
        )
        for s in SUITS
    }


def best_trump(cards: Sequence[str], options: Mapping[str, Any], allowed: Sequence[str]) -> str:
    """The allowed suit with the best estimate (then more cards of it, then S H D C order)."""
    est = estimates(cards, options)
    return max(
        allowed,
        key=lambda s: (est[s], sum(1 for c in cards if SUIT[c] == s), -SUITS.index(s)),
    )


def suggested_bid(view: Mapping[str, Any]) -> int | None:
    """The bid to make now (the lowest legal amount while the hand is worth it), or None to
    pass. Only on the seat's own bidding turn; a stuck dealer always gets its forced bid."""
    legal = view.get("legal") or []
    if view.get("phase") != "bidding" or not legal:
        return None
    bid = next((a["amount"] for a in legal if a["type"] == "bid"), None)
    if bid is None:
        return None
    if not any(a["type"] == "pass" for a in legal):
        return int(bid)  # the stuck dealer
    options = view["options"]
    variant = options["variant"]
    best = max(estimates(view["hand"], options).values())
    best -= _MARGIN[variant]
    partner = partner_of(variant, view["seat"])
    partner_high = partner is not None and view["high_bidder"] == partner
    margin = 5 if partner_high else 0  # don't outbid a partner without a much better hand
    return int(bid) if bid + margin <= best else None


def meld_cards(cards: Sequence[str], trump: str, options: Mapping[str, Any]) -> set[str]:
    """The codes that stand in some meld of ``cards`` under ``trump``."""
    _points, entries = melds_of_hand(
        cards,
        trump,
        options["roundhouse_bonus"],
        options["variant"],
        options["quadruple_pinochle_100"],
    )
    return {c for m in entries for c in m["cards"]}


def suggested_discard(view: Mapping[str, Any]) -> list[str] | None:
    """The cards to put aside on the seat's own discard turn (three-handed's widow 3, the kitty's
    4): what helps least (no trump, no meld, no ace), safe counters first since they count for
    the declarer, then the lowest. None when the seat is not discarding now."""
    legal = [a for a in view.get("legal") or [] if a["type"] == "discard"]
    if view.get("phase") != "discard" or not legal:
        return None
    trump: str = view["trump"]
    low = LOW_KEY[trump]
    melded = meld_cards(view["hand"], trump, view["options"])

    def first_aside(c: str) -> tuple[bool, bool, bool, bool, int]:
        return (SUIT[c] == trump, c in melded, c[0] == "A", not COUNTER[c], low[c])

    return sort_cards(sorted(view["hand"], key=first_aside)[: len(legal[0]["cards"])])


def suggested_kitty(view: Mapping[str, Any]) -> list[str] | None:
    """Deal out the kitty (``kitty: deal_out``, on the declarer's turn): the best card to the
    seat itself, the next to its partner, the lowest two to the others (before trump is named,
    "best" is the rank: A T K Q J 9); the card for seat i at i. None at any other moment."""
    if view.get("phase") != "kitty" or not view.get("legal"):
        return None
    seat, players = view["seat"], view["players"]
    best_first = sorted(view["kitty"], key=lambda c: -STRENGTH[c])
    partner = partner_of(view["options"]["variant"], seat)
    order = [seat, partner] + [s for s in range(players) if s not in (seat, partner)]
    given = [""] * players
    for s, card in zip(order, best_first, strict=True):
        given[s] = card
    return given


def concession(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """On the declarer's concede-or-play-on turn: ``reach``, the most its side can score (its
    meld and every counter of the hand), the ``contract``, and ``suggested``: ``concede`` only
    when the reach falls short of the contract, else ``play_on``. None at any other moment."""
    if view.get("phase") != "concede" or not view.get("legal"):
        return None
    side = view["seat"] % len(view["meld_totals"])
    reach = view["meld_totals"][side] + ALL_COUNTERS[view["options"]["variant"]]
    contract = view["contract"]
    return {
        "reach": reach,
        "contract": contract,
        "suggested": "concede" if reach < contract else "play_on",
    }


def hints(view: Mapping[str, Any]) -> dict[str, Any]:
    """``legal_cards`` (on the seat's playing turn), ``meld_by_trump`` for its cards now,
    ``estimates`` (meld + expected tricks per trump), ``suggested_bid`` (None: pass, or not
    bidding now), ``suggested_trump`` (while the trump is still to be named), and on the seat's
    own turn in those phases ``suggested_discard``, ``suggested_kitty`` (the card for each seat)
    and ``concession`` (else None)."""
    seat = view.get("seat")
    if seat is None:
        raise ValueError("hints are for a seat's own view")
    options = view["options"]
    hand = list(view["hand"])
    legal = view.get("legal") or []
    suggested_trump = None
    if view["phase"] in ("bidding", "trump"):
        allowed = [a["suit"] for a in legal if a["type"] == "trump"] or list(SUITS)
        suggested_trump = best_trump(hand, options, allowed)
    return {
        "legal_cards": list(dict.fromkeys(a["card"] for a in legal if a["type"] == "play")),
        "meld_by_trump": meld_by_trump(hand, options),
        "estimates": estimates(hand, options),
        "suggested_bid": suggested_bid(view),
        "suggested_trump": suggested_trump,
        "suggested_discard": suggested_discard(view),
        "suggested_kitty": suggested_kitty(view),
        "concession": concession(view),
    }
