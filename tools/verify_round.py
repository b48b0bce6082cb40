#!/usr/bin/env python3
"""Check a Sahrat round offline: python tools/verify_round.py round.json

The round's JSON is the download on its Verify page, of either game. This script re-derives
the deal from the revealed secret with sahrat-shuffle-v1 (docs/fair-shuffle.md), using nothing
but the Python standard library, and checks: SHA-256(secret) == the commitment published before
the deal; the deck; every hand as dealt; the first dealer (round 1); for Banakil every restock
(its input pile followed from the action log, its shuffle re-derived); for Pinochle the cards
left after the hands: the widow (three-handed), the turn-up and the stock (two-handed), the
kitty. Exit 0 when everything matches, 1 when anything does not, 2 when the file cannot be read.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import sys
from typing import Any

ALGORITHM = "sahrat-shuffle-v1"
FIRST_HAND, HAND = 19, 18
CANONICAL_DECK = [r + s for _copy in (1, 2) for s in "SHDC" for r in "A23456789TJQK"] + ["JK", "JK"]
#: Pinochle (docs/rules/pinochle.md): the single deck is the 106-card order without 2-8 and the
#: jokers; the double deck four copies of A T J Q K; six-handed's triple deck six copies of
#: A T J Q K; eight-handed's deck four copies of A 9 T J Q K. Hands are dealt in packets, eldest
#: first, round after round; what is left is the variant's rest.
PINOCHLE_SINGLE = [r + s for _copy in (1, 2) for s in "SHDC" for r in "A9TJQK"]
PINOCHLE_DOUBLE = [r + s for _copy in (1, 2, 3, 4) for s in "SHDC" for r in "ATJQK"]
PINOCHLE_TRIPLE = [r + s for _copy in range(6) for s in "SHDC" for r in "ATJQK"]
PINOCHLE_EIGHT = [r + s for _copy in range(4) for s in "SHDC" for r in "A9TJQK"]
PINOCHLE_DEAL = {  # variant: (deck, seats, packets per round)
    "single": (PINOCHLE_SINGLE, 4, (3, 3, 3, 3)),
    "double": (PINOCHLE_DOUBLE, 4, (4, 4, 4, 4, 4)),
    "three": (PINOCHLE_SINGLE, 3, (3, 3, 3, 3, 3)),
    "two": (PINOCHLE_SINGLE, 2, (4, 4, 4)),
    "cutthroat": (PINOCHLE_SINGLE, 3, (4, 4, 4, 4)),
    "six": (PINOCHLE_TRIPLE, 6, (4, 4, 4, 4, 4)),
    "eight": (PINOCHLE_EIGHT, 8, (3, 3, 3, 3)),
}
#: single deck with a kitty: 11 cards each, the kitty is deck[44:48]
KITTY_PACKETS = (3, 3, 3, 2)


class Stream:
    def __init__(self, secret: bytes, purpose: str, client_seed: str) -> None:
        self.key, self.prefix, self.counter, self.buffer = (
            secret,
            f"{purpose}|{client_seed}|",
            0,
            b"",
        )

    def read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            msg = f"{self.prefix}{self.counter}".encode()
            self.buffer += hmac.new(self.key, msg, hashlib.sha256).digest()
            self.counter += 1
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def below(self, n: int) -> int:
        limit = 2**32 - 2**32 % n
        while True:
            x = int.from_bytes(self.read(4), "big")
            if x < limit:
                return x % n


def shuffle(items: list[str], secret: bytes, purpose: str, client_seed: str) -> list[str]:
    out, stream = list(items), Stream(secret, purpose, client_seed)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def hands_from(deck: list[str], dealer: int, players: int) -> list[list[str]]:
    hands: list[list[str]] = [[] for _ in range(players)]
    pos = 0
    for k in range(players):
        size = FIRST_HAND if k == 0 else HAND
        hands[(dealer + 1 + k) % players] = deck[pos : pos + size]
        pos += size
    return hands


def restock_piles(actions: list[Any], players: int) -> list[list[str]]:
    """Each restock's input pile, followed from the action log alone."""
    stock, pile, piles = 106 - FIRST_HAND - HAND * (players - 1), [], []
    for _seat, action in actions:
        kind, source = action.get("type"), action.get("from")
        if kind == "throw":
            pile.append(action["card"])
        elif kind == "draw" and source == "pile":
            pile.pop()
        elif kind == "draw" and source == "stock":
            if stock == 0:
                if len(pile) < 2:
                    break
                piles.append(pile[:-1])
                stock, pile = len(pile) - 1, pile[-1:]
            stock -= 1
    return piles


def packet_hands(
    deck: list[str], dealer: int, seats: int, packets: tuple[int, ...]
) -> list[list[str]]:
    """Pinochle's deal: round r starts at b_r = seats * (p_0 + ... + p_(r-1)); the k-th seat
    after the dealer (k = 0, the eldest) gets deck[b_r + k*p_r : b_r + k*p_r + p_r]."""
    hands: list[list[str]] = [[] for _ in range(seats)]
    start = 0
    for p in packets:
        for k in range(seats):
            hands[(dealer + 1 + k) % seats] += deck[start + k * p : start + k * p + p]
        start += seats * p
    return hands


