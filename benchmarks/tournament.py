"""Pairing at scale: an arena of 1,000 free players, and a Swiss field of 1,000 paired round
after round (the later rounds, when many have met, are the hard ones). Each must take under a
second. Run: ``.venv/bin/python benchmarks/tournament.py``."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments import arena, swiss  # noqa: E402

PLAYERS = 1_000
ROUNDS = 11


def timed(work):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    out = work()
    return out, time.perf_counter() - start


def main() -> int:
    rng = random.Random(32)
    worst = 0.0
    players = list(range(1, PLAYERS + 1))
    standing = rng.sample(players, len(players))
    last = {p: {rng.choice(players)} for p in players}
    for seats in (2, 4):
        tables, took = timed(lambda s=seats: arena.pair(players, standing, last, seats=s))
        print(
            f"arena, {PLAYERS} free players, {seats} seats: {len(tables)} tables"
            f" in {took * 1000:.1f} ms"
        )
        worst = max(worst, took)

    games: list[swiss.Game] = []
    for number in range(1, ROUNDS + 1):
        pairing, took = timed(lambda: swiss.pair(players, games))
        worst = max(worst, took)
        print(
            f"swiss, {PLAYERS} players, round {number}: {len(pairing.tables)} tables"
            f" in {took * 1000:.1f} ms"
        )
        for a, b in pairing.tables:
            games.append(
                swiss.Game(a, b, rng.choice((swiss.WIN, swiss.WIN, swiss.LOSS, swiss.DRAW)))
            )
    _table, took = timed(lambda: swiss.standings(players, games))
    print(f"swiss standings after {ROUNDS} rounds: {took * 1000:.1f} ms")
    print(f"slowest pairing: {worst * 1000:.1f} ms ({'under' if worst < 1 else 'OVER'} 1 s)")
    return 0 if worst < 1 else 1


if __name__ == "__main__":
    raise SystemExit(main())
