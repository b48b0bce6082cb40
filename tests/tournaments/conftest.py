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


@pytest.fixture(autouse=True)
def fresh_presence(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test counts its own players on tournament pages (the cache is shared)."""
    from uuid import uuid4

    from tournaments import presence

    monkeypatch.setattr(presence.PAGES, "prefix", f"tpresence-test-{uuid4().hex}")


@pytest.fixture
def here() -> Callable[..., None]:
    """Players with the event's page open (as its socket counts them), so the start finds
    them present."""
    from tournaments import presence

    def mark(event: Tournament, *users: Any) -> None:
        for user in users:
            presence.connected(event.pk, user.pk)

    return mark


@pytest.fixture
def pinned_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Duplicate boards the same every run: secrets from a counter, not the OS, and client seeds
    that do not name the event (whose number depends on the tests run before)."""
    import hashlib
    import itertools

    from games import fair
    from tournaments import duplicate_runs

    counter = itertools.count()
    monkeypatch.setattr(
        fair, "new_secret", lambda: hashlib.sha256(b"duplicate-%d" % next(counter)).hexdigest()
    )
    monkeypatch.setattr(
        duplicate_runs, "client_seed", lambda event, number, board: f"pinned-{number}-b{board}"
    )


@pytest.fixture
def enter_teams() -> Callable[..., None]:
    """Register ``users`` as teams of ``size`` in order (the first of each registers, the
    others join with its pair code)."""

    def enter(event: Tournament, users: list[Any], size: int = 2) -> None:
        for n in range(0, len(users), size):
            team = services.register(event.pk, users[n])
            for partner in users[n + 1 : n + size]:
                services.register(event.pk, partner, pair_code=team.pair_code)

    return enter


def start_now(event: Tournament) -> None:
    """The event's start, a second ago: the next sweep starts it."""
    Tournament.objects.filter(pk=event.pk).update(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )


@pytest.fixture
def start_with(enter_teams: Callable[..., None], here: Callable[..., None]) -> Callable[..., Any]:
    """Enter ``players`` as teams, all here, and start the event: its first round."""
    from tournaments import progress
    from tournaments.models import Round

    def start(event: Tournament, players: list[Any], size: int = 2) -> Round:
        enter_teams(event, players, size)
        here(event, *players)
        start_now(event)
        assert progress.advance_due() == {event.pk: "started"}
        return Round.objects.get(tournament=event, number=1)

    return start


def play_by_bots(pairings: Any, game: str) -> None:
    """Each table to its end: the medium bot at the first, the easy bot at the second (the
    same cards played differently)."""
    from games import registry
    from lobby.models import Table
    from tests.games.conftest import play_to_the_end

    bots = registry.get(game).bots
    for pairing, bot in zip(pairings, (bots["medium"], bots["easy"]), strict=True):
        play_to_the_end(Table.objects.get(pk=pairing.table_id), choose=bot)
