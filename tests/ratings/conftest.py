"""Rated matches for the ratings tests: tables opened rated (public, no bots: the default),
played through the service layer or ended as the live layer ends them, then archived."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from django.test.utils import override_settings
from django.utils import timezone

from accounts.models import User
from games.models import Match
from lobby import services as lobby
from ratings.models import Rating
from tests.games.conftest import FAST, start_table


@pytest.fixture(autouse=True)
def fast_table_timings():
    with override_settings(**FAST):
        yield


def rated_match(users: list[User], game: str = "banakil", **options: Any) -> Match:
    """A started match of a rated table (bots off) with ``users`` in seats 0.. in order."""
    table = start_table(users, {"bots": False, **options}, game=game)
    match = Match.objects.get(table=table)
    assert match.options["rated"] is True
    return match


def finish(match: Match, winner: int, totals: list[str] | None = None) -> Match:
    """The match is over with ``winner`` (and these totals), as the last round leaves it."""
    match.refresh_from_db()
    match.status = Match.Status.FINISHED
    match.winner = winner
    if totals is not None:
        match.totals = totals
    match.finished_at = timezone.now()
    with transaction.atomic():
        match.save()
        lobby.finish_table(lobby.lock_table(match.table_id))
    return match


def set_rating(user: User, mu: float, sigma: float, game: str = "banakil", mode: str = "2v2"):
    """A player who has played before: their rating in a game and mode."""
    from ratings.scale import figure

    return Rating.objects.update_or_create(
        user=user,
        game=game,
        mode=mode,
        defaults={"mu": mu, "sigma": sigma, "figure": figure(mu, sigma), "matches": 12},
    )[0]
