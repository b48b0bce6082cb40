"""Engine benchmark (issue 2): prints its figures. Run: ``.venv/bin/python benchmarks/engine.py``.

One process, median of 3 runs for each figure (5 alternating pairs for random legal play).
Targets on the 2-core dev machine: replay >= 25,000 actions/s; bot vs bot >= 20 four-player
rounds/s; check_meld >= 200,000 calls/s; hints p99 < 5 ms on 19-card hands holding a joker and
a banakil; random legal play (issue 14) >= 0.5x OpenSpiel's gin rummy random playout, both
measured in this run, interleaved, in CPU time. OpenSpiel is no project dependency; to compare,
install it in a scratch venv: ``python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install
open_spiel`` and run ``PYTHONPATH=. /tmp/osvenv/bin/python benchmarks/engine.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.banakil import CANONICAL_DECK, Options, Round, bots, check_meld, hints  # noqa: E402
from games.banakil.errors import InvalidMeld  # noqa: E402
from games.banakil.hints import _best  # noqa: E402


def median_of_3(run: Callable[[], float]) -> float:
    return statistics.median(run() for _ in range(3))


def bot_round(seed: int, players: int = 4) -> Round:
    r = Round.deal(Options(players=players), seed % players, secret=f"{seed + 1:064x}")
    while r.result is None:
        r.apply(r.turn, bots.next_action(r.view(r.turn)))
    return r


def bench_replay(rounds: int) -> tuple[float, float]:
    logs = [bot_round(s).to_dict() for s in range(rounds)]
    return replay_rate(logs)


def replay_rate(logs: list[dict[str, Any]]) -> tuple[float, float]:
    """Replays logged rounds (every check on): median actions/s, and actions per round."""
    actions = sum(len(d["actions"]) for d in logs)

    def run() -> float:
        t = time.perf_counter()
        for d in logs:
            Round.from_json(d)
        return actions / (time.perf_counter() - t)

    return median_of_3(run), actions / len(logs)


def bench_replay_random(rounds: int) -> tuple[float, float]:
    """Replay of longer rounds: random legal play (pile draws, lay-offs, swaps, restocks)."""
    rng = random.Random(5)
    logs = []
    for s in range(rounds):
        r = Round.deal(Options(), s % 4, secret=f"{s + 500:064x}")
        while r.result is None and len(r.actions) < 3000:
            r.apply(r.turn, rng.choice(r.legal_actions()))
        logs.append(r.to_dict())
    return replay_rate(logs)


def bench_bots(rounds: int) -> tuple[float, float]:
    counts: list[int] = []

    def run() -> float:
        counts.clear()
        t = time.perf_counter()
        for s in range(rounds):
            counts.append(len(bot_round(10_000 + s).actions))
        return rounds / (time.perf_counter() - t)

    rate = median_of_3(run)
    return rate, rate * statistics.mean(counts)


def meld_candidates(n: int, rng: random.Random) -> list[list[str]]:
    """Random 3-7 card candidates: half are runs/sets built to be valid, half random cards."""
    deck = list(CANONICAL_DECK)
    out: list[list[str]] = []
    while len(out) < n:
        size = rng.randint(3, 7)
        if rng.random() < 0.5:
            out.append(rng.sample(deck, size))
            continue
        suit = rng.choice("SHDC")
        low = rng.randint(1, 15 - size)
        ranks = "A23456789TJQKA"
        cards = [ranks[low - 1 + i] + suit for i in range(size)]
        for _ in range(rng.randint(0, 2)):
            cards[rng.randrange(size)] = rng.choice(["JK", "2S", "2H"])
        out.append(cards)
    return out


def bench_check_meld(n: int) -> tuple[float, float]:
    candidates = meld_candidates(n, random.Random(7))
    valid = 0
    for c in candidates:
        try:
            check_meld(c)
            valid += 1
        except InvalidMeld:
            pass

    def run() -> float:
        t = time.perf_counter()
        for c in candidates:
            try:
                check_meld(c)
            except InvalidMeld:
                pass
        return n / (time.perf_counter() - t)

    return median_of_3(run), valid / n


def hand_views(n: int, rng: random.Random) -> list[dict[str, object]]:
    """Views of a starter holding 19 random cards with a joker and a banakil."""
    views = []
    for _ in range(n):
        deck = list(CANONICAL_DECK)
        rng.shuffle(deck)
        deck.remove("JK")
        banakil = next(c for c in deck if c[0] == "2")
        deck.remove(banakil)
        deck = ["JK", banakil, *deck]
        r = Round.deal(Options(), dealer=3, deck=deck)
        views.append(r.view(0))
    return views


def bench_hints(n: int) -> tuple[float, float]:
    views = hand_views(n, random.Random(11))
    p50s, p99s = [], []
    for _ in range(3):
        times = []
        for v in views:
            _best.cache_clear()  # cold: no help from an earlier hand
            t = time.perf_counter()
            hints.hints(v)
            times.append(time.perf_counter() - t)
        times.sort()
        p50s.append(times[len(times) // 2] * 1000)
        p99s.append(times[int(len(times) * 0.99) - 1] * 1000)
    return statistics.median(p50s), statistics.median(p99s)


def random_play_run(rounds: int, run: int) -> tuple[float, float]:
    """Random legal play (``legal_actions()`` + ``apply``) of fresh deals (each run its own):
    rounds/s and actions/s of CPU time (steadier than wall time on a shared machine)."""
    rng = random.Random(3 + run)
    actions = 0
    t = time.process_time()
    for s in range(rounds):
        r = Round.deal(Options(), s % 4, secret=f"{run * 100_000 + s + 99:064x}")
        while r.result is None and len(r.actions) < 3000:
            r.apply(r.turn, rng.choice(r.legal_actions()))
            actions += 1
    elapsed = time.process_time() - t
    return rounds / elapsed, actions / elapsed


def open_spiel_run(games: int, run: int) -> float | None:
    """OpenSpiel's gin rummy random playout (C++ behind Python) in this process: actions/s of
    CPU time (every ``apply_action``, chance moves such as the deal and the draws included), or
    None when ``pyspiel`` is not importable."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(run)
    actions = 0
    t = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
    return actions / (time.process_time() - t)


