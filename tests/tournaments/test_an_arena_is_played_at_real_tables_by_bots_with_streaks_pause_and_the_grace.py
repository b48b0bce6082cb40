"""A 30-minute arena of four players at Banakil one against one, played at real live tables by
the game's bot (in-process, through the live layer's services as the Celery tasks would). The
sweep pairs the free players as soon as two are free, a paused player waits, no new match
starts after the end, a match that ends within the grace counts and one that ends after it
does not; then the standings are paid.

The deals are pinned (each round's secret comes from a counter, not the OS) so the bot plays
the same matches every run and the standings can be worked out by hand below; if the engine or
the bot changes, the recorded winners change and the first check names the new ones."""

import datetime
import hashlib
import itertools

import pytest
from django.test.utils import override_settings
from django.utils import timezone

from accounts import coins
from games import fair
from games.models import Match
from lobby.models import Table
from tests.games.conftest import FAST, play_to_the_end
from tournaments import arena_runs, progress, services
from tournaments.models import Pairing, Result, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def pinned_secrets(monkeypatch):
    counter = itertools.count()
    monkeypatch.setattr(
        fair, "new_secret", lambda: hashlib.sha256(b"arena-%d" % next(counter)).hexdigest()
    )


def play(pairing):
    match = play_to_the_end(Table.objects.get(pk=pairing.table_id))
    assert match.status == Match.Status.FINISHED
    return match


def names(pairing):
    return (pairing.side_a.name, pairing.side_b.name)


@override_settings(**FAST)
def test_an_arena_pairs_the_free_scores_streaks_freezes_and_pays(
    pinned_secrets, make_tournament, here, alice, bob, carol, dave
):
    event = make_tournament(
        format="arena", minutes=30, rounds=None, grace_seconds=60, table_options={"target": 50}
    )
    for user in (alice, bob, carol, dave):
        services.register(event.pk, user)
    here(event, alice, bob, carol, dave)
    start = timezone.now() - datetime.timedelta(seconds=1)
    Tournament.objects.filter(pk=event.pk).update(starts_at=start)
    at = lambda minutes: start + datetime.timedelta(minutes=minutes)  # noqa: E731

    log = []
    assert progress.advance_due(at(1)) == {event.pk: "started"}
    first = list(Pairing.objects.filter(tournament=event).order_by("pk"))
    assert [names(p) for p in first] == [("Alice", "Bob"), ("Carol", "Dave")]
    for p in first:
        log.append((names(p), play(p).winner))
    services.pause(event.pk, dave)
    assert progress.advance_due(at(5)) == {event.pk: "paired"}
    second = list(Pairing.objects.filter(tournament=event, results__isnull=True))
    assert len(second) == 1 and "Dave" not in names(second[0])  # one table; one waits
    log.append((names(second[0]), play(second[0]).winner))
    services.pause(event.pk, dave, paused=False)
    assert progress.advance_due(at(10)) == {event.pk: "paired"}
    third = list(Pairing.objects.filter(tournament=event, results__isnull=True).order_by("pk"))
    assert len(third) == 2
    log.append((names(third[0]), play(third[0]).winner))
    # the time is up (30:30): the first table's match counts; nobody is paired again while the
    # other table still plays within the grace
    assert progress.advance_due(at(30.5)) == {}
    assert Pairing.objects.filter(tournament=event).count() == 5
    late = play(third[1])
    log.append((names(third[1]), late.winner))
    Match.objects.filter(pk=late.pk).update(finished_at=at(31.5))  # after the grace: not counted
    assert progress.advance_due(at(32)) == {event.pk: "finished"}
    assert not Result.objects.get(pairing=third[1], entrant=third[1].side_a).counted
    # What the bot played (winner: 0 side A, 1 side B):
    assert log == [
        (("Alice", "Bob"), 1),  # Bob 2 (one win)
        (("Carol", "Dave"), 0),  # Carol 2
        # Dave paused: Bob 2, Carol 2 (one match each) and Alice 0 are free; Bob (seed 2)
        # takes Carol, as Alice was his last opponent; Alice waits
        (("Bob", "Carol"), 0),  # Bob 2 + 2 = 4, two wins in a row: on a streak
        # Dave back: Bob 4, Carol 2, Alice 0 (1 match, seed 1), Dave 0 (1 match, seed 4);
        # Bob's last was Carol, so Bob meets Alice and Carol meets Dave
        (("Bob", "Alice"), 0),  # Bob on a streak: a win counts 4: 8
        (("Carol", "Dave"), 0),  # ended at 31:30, after the grace (30:00 + 60 s): not counted
    ]
    event.refresh_from_db()
    rows = [(s.place, s.side, s.points, s.matches) for s in arena_runs.standings(event)]
    a, b, c, d = (
        services.Registration.objects.get(user=u).entrant_id for u in (alice, bob, carol, dave)
    )
    # Bob 8 (3 matches); Carol 2 (2); Dave 0 in 1 match before Alice 0 in 2 (fewer matches)
    assert rows == [(1, b, 8, 3), (2, c, 2, 2), (3, d, 0, 1), (4, a, 0, 2)]
    # the pot 400 less the house's 40: 180 / 108 / 72
    assert [coins.coin_balance(u) for u in (alice, bob, carol, dave)] == [400, 580, 508, 472]
    assert progress.advance_due(at(40)) == {}  # frozen: nothing more
    assert coins.audit().ok
