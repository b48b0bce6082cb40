from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.utils import timezone

from tournaments import services
from tournaments.models import Tournament


@pytest.fixture
def make_tournament(coin_rules: None, make_user: Callable[..., Any]) -> Callable[..., Tournament]:
    boss = make_user("boss", is_staff=True)

    def make(**fields: Any) -> Tournament:
        values: dict[str, Any] = {
            "name": "Thursday majlis",
            "game": "banakil",
            "mode": "1v1",
            "format": "swiss",
            "rounds": 3,
            "starts_at": timezone.now() + datetime.timedelta(hours=1),
            "entry_fee": 100,
            "capacity": 8,
            **fields,
        }
        return services.create(boss, **values)

    return make
