"""When a round ends and the match goes on, the next round's secret is fixed at once: its
commitment is on the score sheet, before any seed for that round exists."""

import pytest

from games import live
from games.banakil import fair
from games.models import Match, Round

from .conftest import latest_round, start_table, step

pytestmark = pytest.mark.django_db


def test_the_score_sheet_carries_the_next_rounds_commitment_and_that_round_keeps_it(alice):
    table = start_table([alice], {"target": 500}, bots_fill=True)
    while latest_round(table).status != Round.Status.FINISHED:
        step(table)
    finished = latest_round(table)
    state = live.snapshot(table.pk, alice)
    promised = state["round"]["next_commitment"]
    match = Match.objects.get(table=table)
    assert promised and promised == fair.commitment(match.next_secret)
    assert match.next_secret not in str(state)
    live.next_round(match.pk, finished.number + 1)
    opened = latest_round(table)
    assert opened.number == finished.number + 1 and opened.commitment == promised
    assert opened.seeds == [None] * 4  # fixed before any seed of that round
    assert Match.objects.get(table=table).next_secret == ""
    assert live.snapshot(table.pk, alice)["round"]["next_commitment"] is None


def test_the_last_round_of_a_match_promises_nothing(alice):
    table = start_table([alice], {"target": 10}, bots_fill=True)
    while Match.objects.get(table=table).status == Match.Status.PLAYING:
        step(table)
    assert live.snapshot(table.pk, alice)["round"]["next_commitment"] is None
