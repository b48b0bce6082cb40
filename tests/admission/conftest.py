"""Admission-control fixtures: the live-table ones of tests/games, and this process's
capacity left as it was found."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test.utils import override_settings

from sahrat.admission import capacity
from tests.games.conftest import fast_table_timings, socket  # noqa: F401  (fixtures)


@pytest.fixture(autouse=True)
def no_lag_left_over() -> Iterator[None]:
    """A lag a test provoked (and the ceiling it taught) does not refuse the next test's
    sockets."""
    yield
    capacity.lagging_until = 0.0
    capacity.ceiling = None


@pytest.fixture
def ceiling_limits() -> Iterator[None]:
    """The defaults: a hold past 250 ms of lag, a ceiling learned past 100 ms of lag or from
    moves slower than 500 ms, 2,000 sockets."""
    with override_settings(
        SAHRAT_LOOP_LAG_MAX_MS=250,
        SAHRAT_LOOP_LAG_CEILING_MS=100,
        SAHRAT_MOVE_SLOW_MS=500,
        SAHRAT_SOCKETS_MAX_PER_PROCESS=2000,
    ):
        yield
