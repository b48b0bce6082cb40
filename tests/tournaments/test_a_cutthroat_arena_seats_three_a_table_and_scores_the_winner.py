"""A 30-minute arena of cutthroat Pinochle (three players a table, each for themselves) for four
players, played at real live tables by the game's bot (in-process). The sweep seats a table as
soon as three are free (the fourth waits), reads each finished match back (its winner scores a
win, the two others a loss), and pairs again down the standings, keeping a player from the
two they just met when someone else is free.

The deals are pinned (``pinned_secrets``) so the bot plays the same matches every run and the
standings are worked out by hand below."""

import datetime

import pytest
from django.test.utils import override_settings
from django.utils import timezone

from accounts import coins
from games.models import Match
from lobby.models import Table
from tests.games.conftest import FAST, play_to_the_end
from tournaments import arena_runs, progress, services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


@override_settings(**FAST)
def test_a_cutthroat_arena_seats_three_a_table_and_the_fourth_waits(
    pinned_secrets, make_tournament, here, alice, bob, carol, dave
):
    event = make_tournament(
        game="pinochle",
        mode="cutthroat",
        format="arena",
        minutes=30,
        rounds=None,
        table_options={"target": 30},
    )
    players = (alice, bob, carol, dave)
    for user in players:
        services.register(event.pk, user)
    here(event, *players)
    start = timezone.now() - datetime.timedelta(seconds=1)
    Tournament.objects.filter(pk=event.pk).update(starts_at=start)
    at = lambda minutes: start + datetime.timedelta(minutes=minutes)  # noqa: E731
    names = dict(event.entrants.values_list("pk", "name"))
    log = []
    for minute, then in ((1, "started"), (5, "paired")):
        assert progress.advance_due(at(minute)) == {event.pk: then}
        (table,) = Pairing.objects.filter(tournament=event, results__isnull=True)
        match = play_to_the_end(Table.objects.get(pk=table.table_id))
        assert match.status == Match.Status.FINISHED and len(match.seats) == 3
        log.append(([names[s] for s in table.sides], match.winner))
    assert progress.advance_due(at(30.5)) == {event.pk: "finished"}
    assert log == [
        # all at 0: the first three by registration; Dave waits
        (["Alice", "Bob", "Carol"], 2),  # Carol wins: Carol 2, Alice and Bob 0
        # by standing: Carol 2, then Dave (no match yet), Alice, Bob (one each, by seed).
        # Carol takes Dave (she just met Alice and Bob), then Alice: nobody else is free
        # whom Carol did not just meet; Bob waits
        (["Carol", "Dave", "Alice"], 0),  # Carol wins again: 4
    ]
    event.refresh_from_db()
    rows = [(names[s.side], s.points, s.matches) for s in arena_runs.standings(event)]
    # Carol 4 (2 wins); at 0, fewer matches first: Bob and Dave (1; Bob registered first),
    # then Alice (2)
    assert rows == [("Carol", 4, 2), ("Bob", 0, 1), ("Dave", 0, 1), ("Alice", 0, 2)]
    # the pot 400 less the house's 40: 180 / 108 / 72
    assert [coins.coin_balance(u) for u in players] == [400, 508, 580, 472]
    assert coins.audit().ok
