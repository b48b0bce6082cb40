"""The three-round Swiss of 8 of ``test_a_three_round_swiss_of_eight_pairs_scores_and_breaks_ties``
played through the database: each round is paired once (a second call returns the same round),
results recorded once, and the standings pay the pot.

Pot: 8 × 100 = 800; the house takes 80; the pool of 720 goes 360 / 216 / 144 to 1, 2 and 7.
"""

import pytest

from accounts import coins
from tournaments import services, swiss_rounds
from tournaments.models import Pairing, Round
from tournaments.swiss import LOSS, WIN

pytestmark = pytest.mark.django_db


def test_three_rounds_pair_once_each_and_the_standings_pay_the_first_three(
    make_tournament, make_user, here
):
    event = make_tournament(capacity=8)
    players = [make_user(f"p{n}") for n in range(1, 9)]
    seed = {services.register(event.pk, user).pk: n for n, user in enumerate(players, start=1)}
    here(event, *players)
    rounds = []
    for _ in range(3):
        made = swiss_rounds.pair_next_round(event.pk)
        assert swiss_rounds.pair_next_round(event.pk) == made  # paired once
        tables = []
        for pairing in made.pairings.order_by("pk"):
            a, b = seed[pairing.side_a_id], seed[pairing.side_b_id]
            tables.append(tuple(sorted((a, b))))
            a_wins = (a < b) != ((min(a, b), max(a, b)) == (5, 7))  # 7 beats 5: the upset
            swiss_rounds.record(pairing.pk, WIN if a_wins else LOSS)
            swiss_rounds.record(pairing.pk, LOSS if a_wins else WIN)  # a retry changes nothing
        rounds.append(sorted(tables))
        made.refresh_from_db()
        assert made.state == Round.State.DONE
    assert rounds == [
        [(1, 2), (3, 4), (5, 6), (7, 8)],
        [(1, 3), (2, 4), (5, 7), (6, 8)],
        [(1, 7), (2, 3), (4, 6), (5, 8)],
    ]
    assert swiss_rounds.pair_next_round(event.pk) is None
    assert Pairing.objects.filter(tournament=event).count() == 12
    table = swiss_rounds.standings(event)
    assert [seed[s.side] for s in table] == [1, 2, 7, 5, 3, 4, 6, 8]
    services.pay_out(event.pk, [s.side for s in table])
    assert [coins.coin_balance(u) for u in players[:3]] == [400 + 360, 400 + 216, 400]
    assert coins.coin_balance(players[6]) == 400 + 144
    assert coins.audit().ok
