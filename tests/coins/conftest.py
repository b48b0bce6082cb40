"""Coin fixtures: the default coin rules, players with a chosen number of coins, coin matches
started through the lobby (so the stakes move exactly as they do live) and ended."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import override_settings
from django.utils import timezone

from accounts.models import EarningRule, User
from games import live
from games.models import Match
from lobby import services as lobby
from tests.games.conftest import socket  # noqa: F401 (the live table's socket, for coin tables)

FAST = {
    "SAHRAT_SEED_SECONDS": 0,
    "SAHRAT_BOT_SECONDS": 0,
    "SAHRAT_BOT_STEP_SECONDS": 0,
    "SAHRAT_ROUND_BREAK_SECONDS": 0,
    "SAHRAT_AWAY_GRACE_SECONDS": 0,
}

needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL: SQLite has no row locks and one in-memory database per thread "
    "(CI runs these on PostgreSQL)",
)


@pytest.fixture(autouse=True)
def default_coin_rules(request: pytest.FixtureRequest) -> None:
    """Every coin test starts from Sahrat's default rules (``coin_rules``, tests/conftest.py),
    on whichever database fixture it uses."""
    if "db" not in request.fixturenames and "transactional_db" not in request.fixturenames:
        request.getfixturevalue("db")
    request.getfixturevalue("coin_rules")


@pytest.fixture(autouse=True)
def fast_table_timings():
    with override_settings(**FAST):
        yield


@pytest.fixture
def player(db: None) -> Callable[..., User]:
    """``player(name, coins)``: a new player whose wallet holds exactly ``coins`` (their
    sign-up grant)."""

    def make(name: str, coins: int = 500) -> User:
        rule = EarningRule.objects.get(kind="signup")
        amount, rule.amount = rule.amount, coins
        rule.save()
        try:
            return User.objects.create_user(
                username=name, password="a-long-secret-42", display_name=name.capitalize()
            )
        finally:
            rule.amount = amount
            rule.save()

    return make


def start_coin_match(
    players: list[User], stake: int, game: str = "banakil", **options: Any
) -> Match:
    """Open a coin table of ``game`` for ``len(players)`` at ``stake``, seat everyone, start it
    (Pinochle's seats come from its variant)."""
    seats = {"players": len(players)} if game == "banakil" else {}
    table = lobby.create_table(players[0], {**seats, "stake": stake, **options}, game)
    for user in players[1:]:
        lobby.sit(user, table)
    live.start(players[0], table.pk)
    return Match.objects.get(table=table)


def end(match: Match, winner: int | None) -> Match:
    """The match is over: finished with a winning team, or abandoned when ``None``."""
    match.refresh_from_db()
    if winner is None:
        match.status = Match.Status.ABANDONED
    else:
        match.status = Match.Status.FINISHED
        match.winner = winner
    match.finished_at = timezone.now()
    with transaction.atomic():
        match.save()
        lobby.finish_table(lobby.lock_table(match.table_id))  # as the platform does: seats freed
    return match
