"""A crowd arriving at once lags the event loop however few sockets the process holds: a lasting
lag while sockets are still arriving holds newcomers back a moment and teaches no ceiling; the
same lag once they have stopped coming is the load's, and teaches it (decision 139)."""

import time

import pytest

from sahrat import admission
from sahrat.admission import Capacity

from .probes import holding, probes

pytestmark = pytest.mark.usefixtures("ceiling_limits")


def test_a_lasting_lag_while_tables_arrive_holds_newcomers_back_and_sets_no_ceiling():
    capacity = holding(admission.CEILING_FLOOR)  # a process past the floor
    # a second of arrivals, six sockets a probe, every wake late
    probes(capacity, 10, opened=6, late=0.3, now=time.monotonic())
    assert capacity.ceiling is None
    assert capacity.busy("/ws/table/999/") == "loop_lag"  # a new table waits a moment
    assert capacity.busy("/ws/table/0/") is None  # a table held here takes its players back
    capacity.lagging_until = 0.0  # the hold is over: with no ceiling, anyone gets in
    assert capacity.busy("/ws/table/999/") is None


def test_the_lag_that_lasts_once_the_arrivals_stop_teaches_the_ceiling():
    capacity = holding(admission.CEILING_FLOOR)
    now = probes(capacity, 10, opened=6, late=0.3, now=time.monotonic())
    assert capacity.ceiling is None
    # nobody new for a window, and the loop still late
    probes(capacity, admission.LAG_WINDOW, late=0.3, now=now)
    assert capacity.ceiling == 90  # the 100 sockets held, less a tenth


def test_a_quiet_process_is_never_held_back_by_arrivals():
    capacity = Capacity()
    # a slow machine's lag while a few tables sit down: 30 sockets (a lag short of the 250 ms
    # that holds newcomers back on its own)
    probes(capacity, 5, opened=6, late=0.2, now=time.monotonic())
    assert capacity.open < admission.CEILING_FLOOR
    assert capacity.busy("/ws/table/999/") is None


def test_a_trickle_of_players_coming_back_does_not_count_as_arrivals():
    capacity = holding(400)
    now = probes(capacity, 5, late=0.0, now=time.monotonic())  # calm
    # lagging for a lasting lag's wakes; two players back in the window
    now = probes(capacity, 2, opened=1, late=0.3, now=now)
    probes(capacity, admission.SUSTAINED_PROBES - 2, late=0.3, now=now)
    assert capacity.arriving() == 2  # under 2% of the 400 held
    assert capacity.ceiling == 361  # the 402 held, less a tenth, rounded down
