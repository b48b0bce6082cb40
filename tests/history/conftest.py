"""A played match for the history, replay, Verify and archive tests: four people, played to the
end through the service layer (tests/games/conftest.py's driver), secrets revealed as the
reveal task would."""

from __future__ import annotations

from typing import Any

import pytest
from django.test.utils import override_settings

from games import live
from games.models import Match, Round
from tests.games.conftest import FAST, play_to_the_end, start_table


@pytest.fixture(autouse=True)
def fast_table_timings():
    with override_settings(**FAST):
        yield


def reveal_all(match: Match) -> None:
    for rnd in match.rounds.filter(status=Round.Status.FINISHED):
        live.reveal(rnd.pk)


def play_match(players: list[Any], options: dict[str, Any] | None = None) -> Match:
    table = start_table(players, {"target": 30, **(options or {})})
    match = play_to_the_end(table)
    reveal_all(match)
    return match


@pytest.fixture
def played_match(alice, bob, carol, dave) -> Match:
    """A finished public match; alice and carol are team A, bob and dave team B."""
    return play_match([alice, bob, carol, dave])


@pytest.fixture
def private_match(alice, bob, carol, dave) -> Match:
    """A finished match of a private table (made private after the fact: seating four people by
    invite token is the lobby's business, tested there)."""
    match = play_match([alice, bob, carol, dave])
    match.table.private = True
    match.table.save(update_fields=["private"])
    return Match.objects.get(pk=match.pk)
