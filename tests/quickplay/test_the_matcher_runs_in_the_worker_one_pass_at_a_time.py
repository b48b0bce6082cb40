import pytest
from django.conf import settings
from django.core.cache import cache

from lobby.models import Table
from quickplay import services, tasks
from sahrat.celery import app

pytestmark = pytest.mark.django_db


def test_celery_beat_runs_the_matcher_every_second():
    entry = settings.CELERY_BEAT_SCHEDULE["quickplay-match"]
    assert (entry["task"], entry["schedule"]) == ("quickplay.match", 1.0)
    assert app.tasks["quickplay.match"].name == tasks.match.name == "quickplay.match"


def test_a_pass_while_another_holds_the_lock_seats_nobody(alice, bob):
    services.join(alice, "banakil", "1v1")
    services.join(bob, "banakil", "1v1")
    cache.set(services.LOCK_KEY, "another pass", 10)
    try:
        assert services.match_pass().skipped
        assert not Table.objects.exists()
    finally:
        cache.delete(services.LOCK_KEY)
    tasks.match()
    assert Table.objects.get().status == Table.Status.PLAYING
