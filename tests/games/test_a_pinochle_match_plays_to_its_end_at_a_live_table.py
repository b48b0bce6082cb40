"""Pinochle plays through the same live layer as Banakil: every variant from the lobby to the
match's end, bots at free tables, the match's totals from the engine's match."""

import pytest

from games.models import Match, MatchPlayer, Round
from games.pinochle import Match as EngineMatch
from games.pinochle import Round as EngineRound
from lobby.models import Seat, Table

from .conftest import play_to_the_end, start_table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("options", "seats", "sides"),
    [({}, 4, 2), ({"variant": "double", "target": 120}, 4, 2), ({"variant": "three"}, 3, 3)],
)
def test_a_pinochle_match_with_bots_plays_to_its_end(alice, options, seats, sides):
    table = start_table([alice], {"target": 60, **options}, bots_fill=True, game="pinochle")
    assert table.game == "pinochle" and table.players == seats
    match = play_to_the_end(table)
    assert match.status == Match.Status.FINISHED
    assert len(match.seat_states) == seats and len(match.totals) == sides
    record = EngineMatch.from_json(match.record)
    assert record.over and record.winner == match.winner
    assert [str(t) for t in record.totals] == match.totals
    rounds = list(match.rounds.order_by("number"))
    assert all(r.status == Round.Status.FINISHED for r in rounds)
    for rnd in rounds:  # each hand replays exactly from its log
        assert EngineRound.from_json(rnd.state).view(None)["result"] == rnd.result
    assert list(MatchPlayer.objects.filter(match=match).values_list("user", "seat", "side")) == [
        (alice.pk, 0, 0)
    ]
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and not Seat.objects.filter(table=table).exists()


def test_three_pinochle_players_each_score_for_themselves(alice, bob, carol):
    table = start_table([alice, bob, carol], {"variant": "three", "target": 40}, game="pinochle")
    match = play_to_the_end(table)
    assert [match.side_of(n) for n in range(3)] == [0, 1, 2]
    assert match.winner in (0, 1, 2) and len(match.totals) == 3
