"""A lasting event-loop lag teaches the process its ceiling: the sockets it held then, less a
tenth. Newcomers wait until sockets close or the ceiling rises after a calm spell; a table the
process already serves still takes its players back; one late wake (a collection pause) teaches
nothing, and a quiet process's ceiling never falls below the floor (decision 136)."""

import asyncio
import time

import pytest
from django.test.utils import override_settings

from sahrat import admission
from sahrat.admission import Capacity

from .probes import holding

pytestmark = pytest.mark.usefixtures("ceiling_limits")


def lag(capacity: Capacity, wakes: int, now: float) -> None:
    """``wakes`` probes in a row at ``now``, each 0.2 s late: past the ceiling's 100 ms, short
    of the 250 ms that would hold newcomers back on its own."""
    for _ in range(wakes):
        capacity.wake(0.2, now)


def test_a_lasting_lag_sets_the_ceiling_a_tenth_below_the_sockets_held():
    capacity = holding(100)
    lag(capacity, admission.SUSTAINED_PROBES, now=1000.0)
    assert capacity.ceiling == 90
    capacity.lagging_until = 0.0  # the hold is over; the ceiling is not
    assert capacity.busy() == "ceiling"
    assert capacity.busy("/ws/table/500/") == "ceiling"  # a new table
    assert capacity.busy("/ws/table/3/") is None  # a player back at a table held here


def test_newcomers_get_in_once_sockets_close_below_the_ceiling():
    capacity = holding(100)
    lag(capacity, admission.SUSTAINED_PROBES, now=1000.0)
    capacity.lagging_until = 0.0
    for n in range(11):
        capacity.closed(f"/ws/table/{n // 4}/")
    assert capacity.open == 89
    assert capacity.busy("/ws/table/500/") is None
    assert "/ws/table/0/" not in capacity.tables  # its four sockets closed


def test_the_ceiling_rises_a_twentieth_after_each_calm_spell_and_goes_past_the_socket_limit():
    capacity = holding(100)
    lag(capacity, admission.SUSTAINED_PROBES, now=1000.0)
    capacity.calm(1000.0 + admission.CEILING_RISE_SECONDS / 2)
    assert capacity.ceiling == 90  # not calm for long enough
    capacity.calm(1000.0 + admission.CEILING_RISE_SECONDS)
    assert capacity.ceiling == 95  # 90 + 4.5, rounded up
    now = 1000.0 + admission.CEILING_RISE_SECONDS
    while capacity.ceiling is not None:
        now += admission.CEILING_RISE_SECONDS
        capacity.calm(now)
    assert now < 1000.0 + 400  # from 90 past 2000 sockets in minutes, not hours


def test_with_no_socket_limit_the_ceiling_goes_once_past_twice_the_sockets_open():
    capacity = holding(100)
    lag(capacity, admission.SUSTAINED_PROBES, now=1000.0)
    now = 1000.0
    with override_settings(SAHRAT_SOCKETS_MAX_PER_PROCESS=0):
        while capacity.ceiling is not None:
            assert capacity.ceiling < 200
            now += admission.CEILING_RISE_SECONDS
            capacity.calm(now)
    assert now < 1000.0 + 100


def test_one_late_wake_sets_no_ceiling():
    capacity = holding(100)
    lag(capacity, 1, now=time.monotonic())
    assert capacity.ceiling is None
    assert capacity.busy() is None


def test_a_quiet_process_never_gets_a_ceiling_below_the_floor():
    capacity = holding(8)
    lag(capacity, admission.SUSTAINED_PROBES, now=1000.0)
    assert capacity.ceiling == admission.CEILING_FLOOR
    capacity.lagging_until = 0.0
    assert capacity.busy("/ws/table/500/") is None


def test_a_lag_that_goes_on_lowers_the_ceiling_once_a_window():
    capacity = holding(200)
    lag(capacity, admission.SUSTAINED_PROBES, now=1000.0)
    assert capacity.ceiling == 180
    lag(capacity, 5, now=1001.0)  # the same window: the sockets it held are still there
    assert capacity.ceiling == 180
    lag(capacity, 1, now=1000.0 + admission.LAG_WINDOW * admission.PROBE_SECONDS)
    assert capacity.ceiling == 162


async def test_the_probe_learns_the_ceiling_from_three_late_wakes_and_not_from_one():
    capacity = holding(8)
    capacity.start_probe()
    try:
        await asyncio.sleep(admission.PROBE_SECONDS * 3)
        time.sleep(0.2)  # the loop blocked: the probe wakes late once
        await asyncio.sleep(admission.PROBE_SECONDS * 2)
        assert capacity.ceiling is None
        for _ in range(2):
            time.sleep(0.2)
            await asyncio.sleep(admission.PROBE_SECONDS * 2)
        assert capacity.ceiling == admission.CEILING_FLOOR
    finally:
        capacity.probe.cancel()
