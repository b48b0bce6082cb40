import pytest

from sahrat.replica import health

pytestmark = pytest.mark.django_db(transaction=True)

UNREACHABLE = {
    "ENGINE": "django.db.backends.sqlite3",
    "NAME": "/nonexistent/replica/sahrat.sqlite3",  # cannot be opened: as a server that is down
    "OPTIONS": {},
}


def test_the_same_request_is_served_from_the_primary(with_replica, client, make_user):
    with_replica(**UNREACHABLE)
    make_user("nura")
    response = client.get("/players/nura/")
    assert response.status_code == 200 and b"Nura" in response.content
    assert response["X-Sahrat-Read-From"] == "primary"
    assert health.down()  # the next requests do not try it for a few seconds


def test_the_replica_is_tried_again_after_the_retry_time(with_replica, settings, make_user):
    with_replica()
    make_user("nura")
    health.down_until = 0.0
    assert not health.down()
    settings.SAHRAT_REPLICA_RETRY_SECONDS = 0.0
    health.failed(RuntimeError("gone"))
    assert not health.down()
