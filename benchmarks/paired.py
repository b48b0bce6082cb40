"""What the bots' benchmarks share: a win rate's interval, a run's results kept by key, and a
run less another's on the same keys (the same deals or endgames, so much of their luck
cancels)."""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Callable, Mapping
from pathlib import Path


def keep_and_pair(
    results: Mapping[str, float],
    keep: Path | None,
    other: Path | None,
    show: Callable[[float], str],
) -> None:
    """Write ``results`` to ``keep`` (JSON) if given; if ``other`` (a file kept so) is given,
    print the mean of this run less that one, key by key, ± its standard error."""
    if keep is not None:
        keep.write_text(json.dumps(dict(results), indent=0) + "\n")
    if other is None:
        return
    theirs = json.loads(other.read_text())
    diffs = [value - theirs[key] for key, value in results.items() if key in theirs]
    if len(diffs) > 1:
        error = statistics.stdev(diffs) / math.sqrt(len(diffs))
        print(
            f"  paired with {other.name} over {len(diffs)}: "
            f"{show(statistics.mean(diffs))} ± {show(error).lstrip('+')} (standard error)"
        )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)
