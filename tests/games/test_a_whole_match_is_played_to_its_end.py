from decimal import Decimal

import pytest

from games.banakil import Round as EngineRound
from games.models import Action, Match, Round
from lobby.models import Seat, Table

from .conftest import play_to_the_end, start_table

pytestmark = pytest.mark.django_db


def test_one_player_plays_a_whole_match_against_three_bots(alice):
    table = start_table([alice], {"target": 30}, bots_fill=True)
    match = play_to_the_end(table)
    assert match.status == Match.Status.FINISHED
    a, b = (Decimal(t) for t in match.totals)
    assert max(a, b) >= 30 and a != b
    assert match.winner == (0 if a > b else 1)
    rounds = list(match.rounds.order_by("number"))
    assert all(r.status == Round.Status.FINISHED for r in rounds)
    totals = [sum(Decimal(r.result["team_points"][team]) for r in rounds) for team in (0, 1)]
    assert totals == [a, b]
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert not Seat.objects.filter(table=table).exists()  # seats are free again


def test_the_deal_moves_one_seat_each_round(alice, bob):
    table = start_table([alice, bob], {"players": 2, "target": 40})
    match = play_to_the_end(table)
    dealers = [r.dealer for r in match.rounds.order_by("number")]
    assert dealers == [(match.first_dealer + i) % 2 for i in range(len(dealers))]


def test_every_round_replays_exactly_from_its_action_log(alice):
    table = start_table([alice], {"target": 20}, bots_fill=True)
    match = play_to_the_end(table)
    for rnd in match.rounds.all():
        actions = [a.as_pair() for a in Action.objects.filter(round=rnd).order_by("seq")]
        assert [a for a in range(1, len(actions) + 1)] == list(
            Action.objects.filter(round=rnd).order_by("seq").values_list("seq", flat=True)
        )
        replayed = EngineRound.replay(
            match.game_options, rnd.dealer, actions, secret=rnd.secret, client_seed=rnd.client_seed
        )
        assert replayed.view(None)["result"] == rnd.result
        assert replayed.to_dict() == rnd.state
