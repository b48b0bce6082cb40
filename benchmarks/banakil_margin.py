"""Banakil's hard bot on duplicate deals (issue 15): its margin per round against the baseline.

Run: ``.venv/bin/python benchmarks/banakil_margin.py --deals 300 --budget-ms 60``; add
``--per-deal now.json`` to keep each deal's margin, and ``--paired now.json`` on a variant's run
to print the variant less that run, deal by deal (the same deals cancel much of the luck).

Each deal (from the fixed secret ``sha256("margin-b4|i")``, dealer ``i % 4``) is played as one
round twice: both partners hard on team A against both baseline on team B, then the sides
swapped. A deal's margin is the mean of the hard team's points less the baseline team's over
the two rounds. Prints the mean margin over the deals ± its standard error, and how the rounds
ended (who went out, how many «نزلة»). The budget counts CPU time, so a shared machine's load
does not change the bot. Far cheaper than whole matches (``bots.py``): a variant of the bot is
measured here first, and only a clear gain goes on to the match benchmark.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from paired import keep_and_pair  # noqa: E402  (benchmarks/paired.py)

from games.banakil import Options, Round, bots  # noqa: E402


def secret(deal: int) -> str:
    return hashlib.sha256(f"margin-b4|{deal}".encode()).hexdigest()


def play(deal: int, hard_team: int, budget_ms: float) -> tuple[float, str]:
    """One round of ``deal``, the hard bot at both seats of ``hard_team``: its margin and how
    the round ended (``us``/``them`` went out, ``nazla`` if all at once; or ``exhausted``)."""
    r = Round.deal(Options(), deal % 4, secret=secret(deal), client_seed="|||")
    while r.result is None:
        seat = r.turn
        view = r.view(seat)
        if seat % 2 == hard_team:
            action = bots.hard(view, budget_ms=budget_ms, clock=time.process_time)
        else:
            action = bots.next_action(view)
        r.apply(seat, action)
    points = r.result["team_points"]
    out = r.result["out_seat"]
    if out is None:
        ending = "exhausted"
    else:
        ending = ("us" if out % 2 == hard_team else "them") + (
            " nazla" if r.result["nazla"] else ""
        )
    return float(points[hard_team] - points[1 - hard_team]), ending


def play_deal(args: tuple[int, float]) -> tuple[float, list[str]]:
    deal, budget_ms = args
    a, end_a = play(deal, 0, budget_ms)
    b, end_b = play(deal, 1, budget_ms)
    return (a + b) / 2, [end_a, end_b]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--budget-ms", type=float, default=60, help="CPU time per decision")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--per-deal",
        type=Path,
        help="also write each deal's margin to this JSON file, to pair with another variant's",
    )
    parser.add_argument(
        "--paired",
        type=Path,
        help="a --per-deal file of another variant on the same deals: print this one less it",
    )
    args = parser.parse_args()
    work = [(args.first + i, args.budget_ms) for i in range(args.deals)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.processes) as pool:
        results = list(pool.map(play_deal, work, chunksize=2))
    margins = [m for m, _ in results]
    error = statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0.0
    endings = Counter(e for _, ends in results for e in ends)
    print(
        f"banakil: hard (both partners) vs baseline, {len(margins)} deals from {args.first}, "
        f"sides swapped, budget {args.budget_ms:g} ms CPU, "
        f"{time.perf_counter() - started:.0f} s"
    )
    print(f"  margin per round {statistics.mean(margins):+.2f} ± {error:.2f} (standard error)")
    print("  rounds: " + ", ".join(f"{k} {n}" for k, n in sorted(endings.items())))
    by_deal = {str(deal): m for (deal, _budget), m in zip(work, margins, strict=True)}
    keep_and_pair(by_deal, args.per_deal, args.paired, lambda x: f"{x:+.2f}")


if __name__ == "__main__":
    main()
