"""Metrics tests: the live-table fixtures of tests/games (a table socket, quick timings) and a
reader of ``/metrics``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from prometheus_client.parser import text_string_to_metric_families

from tests.games.conftest import fast_table_timings, socket  # noqa: F401  (fixtures)

#: (metric sample name, frozenset of its labels) -> value
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def read_metrics(client: Client | None = None, **extra: str) -> Samples:
    response = (client or Client()).get("/metrics", **extra)
    assert response.status_code == 200, response.content
    out: Samples = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for sample in family.samples:
            out[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return out


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


@pytest.fixture
def scrape() -> Callable[..., Samples]:
    return read_metrics
