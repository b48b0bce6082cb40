"""When a finished match is archived (its coins settled), every seat gets a new state whose
match part carries each seat's coins won or lost."""

import pytest

from games import archive, live
from games.models import Match

from ..games.conftest import play_to_the_end, start_table

pytestmark = pytest.mark.django_db


def test_after_the_archive_each_seat_sees_its_coins(alice, bob):
    table = start_table([alice, bob], {"players": 2, "target": 15})
    match = play_to_the_end(table)
    assert match.status == Match.Status.FINISHED
    before = live.snapshot(table.pk, alice)
    assert before["match"]["coins"] is None  # not archived yet
    assert archive.archive_match(match.pk)
    after = live.snapshot(table.pk, alice)
    assert after["event"] == before["event"] + 1  # a new event went to every seat
    assert after["match"]["coins"] is not None and len(after["match"]["coins"]) == 2
    assert all(isinstance(c, int) for c in after["match"]["coins"])
