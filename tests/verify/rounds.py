"""Random rounds played by the engine's bots, as Verify records (no database)."""

from __future__ import annotations

import random
import string
from typing import Any

from games.banakil import Options, bots, fair
from games.banakil import Round as EngineRound
from games.banakil.pages import dealt
from games.verification import FORMAT

SEED_CHARS = string.ascii_letters + string.digits + "_-"


def random_round(rng: random.Random, players: int, max_actions: int = 3000) -> dict[str, Any]:
    secret = rng.getrandbits(256).to_bytes(32, "big").hex()
    seeds = [
        "".join(rng.choice(SEED_CHARS) for _ in range(rng.randint(0, 64))) for _ in range(players)
    ]
    seeds = [s if rng.random() < 0.75 else "" for s in seeds]
    client_seed = fair.client_seed(seeds)
    number = rng.choice([1, 1, 2, 5])
    first = fair.first_dealer(secret, client_seed, players)
    dealer = first if number == 1 else rng.randrange(players)
    engine = EngineRound.deal(
        Options(players=players), dealer, secret=secret, client_seed=client_seed
    )
    # some rounds are played "passively" for a while (draw, throw, never meld) so the stock runs
    # out and the pile is restocked, then the bots finish them
    passive = rng.choice([0, 0, 120, 200, 320])
    for n in range(max_actions):
        if engine.result is not None:
            break
        seat = engine.turn
        simple = [a for a in engine.legal_actions() if a["type"] in ("draw", "throw")]
        if n < passive and simple:
            engine.apply(seat, rng.choice(simple))
        else:
            engine.apply(seat, bots.next_action(engine.view(seat)))
    return {
        "format": FORMAT,
        "algorithm": fair.ALGORITHM,
        "round": None,
        "match": None,
        "game": "banakil",
        "number": number,
        "players": players,
        "options": Options(players=players).to_dict(),
        "commitment": fair.commitment(secret),
        "client_seed": client_seed,
        "dealer": dealer,
        "first_dealer": first if number == 1 else None,
        "revealed": True,
        "secret": secret,
        **dealt(engine.to_dict()),
    }
