"""Slow moves teach the ceiling as a lasting lag does: the loop can wake on time while the moves
of the tables already playing wait for a database thread, PostgreSQL or the channel layer, and
their moves are what the ceiling keeps fast (decision 146). A few slow moves among many, or
slow moves with the setting off, teach nothing."""

import time

import pytest
from django.test.utils import override_settings

from sahrat import admission

from .probes import holding, probes

pytestmark = pytest.mark.usefixtures("ceiling_limits")


def moves(capacity: admission.Capacity, fast: int, slow: int) -> None:
    """``fast`` moves of 50 ms and ``slow`` of 800 ms served."""
    for _ in range(fast):
        capacity.moved(0.05)
    for _ in range(slow):
        capacity.moved(0.8)


def test_slow_moves_on_an_on_time_loop_set_the_ceiling_a_tenth_below_the_sockets_held():
    capacity = holding(200)
    now = probes(capacity, 5, late=0.0, now=1000.0)
    moves(capacity, fast=100, slow=5)
    probes(capacity, 1, late=0.0, now=now)
    assert capacity.ceiling == 180
    assert capacity.lag == 0.0  # the loop was on time throughout
    assert capacity.busy("/ws/table/500/") == "ceiling"  # a new table waits
    assert capacity.busy("/ws/table/3/") is None  # a player back at a table held here


def test_a_few_slow_moves_among_many_teach_nothing():
    capacity = holding(200)
    now = probes(capacity, 5, late=0.0, now=1000.0)
    moves(capacity, fast=200, slow=3)  # 1.5%: a table's unlucky move, not the load
    probes(capacity, 1, late=0.0, now=now)
    assert capacity.ceiling is None
    assert capacity.busy("/ws/table/500/") is None


def test_two_slow_moves_teach_nothing_however_few_moves_there_were():
    capacity = holding(200)
    now = probes(capacity, 5, late=0.0, now=1000.0)
    moves(capacity, fast=0, slow=admission.SUSTAINED_PROBES - 1)
    probes(capacity, 1, late=0.0, now=now)
    assert capacity.ceiling is None


def test_slow_moves_leave_the_window_and_the_ceiling_rises_when_calm():
    capacity = holding(200)
    now = probes(capacity, 5, late=0.0, now=1000.0)
    moves(capacity, fast=50, slow=10)
    now = probes(capacity, 1, late=0.0, now=now)
    assert capacity.ceiling == 180
    # fast moves only from now on: once the slow ones are out of the window, a calm spell
    # later the ceiling rises
    ticks = (
        int(
            (admission.LAG_WINDOW * admission.PROBE_SECONDS + admission.CEILING_RISE_SECONDS)
            / admission.PROBE_SECONDS
        )
        + 1
    )
    for _ in range(ticks):
        moves(capacity, fast=5, slow=0)
        now = probes(capacity, 1, late=0.0, now=now)
    assert capacity.ceiling == 189  # 180 + 9


def test_with_the_setting_off_slow_moves_teach_nothing():
    capacity = holding(200)
    now = probes(capacity, 5, late=0.0, now=1000.0)
    with override_settings(SAHRAT_MOVE_SLOW_MS=0):
        moves(capacity, fast=10, slow=50)
    probes(capacity, 1, late=0.0, now=now)
    assert capacity.ceiling is None


def test_slow_moves_while_tables_arrive_hold_newcomers_back_and_teach_no_ceiling():
    capacity = holding(200)
    now = probes(capacity, 5, late=0.0, now=time.monotonic())  # the hold is read against it
    moves(capacity, fast=50, slow=10)
    probes(capacity, 1, late=0.0, now=now, opened=8)  # two tables sat down meanwhile
    assert capacity.ceiling is None
    assert capacity.busy("/ws/table/500/") == "loop_lag"  # the arrivals' hold
