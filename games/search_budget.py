"""The time budget of a search bot's decision, shared by every game's hard bot: pure Python,
no Django (engines may import it, as they import ``games.fair``)."""

from __future__ import annotations

from collections.abc import Callable


def another_sample_fits(
    start: float, clock: Callable[[], float], budget_ms: float, done: int
) -> bool:
    """Whether one more sample fits the budget at the pace so far (the first always runs when
    there is any time), so a decision ends near its budget rather than one sample past it."""
    spent = (clock() - start) * 1000
    if done == 0:
        return spent < budget_ms
    return spent * (done + 1) / done <= budget_ms
