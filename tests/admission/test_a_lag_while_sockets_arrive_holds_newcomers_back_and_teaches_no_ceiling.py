"""A crowd arriving at once lags the event loop however few sockets the process holds: a lasting
lag while sockets are still arriving holds newcomers back a moment and teaches no ceiling; the
same lag once they have stopped coming is the load's, and teaches it (decision 139)."""

import time

import pytest

from sahrat import admission
from sahrat.admission import Capacity

LIMIT = 0.1  # seconds: SAHRAT_LOOP_LAG_CEILING_MS=100


pytestmark = pytest.mark.usefixtures("ceiling_limits")


def probe(capacity: Capacity, opened: int, late: float, now: float) -> None:
    """One probe of the loop, ``late`` seconds late, after ``opened`` more table sockets
    arrived (four a table), as ``Capacity._probe`` records it."""
    for _ in range(opened):
        capacity.opened(f"/ws/table/{capacity.accepted // 4}/")
    capacity.recent.append(late)
    capacity.accepted_at.append(capacity.accepted)
    if late > LIMIT:
        capacity.late(now, LIMIT)
    else:
        capacity.calm(now)


def test_a_lasting_lag_while_tables_arrive_holds_newcomers_back_and_sets_no_ceiling():
    capacity = Capacity()
    for n in range(admission.CEILING_FLOOR):  # a process past the floor
        capacity.opened(f"/ws/table/{n // 4}/")
    now = time.monotonic()
    for _ in range(10):  # a second of arrivals, six sockets a probe, every wake late
        probe(capacity, opened=6, late=0.3, now=now)
        now += admission.PROBE_SECONDS
    assert capacity.ceiling is None
    assert capacity.busy("/ws/table/999/") == "loop_lag"  # a new table waits a moment
    assert capacity.busy("/ws/table/0/") is None  # a table held here takes its players back
    capacity.lagging_until = 0.0  # the hold is over: with no ceiling, anyone gets in
    assert capacity.busy("/ws/table/999/") is None


def test_the_lag_that_lasts_once_the_arrivals_stop_teaches_the_ceiling():
    capacity = Capacity()
    for n in range(admission.CEILING_FLOOR):
        capacity.opened(f"/ws/table/{n // 4}/")
    now = time.monotonic()
    for _ in range(10):
        probe(capacity, opened=6, late=0.3, now=now)
        now += admission.PROBE_SECONDS
    assert capacity.ceiling is None
    for _ in range(admission.LAG_WINDOW):  # nobody new for a window, and the loop still late
        probe(capacity, opened=0, late=0.3, now=now)
        now += admission.PROBE_SECONDS
    assert capacity.ceiling == 90  # the 100 sockets held, less a tenth


def test_a_quiet_process_is_never_held_back_by_arrivals():
    capacity = Capacity()
    now = time.monotonic()
    for _ in range(5):  # a slow machine's lag while a few tables sit down: 30 sockets
        probe(capacity, opened=6, late=0.3, now=now)
        now += admission.PROBE_SECONDS
    assert capacity.open < admission.CEILING_FLOOR
    assert capacity.busy("/ws/table/999/") is None


def test_a_trickle_of_players_coming_back_does_not_count_as_arrivals():
    capacity = Capacity()
    for n in range(400):
        capacity.opened(f"/ws/table/{n // 4}/")
    now = time.monotonic()
    for _ in range(5):  # calm
        probe(capacity, opened=0, late=0.0, now=now)
        now += admission.PROBE_SECONDS
    for n in range(admission.SUSTAINED_PROBES):  # lagging; two players back in the window
        probe(capacity, opened=1 if n < 2 else 0, late=0.3, now=now)
        now += admission.PROBE_SECONDS
    assert capacity.arriving() == 2  # under 2% of the 400 held
    assert capacity.ceiling == 361  # the 402 held, less a tenth, rounded down
