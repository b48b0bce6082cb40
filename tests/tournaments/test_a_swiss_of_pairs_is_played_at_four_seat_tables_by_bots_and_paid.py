"""A Swiss of four pairs over two rounds of Banakil partners, played at real live tables
(in-process, the bots moving through the live layer's services as the Celery tasks would).
Each pairing gets one four-seat table with partners opposite (side A at seats 0 and 2), every
result is read from its match (the game's side 0 is side A), nobody meets twice, and the pot
(8 × 100 less the house's 80 = 720) is paid to the first three pairs, each share halved."""

import datetime

import pytest
from django.test.utils import override_settings
from django.utils import timezone

from accounts import coins
from games.models import Match
from lobby.models import Table
from tests.games.conftest import FAST, play_to_the_end
from tournaments import progress, services, swiss_rounds
from tournaments.models import Pairing, Registration, Result, Tournament

pytestmark = pytest.mark.django_db


@override_settings(**FAST)
def test_pairs_sit_opposite_each_result_is_read_and_the_places_are_paid(
    make_tournament, make_user, here
):
    players = [make_user(name) for name in "abcdefgh"]
    event = make_tournament(mode="2v2", rounds=2)
    for first, second in zip(players[::2], players[1::2], strict=True):
        pair = services.register(event.pk, first)
        services.register(event.pk, second, pair_code=pair.pair_code)
    here(event, *players)
    Tournament.objects.filter(pk=event.pk).update(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert progress.advance_due() == {event.pk: "started"}
    for number, then in ((1, "paired"), (2, "finished")):
        pairings = list(Pairing.objects.filter(tournament=event, round__number=number))
        assert len(pairings) == 2
        for pairing in pairings:
            table = Table.objects.get(pk=pairing.table_id)
            seated = dict(table.seats.values_list("number", "user_id"))
            side = {
                r.user_id: r.entrant_id
                for r in Registration.objects.filter(
                    entrant__in=(pairing.side_a_id, pairing.side_b_id)
                )
            }
            assert [side[seated[n]] for n in range(4)] == [
                pairing.side_a_id,
                pairing.side_b_id,
                pairing.side_a_id,
                pairing.side_b_id,
            ]
            match = play_to_the_end(table)
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
    assert not first & second
    order = [s.side for s in swiss_rounds.standings(event)]
    # the pool of 720 by 50/30/20: 360, 216, 144, each pair's share halved
    for entrant_id, prize in zip(order, (180, 108, 72, 0), strict=True):
        for user_id in Registration.objects.filter(entrant_id=entrant_id).values_list(
            "user_id", flat=True
        ):
            assert coins.coin_balance(players[0].__class__.objects.get(pk=user_id)) == 400 + prize
    assert coins.audit().ok
