import pytest

from games.models import Match
from lobby.models import Table
from quickplay import services
from quickplay.models import QueueEntry

pytestmark = pytest.mark.django_db


def test_four_players_are_seated_at_one_rated_table_and_the_match_starts(alice, bob, carol, dave):
    for user in (alice, bob, carol, dave):
        services.join(user, "banakil", "2v2")
    result = services.match_pass()
    assert (result.tables, result.seated) == (1, 4)
    table = Table.objects.get(pk=result.table_ids[0])
    assert table.status == Table.Status.PLAYING
    assert table.rated and not table.private and table.players == 4
    assert {s.user_id for s in table.seats.all()} == {alice.pk, bob.pk, carol.pk, dave.pk}
    assert Match.objects.filter(table=table).exists()
    assert set(QueueEntry.objects.values_list("state", flat=True)) == {"seated"}
    assert services.status(alice)["url"] == f"/tables/{table.pk}/"


def test_three_players_wait_for_a_fourth(alice, bob, carol):
    for user in (alice, bob, carol):
        services.join(user, "banakil", "2v2")
    assert services.match_pass().tables == 0
    assert services.status(alice)["found"] == 3
    assert QueueEntry.objects.filter(state="waiting").count() == 3


def test_a_second_pass_seats_nobody_twice(alice, bob):
    services.join(alice, "banakil", "1v1")
    services.join(bob, "banakil", "1v1")
    assert services.match_pass().tables == 1
    assert services.match_pass().tables == 0
    assert Table.objects.count() == 1
