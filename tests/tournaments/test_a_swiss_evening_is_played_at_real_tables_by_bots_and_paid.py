"""A Swiss evening of 4 players over 2 rounds of Banakil one against one, played at real live
tables (in-process: the sweep opens each pairing's private table through the live layer, the
game's bot plays every move through the same services as the Celery tasks would), then read
back, paired again, finished and paid. Who wins is the bots' business, so the checks are on
what must hold whatever they play: each pairing a table once, every result read from its
match, no rematch in round 2, the pot (400 less the house's 40) paid out whole."""

import datetime

import pytest
from django.test.utils import override_settings
from django.utils import timezone

from accounts import coins
from games.models import Match
from lobby.models import Table
from tests.games.conftest import FAST, play_to_the_end
from tournaments import progress, services
from tournaments.models import Pairing, Result, Tournament

pytestmark = pytest.mark.django_db


@override_settings(**FAST)
def test_the_sweep_opens_a_table_per_pairing_reads_each_match_and_pays_the_standings(
    make_tournament, here, alice, bob, carol, dave
):
    players = (alice, bob, carol, dave)
    event = make_tournament(rounds=2, turn_seconds=30)
    for user in players:
        services.register(event.pk, user)
    here(event, *players)
    Tournament.objects.filter(pk=event.pk).update(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert progress.advance_due() == {event.pk: "started"}
    for number, then in ((1, "paired"), (2, "finished")):
        pairings = list(Pairing.objects.filter(tournament=event, round__number=number))
        assert len(pairings) == 2 and all(p.table_id and p.match_id for p in pairings)
        assert progress.advance_due() == {}  # in play: no second table, no next round
        assert Table.objects.count() == 2 * number
        for pairing in pairings:
            match = play_to_the_end(Table.objects.get(pk=pairing.table_id))
            assert match.status == Match.Status.FINISHED
        assert progress.advance_due() == {event.pk: then}
        for pairing in pairings:
            match = Match.objects.get(pk=pairing.match_id)
            a = Result.objects.get(pairing=pairing, entrant=pairing.side_a)
            assert a.points == (2 if match.winner == 0 else 0)
    first, second = (
        {frozenset((p.side_a_id, p.side_b_id)) for p in Pairing.objects.filter(round__number=n)}
        for n in (1, 2)
    )
    assert not first & second  # nobody met twice
    assert sum(coins.coin_balance(u) for u in players) == 4 * 400 + 360
    assert coins.audit().ok