def bench_random_play(
    rounds: int, games: int, runs: int = 5
) -> tuple[float, float, float | None, list[float]]:
    """``runs`` runs alternating with OpenSpiel's gin rummy playout when it is importable (each
    pair of runs sees the same load): the medians of Banakil rounds/s, Banakil actions/s and gin
    rummy actions/s (or None), and each pair's ratio (Banakil actions/s over gin rummy's)."""
    ours: list[tuple[float, float]] = []
    theirs: list[float] = []
    for run in range(runs):
        ours.append(random_play_run(rounds, run))
        other = open_spiel_run(games, run)
        if other is not None:
            theirs.append(other)
    return (
        statistics.median(r for r, _a in ours),
        statistics.median(a for _r, a in ours),
        statistics.median(theirs) if theirs else None,
        [a / g for (_r, a), g in zip(ours, theirs, strict=False)],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    args = parser.parse_args()
    k = 10 if args.quick else 1
    replay, per_round = bench_replay(200 // k)
    print(
        f"replay of logged bot rounds: {replay:,.0f} actions/s "
        f"({per_round:.0f} actions/round; a 150-action round in {150 / replay * 1000:.2f} ms)"
        "  [target >= 25,000 actions/s]"
    )
    replay, per_round = bench_replay_random(60 // k)
    print(
        f"replay of logged random-play rounds: {replay:,.0f} actions/s "
        f"({per_round:.0f} actions/round)"
    )
    rounds, actions = bench_bots(100 // k)
    print(
        f"bot vs bot, 4 players: {rounds:,.1f} rounds/s, {actions:,.0f} actions/s"
        "  [target >= 20 rounds/s]"
    )
    calls, share = bench_check_meld(200_000 // k)
    print(
        f"check_meld on random 3-7 card candidates ({share:.0%} valid): {calls:,.0f} calls/s"
        "  [target >= 200,000 calls/s]"
    )
    p50, p99 = bench_hints(1000 // k)
    print(
        f"hints on 19-card hands with a joker and a banakil: p50 {p50:.2f} ms, p99 {p99:.2f} ms"
        "  [target p99 < 5 ms]"
    )
    rounds, actions, gin, ratios = bench_random_play(60 // k, 100 // k)
    print(
        f"random legal play, 4 players (CPU time): {rounds:,.1f} rounds/s, {actions:,.0f} actions/s"
        "  [target >= 0.5x OpenSpiel gin rummy]"
    )
    if gin is None:
        print(
            "OpenSpiel gin rummy random playout: pyspiel not importable (issue 14 quotes ~63,800)"
        )
    else:
        print(
            f"OpenSpiel gin rummy random playout (same run, interleaved, CPU time): {gin:,.0f}"
            f" actions/s; ratio of the medians {actions / gin:.2f}; ratio per run pair"
            f" {' '.join(f'{r:.2f}' for r in ratios)} (best {max(ratios):.2f})"
        )


if __name__ == "__main__":
    main()
