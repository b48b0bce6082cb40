"""Banakil's hard bot at the ends of matches (issue 15): matches started from late totals.

Run: ``.venv/bin/python benchmarks/banakil_endgame.py --endgames 400 --budget-ms 60``.

Whole matches (``bots.py``) spend most of their rounds far from the target, where playing for the
match and playing for the round's points choose alike; a variant that plays the score differently
shows up at the end. Each endgame starts a match with the two teams' totals from ``STARTS``
(every pair of them in turn: 150 to 210 each, so either side may lead), deals from the fixed
secrets ``sha256("endgame|i|k")`` and plays to 222, once with the hard bot at both seats of team
A and once at team B, against the baseline. Prints the hard bot's match wins with a 95% Wilson
interval. ``--plain`` hands the bots their seat's view without the match's score, so the hard
bot plays for the round's margin (as before decision 77); ``--per-endgame`` keeps each result and
``--paired`` prints this run less another's, endgame by endgame. The budget counts CPU time, so
two runs of the same bot differ a little (a decision's sample count varies with the machine);
``--samples`` fixes the deals per decision instead, and a run then repeats exactly.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from paired import keep_and_pair, wilson  # noqa: E402  (benchmarks/paired.py)

from games.banakil import Match, Options, bots  # noqa: E402
from games.registry import with_score  # noqa: E402

#: the totals a match starts from, for each team
STARTS = (150, 165, 180, 195, 210)


def secret(endgame: int, k: int) -> str:
    return hashlib.sha256(f"endgame|{endgame}|{k}".encode()).hexdigest()


def totals_of(endgame: int) -> tuple[int, int]:
    return STARTS[endgame % len(STARTS)], STARTS[(endgame // len(STARTS)) % len(STARTS)]


def play(args: tuple[int, int, float, int | None, bool]) -> bool:
    """One endgame with the hard bot on ``hard_team``: whether it won the match."""
    endgame, hard_team, budget_ms, samples, plain = args
    budget = budget_ms if samples is None else math.inf  # a fixed count: no time limit
    match = Match(Options(), endgame % 4)
    match.totals = [Decimal(t) for t in totals_of(endgame)]
    k = 0
    while not match.over:
        r = match.deal(secret=secret(endgame, k), client_seed="|||")
        while r.result is None:
            seat = r.turn
            view = r.view(seat)
            if not plain:
                view = with_score(view, match.options.target, match.totals)
            if seat % 2 == hard_team:
                action = bots.hard(view, budget_ms=budget, clock=time.process_time, samples=samples)
            else:
                action = bots.next_action(view)
            r.apply(seat, action)
        match.record(r)
        k += 1
    return match.winner == hard_team


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--endgames", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="the first endgame's number")
    parser.add_argument("--budget-ms", type=float, default=60, help="CPU time per decision")
    parser.add_argument(
        "--samples",
        type=int,
        help="deals per decision instead of a time budget: the run repeats exactly",
    )
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--plain", action="store_true", help="the bots see no match score")
    parser.add_argument("--per-endgame", type=Path, help="write each result to this JSON file")
    parser.add_argument("--paired", type=Path, help="another run's --per-endgame file")
    args = parser.parse_args()
    work = [
        (args.first + i, team, args.budget_ms, args.samples, args.plain)
        for i in range(args.endgames)
        for team in (0, 1)
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.processes) as pool:
        won = list(pool.map(play, work, chunksize=2))
    wins = sum(won)
    low, high = wilson(wins, len(won))
    seen = "no score in the view" if args.plain else "the score in the view"
    budget = f"{args.samples} deals" if args.samples else f"budget {args.budget_ms:g} ms CPU"
    print(
        f"banakil endgames: hard (both partners) vs baseline, {args.endgames} endgames from "
        f"{args.first}, each team in turn, {seen}, {budget} a decision, "
        f"{time.perf_counter() - started:.0f} s"
    )
    print(f"  hard wins {wins}/{len(won)} = {wins / len(won):.1%} (95% CI [{low:.1%}, {high:.1%}])")
    by_game = {f"{g}|{team}": float(w) for (g, team, *_rest), w in zip(work, won, strict=True)}
    keep_and_pair(by_game, args.per_endgame, args.paired, lambda x: f"{x:+.1%}")


if __name__ == "__main__":
    main()
