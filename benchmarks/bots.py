"""Bot levels benchmark (issue 15): a level against the baseline, whole matches; prints its
figures.

Run: ``.venv/bin/python benchmarks/bots.py --game pinochle --matches 40 --budget-ms 100``.

Both partners of one side play ``--level`` (hard by default), the other side the baseline
(medium). Matches come in pairs on the same fair deals (round ``k`` of pair ``i`` is dealt from
the fixed secret ``sha256("bots-bench|game|i|k")``), the level on side A in one and on side B in
the other, so neither side's seats nor cards favour it. Banakil plays to 222 (partners), Pinochle
to 150 (partners, one deck), or with ``--variant two`` two-handed Pinochle to 100 (one seat
each: seat 0 is side 0). Prints the level's win rate with a 95% Wilson confidence interval,
its points per round, and the time it took per decision: p50 and p99 wall-clock (and CPU, since
the machine is shared and a busy moment slows the wall clock, not the bot). ``--clock cpu``
makes the budget count CPU time: the bot's strength as on an idle machine. Every bot reads its
seat's view with the match's score (``registry.with_score``), as at a live table.

``--level plan`` (Banakil only) is the hard bot without its search: the «نزلة» plan, else the
baseline. It plays 2,000 matches in a few minutes, so a change to the plan is measured there
first, on the same pairs before and after.

``--processes`` plays pairs in parallel (one per process). ``--stop-after`` starts no pair after
that many minutes and prints the figures of the pairs played (a shared machine's run, cut short,
still gives its sample; the header says it stopped early).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from paired import wilson  # noqa: E402  (benchmarks/paired.py)

from games import banakil, pinochle  # noqa: E402
from games.banakil import nazla  # noqa: E402
from games.registry import with_score  # noqa: E402

Bot = Callable[..., dict[str, Any]]


def secret(game: str, pair: int, k: int) -> str:
    return hashlib.sha256(f"bots-bench|{game}|{pair}|{k}".encode()).hexdigest()


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def plan_only(view: dict[str, Any]) -> dict[str, Any]:
    """Banakil's hard bot without its search: the «نزلة» plan where it applies, else the
    baseline (``--level plan``: the cheap measure of a change to the plan alone)."""
    return nazla.plan(view) or banakil.bots.next_action(view)


def bots_of(game: str, level: str, budget_ms: float, clock: str) -> tuple[Bot, Bot]:
    module = banakil.bots if game == "banakil" else pinochle.bots
    if level == "plan":
        if game != "banakil":
            raise SystemExit("--level plan is Banakil's hard bot without its search")
        return plan_only, module.next_action
    if level == "hard":
        timer = CLOCKS[clock]
        return (
            lambda view: module.hard(view, budget_ms=budget_ms, clock=timer)
        ), module.next_action
    if level == "easy":
        return module.easy, module.next_action
    return module.next_action, module.next_action


def play_match(
    game: str,
    pair: int,
    level_side: int,
    level: str,
    budget_ms: float,
    clock: str,
    variant: str = "single",
) -> dict[str, Any]:
    """One match; the level plays side ``level_side``. Its result and the level's decision
    times."""
    engine = banakil if game == "banakil" else pinochle
    options: Any = engine.Options() if game == "banakil" else engine.Options(variant=variant)
    seed = "|" * (options.players - 1)
    match = engine.Match.from_draw(options, secret(game, pair, 0), seed)
    tested, baseline = bots_of(game, level, budget_ms, clock)
    walls: list[float] = []
    cpus: list[float] = []
    points = 0.0
    rounds = 0
    while not match.over and rounds < 200:
        rnd = match.deal(secret=secret(game, pair, rounds), client_seed=seed)
        while not rnd.over:
            seat = rnd.turn
            assert seat is not None
            view = with_score(rnd.view(seat), match.options.target, match.totals)
            if seat % 2 == level_side:
                w, c = time.perf_counter(), time.process_time()
                action = tested(view)
                walls.append(time.perf_counter() - w)
                cpus.append(time.process_time() - c)
            else:
                action = baseline(view)
            rnd.apply(seat, action)
        result = rnd.result
        assert result is not None
        team_points = result["team_points"]
        points += float(team_points[level_side]) - float(team_points[1 - level_side])
        match.record(rnd)
        rounds += 1
    return {
        "won": match.winner == level_side,
        "rounds": rounds,
        "margin": points,
        "walls": walls,
        "cpus": cpus,
    }


def play_pair(args: tuple[str, int, str, float, str, str]) -> list[dict[str, Any]]:
    game, pair, level, budget_ms, clock, variant = args
    return [play_match(game, pair, side, level, budget_ms, clock, variant) for side in (0, 1)]


def pct(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--game", choices=("banakil", "pinochle"), default="pinochle")
    parser.add_argument(
        "--level",
        choices=("easy", "medium", "hard", "plan"),
        default="hard",
        help="plan: Banakil's hard bot without its search (the «نزلة» plan, else the baseline)",
    )
    parser.add_argument(
        "--variant",
        choices=("single", "two"),
        default="single",
        help="Pinochle's variant: single (partners, one deck) or two (two-handed, to 100)",
    )
    parser.add_argument("--matches", type=int, default=20, help="matches (rounded up to pairs)")
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=None,
        help="the hard bot's time (default: the game's own, bots.BUDGET_MS, as in production)",
    )
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        default="wall",
        help="what the budget counts: wall-clock (as on the server), or the process's CPU "
        "time (the bot's strength on an idle machine, when the machine is shared)",
    )
    parser.add_argument("--first-pair", type=int, default=0, help="where the secrets start")
    parser.add_argument(
        "--stop-after",
        type=float,
        default=0,
        help="minutes after which no new pair starts (0: play them all)",
    )
    args = parser.parse_args()
    if args.budget_ms is None:
        engine = banakil if args.game == "banakil" else pinochle
        args.budget_ms = float(engine.bots.BUDGET_MS)
    pairs = (args.matches + 1) // 2
    work = [
        (args.game, args.first_pair + i, args.level, args.budget_ms, args.clock, args.variant)
        for i in range(pairs)
    ]
    started = time.perf_counter()
    load_at_start = os.getloadavg()
    results: list[dict[str, Any]] = []

    def progress(pair: list[dict[str, Any]]) -> None:
        """One line per pair as it ends, so a run cut short still shows its sample."""
        results.extend(pair)
        wins = sum(r["won"] for r in results)
        print(
            f"  pair {len(results) // 2}/{pairs}: {args.level} won "
            f"{sum(r['won'] for r in pair)}/2, {wins}/{len(results)} so far "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )

    def time_left() -> bool:
        return not args.stop_after or time.perf_counter() - started < args.stop_after * 60

    if args.processes > 1:
        with ProcessPoolExecutor(args.processes) as pool:
            todo = iter(work)
            running: list[Future[list[dict[str, Any]]]] = []
            while True:
                while len(running) < args.processes and time_left():
                    item = next(todo, None)
                    if item is None:
                        break
                    running.append(pool.submit(play_pair, item))
                if not running:
                    break
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    running.remove(future)
                    progress(future.result())
    else:
        for item in work:
            if not time_left():
                break
            progress(play_pair(item))
    n = len(results)
    if not n:
        print("no pair finished")
        return
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, n)
    rounds = sum(r["rounds"] for r in results)
    walls = [t * 1000 for r in results for t in r["walls"]]
    cpus = [t * 1000 for r in results for t in r["cpus"]]
    target = 222 if args.game == "banakil" else 100 if args.variant == "two" else 150
    who = "one seat" if args.variant == "two" else "both partners"
    game = args.game if args.game == "banakil" else f"{args.game} ({args.variant})"
    print(
        f"{game}: {args.level} ({who}) vs baseline, {n} matches to {target} "
        f"({pairs} pairs on the same deals, sides swapped), budget {args.budget_ms:g} ms "
        f"({args.clock}), "
        f"{args.processes} process(es), {time.perf_counter() - started:.0f} s"
        + (
            f"; stopped after {len(results) // 2} of {pairs} pairs"
            if len(results) < 2 * pairs
            else ""
        )
    )
    print(
        f"  {args.level} wins {wins}/{n} = {wins / n:.1%}  95% CI (Wilson) [{low:.1%}, {high:.1%}]"
    )
    print(
        f"  rounds {rounds}; {args.level}'s margin per round "
        f"{statistics.mean(r['margin'] for r in results) * n / max(rounds, 1):+.1f} points"
    )
    print(
        "  load average (1, 5, 15 min) at the start "
        + ", ".join(f"{x:.1f}" for x in load_at_start)
        + ", at the end "
        + ", ".join(f"{x:.1f}" for x in os.getloadavg())
    )
    if walls:
        print(
            f"  decision time ({len(walls)} moves): p50 {pct(walls, 0.5):.1f} ms, "
            f"p99 {pct(walls, 0.99):.1f} ms, max {max(walls):.1f} ms wall; "
            f"cpu p50 {pct(cpus, 0.5):.1f} ms, p99 {pct(cpus, 0.99):.1f} ms"
        )


if __name__ == "__main__":
    main()
