"""The lag probe's wakes, driven by hand as ``Capacity._probe`` records them, with table sockets
arriving or leaving before each."""

from __future__ import annotations

from sahrat import admission
from sahrat.admission import Capacity


def holding(sockets: int) -> Capacity:
    """A process holding ``sockets`` table sockets (four a table)."""
    capacity = Capacity()
    for n in range(sockets):
        capacity.opened(f"/ws/table/{n // 4}/")
    return capacity


def probes(
    capacity: Capacity, count: int, *, late: float, now: float, opened: int = 0, closed: int = 0
) -> float:
    """``count`` wakes ``PROBE_SECONDS`` apart from ``now``, each ``late`` seconds late, after
    ``opened`` more table sockets arrived or ``closed`` went (the last table's first); the time
    after them."""
    for _ in range(count):
        for _ in range(opened):
            capacity.opened(f"/ws/table/{capacity.accepted // 4}/")
        for _ in range(closed):
            capacity.closed(f"/ws/table/{(capacity.open - 1) // 4}/")
        capacity.wake(late, now)
        now += admission.PROBE_SECONDS
    return now
