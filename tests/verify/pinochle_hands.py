"""Random Pinochle hands played by the engine's bots, as Verify records (no database)."""

from __future__ import annotations

import random
import string
from typing import Any

from games import fair
from games.pinochle import Options, Round, bots
from games.pinochle.pages import dealt
from games.verification import FORMAT

SEED_CHARS = string.ascii_letters + string.digits + "_-"
VARIANTS = ("single", "double", "three")
#: version 2's deals: every new variant, two-handed's auction and the kitty, each a rest of its own
VERSION_TWO: tuple[dict[str, Any], ...] = (
    {"variant": "two"},
    {"variant": "two", "two_trump": "auction"},
    {"variant": "cutthroat"},
    {"variant": "six"},
    {"variant": "eight"},
    {"variant": "single", "kitty": "declarer"},
    {"variant": "single", "kitty": "deal_out"},
)


def random_hand(rng: random.Random, variant: str | dict[str, Any]) -> dict[str, Any]:
    options = Options.from_dict({"variant": variant} if isinstance(variant, str) else variant)
    seats = options.players
    secret = rng.getrandbits(256).to_bytes(32, "big").hex()
    seeds = [
        "".join(rng.choice(SEED_CHARS) for _ in range(rng.randint(0, 64))) for _ in range(seats)
    ]
    client_seed = fair.client_seed([s if rng.random() < 0.75 else "" for s in seeds])
    number = rng.choice([1, 1, 2, 5])
    first = fair.first_dealer(secret, client_seed, seats)
    dealer = first if number == 1 else rng.randrange(seats)
    return played_hand(options, secret, client_seed, number, dealer)


def played_hand(
    options: Options, secret: str, client_seed: str, number: int, dealer: int
) -> dict[str, Any]:
    """A hand dealt by the engine from ``secret`` and played to its end by the bots, as its
    Verify record (round 1 names the match's first dealer)."""
    first = fair.first_dealer(secret, client_seed, options.players)
    engine = Round.deal(options, dealer, secret=secret, client_seed=client_seed)
    while not engine.over:
        engine.apply(engine.turn, bots.next_action(engine.view(engine.turn)))
    return {
        "format": FORMAT,
        "algorithm": fair.ALGORITHM,
        "round": None,
        "match": None,
        "game": "pinochle",
        "number": number,
        "players": options.players,
        "options": options.to_dict(),
        "commitment": fair.commitment(secret),
        "client_seed": client_seed,
        "dealer": dealer,
        "first_dealer": first if number == 1 else None,
        "revealed": True,
        "secret": secret,
        **dealt(engine.to_dict()),
    }


def random_hands(
    seed: int, count: int, variants: tuple[str | dict[str, Any], ...] = VARIANTS
) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [random_hand(rng, variants[n % len(variants)]) for n in range(count)]


V1_SECRET = "0000000000000000000000000000000000000000000000000000000000000001"
#: the fair-shuffle vectors of version 2 (docs/rules/pinochle.md, "Fair-shuffle vectors"; Vector
#: 1's secret, an empty client seed): options, the first dealer, seat 0's cards as dealt, and the
#: rest the vector names
SPEC_VECTORS: tuple[tuple[dict[str, Any], int, str, dict[str, Any]], ...] = (
    ({"variant": "two"}, 1, "TD AH AC JH JH TD AC KH 9D QD AS KS", {"turn_up": "AH"}),
    ({"variant": "cutthroat"}, 2, "TD AH AC JH 9C KS JS JD AH TC QS AD JC QH AD 9H", {}),
    ({"kitty": "declarer"}, 3, "TD AH AC 9C KS JS AH TC QS JC QH", {"kitty": "KH TH QC QH"}),
    ({"variant": "six"}, 5, "QH AC QS QD JS QH KC TD AC QH AH TH JS AS QC JD QC AC JD TS", {}),
    ({"variant": "eight"}, 3, "AD JC 9H JC TD JS 9H AH KS JS TH JC", {}),
)


def vector_hand(options: dict[str, Any]) -> dict[str, Any]:
    """Round 1 of Vector 1's secret, dealt by the engine and played out, as its Verify record."""
    o = Options.from_dict(options)
    return played_hand(o, V1_SECRET, "", 1, fair.first_dealer(V1_SECRET, "", o.players))
