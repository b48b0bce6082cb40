"""The ``state`` message (docs/protocol.md): each seat's rating beside its name as the match
began (provisional while the model is unsure), whether the match is rated, and once a rated
match is archived what it did to each seat's rating."""

import pytest

from games import archive, live
from ratings.services import changes_of
from tests.games.conftest import deal_now, start_table

from .conftest import finish, rated_match, set_rating

pytestmark = pytest.mark.django_db


def test_each_seat_has_its_players_rating_and_a_bot_none(alice, bob):
    set_rating(alice, 30.0, 2.0, mode="1v1")
    table = start_table([alice], {"players": 2}, bots_fill=True)
    deal_now(table)
    state = live.snapshot(table.pk, bob)
    assert state["match"]["rated"] is False
    assert state["seats"][0]["rating"] == {"figure": 2076, "provisional": False}
    assert state["seats"][1]["rating"] is None  # a bot's seat
    assert state["match"]["ratings"] is None


def test_a_new_player_is_provisional_and_the_end_shows_each_change(alice, bob):
    match = rated_match([alice, bob], players=2)
    deal_now(match.table)
    state = live.snapshot(match.table_id, alice)
    assert state["match"]["rated"] is True
    assert [s["rating"] for s in state["seats"]] == [{"figure": 1500, "provisional": True}] * 2
    archive.archive_match(finish(match, winner=1).pk)
    state = live.snapshot(match.table_id, alice)
    changes = changes_of(match.pk)
    assert state["match"]["ratings"] == [
        changes[alice.pk].to_json(),
        changes[bob.pk].to_json(),
    ]
    won, lost = state["match"]["ratings"][1], state["match"]["ratings"][0]
    assert won["change"] > 0 > lost["change"] and won["before"] == lost["before"] == 1500
    # the seats keep the ratings the match began with; the match's changes say what it did
    assert [s["rating"]["figure"] for s in state["seats"]] == [1500, 1500]


def test_a_seat_whose_rating_did_not_move_has_none(alice, bob):
    match = rated_match([alice, bob], players=2)
    deal_now(match.table)
    live.leave(alice, match.table_id)
    live.leave(bob, match.table_id)
    archive.archive_match(match.pk)
    state = live.snapshot(match.table_id, bob)
    assert state["match"]["ratings"][1] is None and state["match"]["ratings"][0]["change"] < 0
