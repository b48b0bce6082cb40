"""A crowd leaving at once (the tables of a round that ended together) lags the event loop
while the sockets it held fall: that lag says nothing of what the process can carry, so it
teaches no ceiling and holds nobody back; the same lag once they have gone is the load's, and
teaches it (decision 142)."""

import time

import pytest

from sahrat import admission
from sahrat.admission import Capacity

LIMIT = 0.1  # seconds: SAHRAT_LOOP_LAG_CEILING_MS=100


pytestmark = pytest.mark.usefixtures("ceiling_limits")


def probe(capacity: Capacity, closed: int, late: float, now: float) -> None:
    """One probe of the loop, ``late`` seconds late, after ``closed`` table sockets went (the
    highest first), as ``Capacity._probe`` records it."""
    for _ in range(closed):
        capacity.closed(f"/ws/table/{(capacity.open - 1) // 4}/")
    capacity.recent.append(late)
    capacity.accepted_at.append(capacity.accepted)
    capacity.departed_at.append(capacity.departed)
    if late > LIMIT:
        capacity.late(now, LIMIT)
    else:
        capacity.calm(now)


def playing(sockets: int) -> tuple[Capacity, float]:
    """A process holding ``sockets`` table sockets, calm for a window."""
    capacity = Capacity()
    for n in range(sockets):
        capacity.opened(f"/ws/table/{n // 4}/")
    now = time.monotonic()
    for _ in range(admission.LAG_WINDOW):
        probe(capacity, closed=0, late=0.0, now=now)
        now += admission.PROBE_SECONDS
    return capacity, now


def test_a_lasting_lag_while_tables_leave_sets_no_ceiling_and_refuses_nobody():
    capacity, now = playing(1200)
    for _ in range(10):  # a second of departures, a hundred sockets a probe, every wake late
        probe(capacity, closed=100, late=0.3, now=now)
        now += admission.PROBE_SECONDS
    assert capacity.open == 200
    assert capacity.ceiling is None  # not the 200 left, less a tenth
    capacity.lagging_until = 0.0  # the hold of a late wake past SAHRAT_LOOP_LAG_MAX_MS, over
    assert capacity.busy("/ws/table/999/") is None


def test_the_lag_that_lasts_once_they_have_gone_teaches_the_ceiling():
    capacity, now = playing(1200)
    for _ in range(10):
        probe(capacity, closed=100, late=0.3, now=now)
        now += admission.PROBE_SECONDS
    assert capacity.ceiling is None
    for _ in range(admission.LAG_WINDOW):  # nobody leaves for a window, and the loop still late
        probe(capacity, closed=0, late=0.3, now=now)
        now += admission.PROBE_SECONDS
    assert capacity.ceiling == 180  # the 200 sockets held, less a tenth


def test_a_table_or_two_ending_under_a_lasting_lag_still_teaches_it():
    capacity, now = playing(400)
    for n in range(admission.SUSTAINED_PROBES):  # lagging; one table's four sockets closed
        probe(capacity, closed=4 if n == 0 else 0, late=0.3, now=now)
        now += admission.PROBE_SECONDS
    assert capacity.leaving() == 4  # not past four, nor 2% of the 396 held
    assert capacity.ceiling == 356  # the 396 held, less a tenth, rounded down
