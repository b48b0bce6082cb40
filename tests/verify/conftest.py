"""The played matches of tests/history/conftest.py."""

from tests.history.conftest import (  # noqa: F401
    fast_table_timings,
    played_match,
    private_match,
)
