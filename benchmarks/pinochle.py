"""Pinochle engine benchmark (issue 12): prints its figures.

Run: ``.venv/bin/python benchmarks/pinochle.py`` (``--quick`` for a smoke run).

One process, median of 3 runs for each figure. Targets on the 2-core dev machine:
replay of logged hands >= 50,000 actions/s; bot vs bot >= 200 four-player hands/s; ``meld_of``
>= 100,000 calls/s. Random legal play (``legal_actions`` + ``apply``) is reported too.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.pinochle import CANONICAL, Options, Round, bots, meld_of  # noqa: E402


def median_of_3(run: Callable[[], float]) -> float:
    return statistics.median(run() for _ in range(3))


def bot_hand(seed: int, options: Options) -> Round:
    r = Round.deal(options, seed % options.players, secret=f"{seed + 1:064x}")
    while r.turn is not None:
        r.apply(r.turn, bots.next_action(r.view(r.turn)))
    return r


def replay_rate(logs: list[dict[str, Any]]) -> float:
    """Replays logged hands from their JSON form (every check on): median actions/s."""
    actions = sum(len(d["actions"]) for d in logs)

    def run() -> float:
        t = time.perf_counter()
        for d in logs:
            Round.from_json(d)
        return actions / (time.perf_counter() - t)

    return median_of_3(run)


def bench_replay(hands: int) -> list[tuple[str, float, float]]:
    """Per variant: actions/s and actions per hand, replaying bot hands."""
    out = []
    for variant in ("single", "double", "three"):
        options = Options(variant=variant)
        logs = [bot_hand(s, options).to_dict() for s in range(hands)]
        per_hand = sum(len(d["actions"]) for d in logs) / hands
        out.append((variant, replay_rate(logs), per_hand))
    return out


def bench_bots(hands: int) -> tuple[float, float]:
    """Bot vs bot, four players, single deck: hands/s and actions/s (every view built)."""
    options = Options()
    counts: list[int] = []

    def run() -> float:
        counts.clear()
        t = time.perf_counter()
        for s in range(hands):
            counts.append(len(bot_hand(10_000 + s, options).actions))
        return hands / (time.perf_counter() - t)

    rate = median_of_3(run)
    return rate, rate * statistics.mean(counts)


def bench_meld_of(n: int, variant: str) -> float:
    """``meld_of`` on random hands (12 cards single, 20 double), a random trump each."""
    rng = random.Random(7)
    deck = list(CANONICAL[variant])
    size = 20 if variant == "double" else 12
    cases = [(rng.sample(deck, size), rng.choice("SHDC")) for _ in range(n)]

    def run() -> float:
        t = time.perf_counter()
        for cards, trump in cases:
            meld_of(cards, trump, variant)
        return n / (time.perf_counter() - t)

    return median_of_3(run)


def bench_random_play(hands: int) -> tuple[float, float]:
    """Random legal play, four players, single deck: hands/s and actions/s."""
    options = Options()

    def run() -> float:
        rng = random.Random(3)
        actions = 0
        t = time.perf_counter()
        for s in range(hands):
            r = Round.deal(options, s % 4, secret=f"{s + 99:064x}")
            while r.turn is not None:
                r.apply(r.turn, rng.choice(r.legal_actions()))
                actions += 1
        elapsed = time.perf_counter() - t
        run.actions_per_s = actions / elapsed  # type: ignore[attr-defined]
        return hands / elapsed

    rates = [run() for _ in range(3)]
    return statistics.median(rates), run.actions_per_s  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    args = parser.parse_args()
    k = 10 if args.quick else 1
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} cores (figures are wall-clock)")
    for variant, rate, per_hand in bench_replay(300 // k):
        print(
            f"replay of logged bot hands, {variant}: {rate:,.0f} actions/s "
            f"({per_hand:.0f} actions/hand)  [target >= 50,000 actions/s]"
        )
    hands, actions = bench_bots(300 // k)
    print(
        f"bot vs bot, 4 players: {hands:,.0f} hands/s, {actions:,.0f} actions/s"
        "  [target >= 200 hands/s]"
    )
    for variant in ("single", "double"):
        calls = bench_meld_of(100_000 // k, variant)
        print(f"meld_of, {variant} deck: {calls:,.0f} calls/s  [target >= 100,000 calls/s]")
    hands, actions = bench_random_play(300 // k)
    print(f"random legal play, 4 players: {hands:,.0f} hands/s, {actions:,.0f} actions/s")


if __name__ == "__main__":
    main()
