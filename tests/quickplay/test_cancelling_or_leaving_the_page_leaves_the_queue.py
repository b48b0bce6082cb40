import pytest

from quickplay import liveness, services
from quickplay.models import QueueEntry

pytestmark = pytest.mark.django_db


def test_a_cancelled_player_is_not_matched(alice, bob):
    services.join(alice, "banakil", "1v1")
    services.join(bob, "banakil", "1v1")
    assert services.cancel(alice)
    assert services.match_pass().tables == 0
    assert services.status(alice)["state"] == "cancelled"
    services.join(alice, "banakil", "1v1")  # and may join again
    assert services.match_pass().tables == 1


def test_a_player_not_seen_for_the_grace_is_cancelled_as_gone(alice, bob):
    services.join(alice, "banakil", "1v1")
    services.join(bob, "banakil", "1v1")
    later = QueueEntry.objects.get(user=bob).joined_at.timestamp() + liveness.GRACE + 1
    liveness.seen(bob.pk, later)
    result = services.match_pass(now=later)
    assert (result.gone, result.tables) == (1, 0)
    assert QueueEntry.objects.get(user=alice).reason == "gone"
    assert QueueEntry.objects.get(user=bob).state == "waiting"
