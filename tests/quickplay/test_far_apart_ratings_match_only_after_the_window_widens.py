import random

import pytest

from lobby.models import Table
from quickplay import services
from quickplay.models import QueueEntry
from quickplay.window import Waiting, groups, window


def test_the_window_starts_at_100_widens_5_a_second_and_stops_at_600():
    assert (window(0), window(10), window(100), window(1000)) == (100, 150, 600, 600)


def test_two_players_400_apart_match_after_60_seconds_not_before():
    pair = [Waiting(1, 1300, 0.0), Waiting(2, 1700, 0.0)]
    assert groups(pair, 2, now=59.0) == []
    assert sorted(w.id for w in groups(pair, 2, now=60.0)[0]) == [1, 2]


def test_each_must_lie_in_the_others_window():
    old, new = Waiting(1, 1300, 0.0), Waiting(2, 1600, 100.0)  # old's window 600, new's 100
    assert groups([old, new], 2, now=100.0) == []


def test_the_closest_are_grouped_and_partners_are_drawn_at_random():
    players = [Waiting(n, 1500 + 10 * n, 0.0) for n in range(8)]
    found = groups(players, 4, now=0.0, rng=random.Random(3))
    assert [sorted(w.id for w in g) for g in found] == [[0, 1, 2, 3], [4, 5, 6, 7]]
    orders = {tuple(w.id for w in groups(players, 4, 0.0, random.Random(s))[0]) for s in range(9)}
    assert len(orders) > 1


@pytest.mark.django_db
def test_the_matcher_seats_far_apart_players_once_they_have_waited(alice, bob):
    services.join(alice, "banakil", "1v1")
    services.join(bob, "banakil", "1v1")
    QueueEntry.objects.filter(user=bob).update(rating=1900)
    joined = QueueEntry.objects.get(user=alice).joined_at.timestamp()
    from quickplay import liveness

    for user in (alice, bob):
        liveness.seen(user.pk, joined + 70)
    assert services.match_pass(now=joined + 5).tables == 0
    assert services.match_pass(now=joined + 70).tables == 1
    assert Table.objects.get().rated


def test_every_pair_of_a_group_lies_within_each_others_window():
    old = Waiting(1, 1500, 0.0)  # its window is 600 by now; the others' 100
    fresh = [Waiting(2, 1420, 100.0), Waiting(3, 1580, 100.0), Waiting(4, 1590, 100.0)]
    (group,) = groups([old, *fresh], 3, now=100.0)
    assert sorted(w.id for w in group) == [1, 3, 4]
