"""Integration tests run against a real daphne + Celery worker + Redis + database on 127.0.0.1
(sahrat.testing.live.LiveSite): nothing is faked."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sahrat.testing.live import LiveSite


@pytest.fixture(scope="module")
def live_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    """A site of the module's own: for the tests that stop, kill or restart its processes, or
    read its log."""
    with LiveSite(tmp_path_factory.mktemp("live")) as site:
        yield site


@pytest.fixture(scope="session")
def _shared_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite(tmp_path_factory.mktemp("shared-live")) as site:
        yield site


@pytest.fixture(scope="module")
def shared_site(_shared_site: LiveSite) -> Iterator[LiveSite]:
    """One site for every module that only plays on it (a site's start is seconds of CPU):
    after each module, its tables still playing end, so bots standing in for its closed
    clients do not play them on under the next module."""
    yield _shared_site
    _shared_site.end_playing_tables()
