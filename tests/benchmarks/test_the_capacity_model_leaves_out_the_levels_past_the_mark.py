"""The capacity model is the cost of a move where the site keeps up: a level whose p99 passed
250 ms spends CPU on sockets refused and opened again and on work done late, and fitted on it
the model missed the levels between by a quarter. Such levels are left out of the fit while two
others remain, and printed apart (decision 148)."""

from __future__ import annotations

from types import ModuleType

import pytest


def level(tables: int, p99_ms: float | None, daphne_ms: float) -> dict:
    """A measured level: a move every 2 s a table, each move costing daphne ``daphne_ms``."""
    return {
        "tables": tables,
        "moves_per_s": tables / 2,
        "p99_ms": p99_ms,
        "tier_cpu_ms": {"daphne": daphne_ms},
    }


def test_a_saturated_top_level_is_left_out_and_the_line_is_checked_between(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = [level(100, 90, 4.0), level(200, 200, 4.0), level(300, 2500, 7.5)]
    marginal = bench.print_model("a site", {"daphne": 0.0}, levels, pace=2.0)
    out = capsys.readouterr().out
    assert marginal == {"daphne": pytest.approx(4.0)}
    assert "200 tables, predicted/measured ms per move: daphne 4.00/4.00 (+0%)" in out
    assert "300 tables left out of the fit: p99 2500 ms (past 250 ms)" in out
    assert "every tier 7.50" in out


def test_with_fewer_than_two_levels_keeping_up_every_level_is_fitted(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = [level(100, 90, 4.0), level(200, 400, 5.0), level(300, None, 7.5)]
    bench.print_model("a site", {"daphne": 0.0}, levels, pace=2.0)
    out = capsys.readouterr().out
    assert "fitted at 100 and 300 tables" in out
    assert "left out" not in out