def pinochle_rest(rest: list[str], options: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """The cards left after the hands, by what they are: (check name, record key, cards)."""
    variant = options.get("variant") or "single"
    out: list[tuple[str, str, Any]] = []
    if variant == "three":
        out.append(("widow", "widow", rest))
    if variant == "two":
        if (options.get("two_trump") or "turn_up") == "turn_up":
            out += [("turn-up", "turn_up", rest[0]), ("stock", "stock", rest[1:])]
        else:
            out.append(("stock", "stock", rest))
    if (options.get("kitty") or "none") != "none":
        out.append(("kitty", "kitty", rest))
    return out


def verify(record: dict[str, Any]) -> list[tuple[str, bool, str]]:
    """Every check as (name, passed, detail)."""
    if record.get("game", "banakil") == "pinochle":
        return verify_pinochle(record)
    secret, checks = secret_and_commitment(record)
    if secret is None:
        return checks
    seed = record.get("client_seed") or ""
    players, dealer = int(record["players"]), int(record["dealer"])
    recorded = record.get("recorded") or {}
    deck = shuffle(CANONICAL_DECK, secret, "deal", seed)
    checks.append(("deck", deck == recorded.get("deck"), " ".join(deck)))
    for seat, hand in enumerate(hands_from(deck, dealer, players)):
        got = (recorded.get("hands") or [None] * players)[seat]
        checks.append((f"hand of seat {seat + 1}", hand == got, " ".join(hand)))
    if record.get("number") == 1 and record.get("first_dealer") is not None:
        first = Stream(secret, "dealer", seed).below(players)
        checks.append(
            (
                "first dealer",
                first == record["first_dealer"],
                f"derived seat {first + 1}, recorded seat {record['first_dealer'] + 1}",
            )
        )
    piles = restock_piles(record.get("actions") or [], players)
    restocks = recorded.get("restocks") or []
    for i in range(max(len(piles), len(restocks))):
        k = i + 1
        if i >= len(piles) or i >= len(restocks):
            checks.append((f"restock {k}", False, "the log and the record disagree on restocks"))
            continue
        stock = shuffle(piles[i], secret, f"restock:{k}", seed)
        ok = restocks[i].get("k") == k and restocks[i].get("pile") == piles[i]
        checks.append((f"restock {k}", ok and restocks[i].get("stock") == stock, " ".join(stock)))
    return checks


def secret_and_commitment(
    record: dict[str, Any],
) -> tuple[bytes | None, list[tuple[str, bool, str]]]:
    """The revealed secret and the commitment check, or the reason there is nothing to check."""
    if record.get("algorithm") != ALGORITHM:
        return None, [("algorithm", False, f"unknown algorithm {record.get('algorithm')!r}")]
    secret_hex = record.get("secret")
    if not isinstance(secret_hex, str) or not re.fullmatch(r"[0-9a-f]{64}", secret_hex):
        return None, [("secret", False, "no revealed secret (64 lowercase hex) in this file")]
    secret = bytes.fromhex(secret_hex)
    commitment = hashlib.sha256(secret).hexdigest()
    detail = f"SHA-256(secret) = {commitment}, published {record.get('commitment')}"
    return secret, [("commitment", commitment == record.get("commitment"), detail)]


def verify_pinochle(record: dict[str, Any]) -> list[tuple[str, bool, str]]:
    """Pinochle: the deck, every hand dealt in packets, the rest (the widow three-handed; the
    turn-up and the stock two-handed; the kitty), the first dealer."""
    secret, checks = secret_and_commitment(record)
    if secret is None:
        return checks
    seed = record.get("client_seed") or ""
    options = record.get("options") or {}
    variant = options.get("variant") or "single"
    canonical, seats, packets = PINOCHLE_DEAL[variant]
    if (options.get("kitty") or "none") != "none":
        packets = KITTY_PACKETS
    dealer = int(record["dealer"])
    recorded = record.get("recorded") or {}
    deck = shuffle(canonical, secret, "deal", seed)
    checks.append(("deck", deck == recorded.get("deck"), " ".join(deck)))
    for seat, hand in enumerate(packet_hands(deck, dealer, seats, packets)):
        got = (recorded.get("hands") or [None] * seats)[seat]
        checks.append((f"hand of seat {seat + 1}", hand == got, " ".join(hand)))
    for name, key, cards in pinochle_rest(deck[seats * sum(packets) :], options):
        shown = cards if isinstance(cards, str) else " ".join(cards)
        checks.append((name, cards == recorded.get(key), shown))
    if record.get("number") == 1 and record.get("first_dealer") is not None:
        first = Stream(secret, "dealer", seed).below(seats)
        checks.append(
            (
                "first dealer",
                first == record["first_dealer"],
                f"derived seat {first + 1}, recorded seat {record['first_dealer'] + 1}",
            )
        )
    return checks


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            record = json.load(f)
        checks = verify(record)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        print(f"cannot check {argv[1]}: {error}", file=sys.stderr)
        return 2
    for name, ok, detail in checks:
        print(f"{'PASS' if ok else 'FAIL'}  {name}: {detail}")
    passed = bool(checks) and all(ok for _n, ok, _d in checks)
    label = f"round {record.get('number')} of match {record.get('match')}"
    print(f"{'PASS' if passed else 'FAIL'}: {label}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
