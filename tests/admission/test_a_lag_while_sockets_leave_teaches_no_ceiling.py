"""A crowd leaving at once (the tables of a round that ended together) lags the event loop
while the sockets it held fall: that lag says nothing of what the process can carry, so it
teaches no ceiling and holds nobody back; the same lag once they have gone is the load's, and
teaches it (decision 142)."""

import time

import pytest

from sahrat import admission

from .probes import holding, probes

pytestmark = pytest.mark.usefixtures("ceiling_limits")


def test_a_lasting_lag_while_tables_leave_sets_no_ceiling_and_refuses_nobody():
    capacity = holding(1200)
    now = probes(capacity, admission.LAG_WINDOW, late=0.0, now=time.monotonic())  # calm
    # a second of departures, a hundred sockets a probe, every wake late
    probes(capacity, 10, closed=100, late=0.3, now=now)
    assert capacity.open == 200
    assert capacity.ceiling is None  # not the 200 left, less a tenth
    capacity.lagging_until = 0.0  # the hold of a late wake past SAHRAT_LOOP_LAG_MAX_MS, over
    assert capacity.busy("/ws/table/999/") is None


def test_the_lag_that_lasts_once_they_have_gone_teaches_the_ceiling():
    capacity = holding(1200)
    now = probes(capacity, admission.LAG_WINDOW, late=0.0, now=time.monotonic())
    now = probes(capacity, 10, closed=100, late=0.3, now=now)
    assert capacity.ceiling is None
    # nobody leaves for a window, and the loop still late
    probes(capacity, admission.LAG_WINDOW, late=0.3, now=now)
    assert capacity.ceiling == 180  # the 200 sockets held, less a tenth


def test_a_table_ending_under_a_lasting_lag_still_teaches_it():
    capacity = holding(400)
    now = probes(capacity, admission.LAG_WINDOW, late=0.0, now=time.monotonic())
    # lagging for a lasting lag's wakes; one table's four sockets closed in the first
    now = probes(capacity, 1, closed=4, late=0.3, now=now)
    probes(capacity, admission.SUSTAINED_PROBES - 1, late=0.3, now=now)
    assert capacity.leaving() == 4  # not past four, nor 2% of the 396 held
    assert capacity.ceiling == 356  # the 396 held, less a tenth, rounded down
