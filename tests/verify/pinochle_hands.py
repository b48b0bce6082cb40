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


def random_hand(rng: random.Random, variant: str) -> dict[str, Any]:
    options = Options.from_dict({"variant": variant})
    seats = options.players
    secret = rng.getrandbits(256).to_bytes(32, "big").hex()
    seeds = [
        "".join(rng.choice(SEED_CHARS) for _ in range(rng.randint(0, 64))) for _ in range(seats)
    ]
    client_seed = fair.client_seed([s if rng.random() < 0.75 else "" for s in seeds])
    number = rng.choice([1, 1, 2, 5])
    first = fair.first_dealer(secret, client_seed, seats)
    dealer = first if number == 1 else rng.randrange(seats)
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
        "players": seats,
        "options": options.to_dict(),
        "commitment": fair.commitment(secret),
        "client_seed": client_seed,
        "dealer": dealer,
        "first_dealer": first if number == 1 else None,
        "revealed": True,
        "secret": secret,
        **dealt(engine.to_dict()),
    }


def random_hands(seed: int, count: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [random_hand(rng, VARIANTS[n % len(VARIANTS)]) for n in range(count)]
