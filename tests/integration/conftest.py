"""Integration tests run against a real daphne + Celery worker + Redis + database on 127.0.0.1
(sahrat.testing.live.LiveSite): nothing is faked."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sahrat.testing.live import LiveSite


@pytest.fixture(scope="module")
def live_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite(tmp_path_factory.mktemp("live")) as site:
        yield site
