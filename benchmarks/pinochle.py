"""Pinochle engine benchmark (issue 12): prints its figures.

Run: ``.venv/bin/python benchmarks/pinochle.py`` (``--quick`` for a smoke run).

One process, median of 3 runs for each figure. Targets on the 2-core dev machine:
replay of logged hands >= 50,000 actions/s; bot vs bot >= 200 four-player hands/s; ``meld_of``
>= 100,000 calls/s. Random legal play (``legal_actions`` + ``apply``) is reported too.

Each figure is wall-clock; the rate over the process's own CPU time follows in brackets, since
the dev machine is shared and a busy moment slows the wall clock, not the engine.
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

Rates = tuple[float, float]  # (per wall-clock second, per CPU second)


def median_rates(work: Callable[[], int]) -> Rates:
    """Run ``work`` (it returns how many things it did) 3 times: the median rates."""
    wall, cpu = [], []
    for _ in range(3):
        w, c = time.perf_counter(), time.process_time()
        done = work()
        wall.append(done / (time.perf_counter() - w))
        cpu.append(done / (time.process_time() - c))
    return statistics.median(wall), statistics.median(cpu)


def show(rates: Rates, unit: str) -> str:
    return f"{rates[0]:,.0f} {unit} (cpu {rates[1]:,.0f})"


def bot_hand(seed: int, options: Options) -> Round:
    r = Round.deal(options, seed % options.players, secret=f"{seed + 1:064x}")
    while r.turn is not None:
        r.apply(r.turn, bots.next_action(r.view(r.turn)))
    return r


def bench_replay(hands: int, variant: str) -> tuple[Rates, float]:
    """Replays logged bot hands from their stored form (every check on): actions/s."""
    options = Options(variant=variant)
    logs: list[dict[str, Any]] = [bot_hand(s, options).to_dict() for s in range(hands)]
    actions = sum(len(d["actions"]) for d in logs)

    def work() -> int:
        for d in logs:
            Round.from_json(d)
        return actions

    return median_rates(work), actions / hands


def bench_bots(hands: int, variant: str = "single") -> tuple[Rates, float]:
    """Bot vs bot (every view built), one variant: hands/s."""
    options = Options(variant=variant)
    counts: list[int] = []

    def work() -> int:
        counts.clear()
        for s in range(hands):
            counts.append(len(bot_hand(10_000 + s, options).actions))
        return hands

    return median_rates(work), statistics.mean(counts)


def bench_meld_of(n: int, variant: str) -> Rates:
    """``meld_of`` on random hands (a hand's size: 12 single and eight, 20 double and six), a
    random trump each."""
    rng = random.Random(7)
    deck = list(CANONICAL[variant])
    size = 20 if variant in ("double", "six") else 12
    cases = [(rng.sample(deck, size), rng.choice("SHDC")) for _ in range(n)]

    def work() -> int:
        for cards, trump in cases:
            meld_of(cards, trump, variant)
        return n

    return median_rates(work)


def bench_random_play(hands: int) -> tuple[Rates, float]:
    """Random legal play, four players, single deck: actions/s."""
    options = Options()
    counts: list[int] = []

    def work() -> int:
        rng = random.Random(3)
        actions = 0
        for s in range(hands):
            r = Round.deal(options, s % 4, secret=f"{s + 99:064x}")
            while r.turn is not None:
                r.apply(r.turn, rng.choice(r.legal_actions()))
                actions += 1
        counts.append(actions)
        return actions

    rates = median_rates(work)
    return rates, statistics.mean(counts) / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    args = parser.parse_args()
    k = 10 if args.quick else 1
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} cores")
    for variant in ("single", "double", "three", "two", "cutthroat", "six", "eight"):
        rates, per_hand = bench_replay(300 // k, variant)
        print(
            f"replay of logged bot hands, {variant}: {show(rates, 'actions/s')}, "
            f"{per_hand:.0f} actions/hand  [target >= 50,000 actions/s]"
        )
    rates, per_hand = bench_bots(300 // k)
    print(
        f"bot vs bot, 4 players: {show(rates, 'hands/s')}, {per_hand:.0f} actions/hand"
        "  [target >= 200 hands/s]"
    )
    for variant in ("two", "cutthroat", "six", "eight"):
        rates, per_hand = bench_bots(300 // k, variant)
        print(f"bot vs bot, {variant}: {show(rates, 'hands/s')}, {per_hand:.0f} actions/hand")
    for variant in ("single", "double", "six", "eight"):
        rates = bench_meld_of(100_000 // k, variant)
        print(f"meld_of, {variant} deck: {show(rates, 'calls/s')}  [target >= 100,000 calls/s]")
    rates, per_hand = bench_random_play(300 // k)
    print(
        f"random legal play (legal_actions + apply), 4 players: {show(rates, 'actions/s')}, "
        f"{per_hand:.0f} actions/hand"
    )


if __name__ == "__main__":
    main()
