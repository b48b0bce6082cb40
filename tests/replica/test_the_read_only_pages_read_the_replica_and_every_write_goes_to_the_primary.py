import pytest
from django.contrib.sessions.models import Session
from django.db import router
from django.http import HttpResponse
from django.test import RequestFactory

from accounts.models import User
from sahrat.replica import REPLICA, ReplicaRouter, reads_from_replica

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_page_is_read_from_the_replica(with_replica, client, make_user):
    with_replica()
    make_user("nura")
    response = client.get("/players/nura/")
    assert response.status_code == 200
    assert response["X-Sahrat-Read-From"] == "replica"


def test_inside_a_read_only_view_reads_go_to_the_replica_and_writes_to_the_primary(
    with_replica, make_user
):
    with_replica()
    make_user("nura")
    seen = {}

    @reads_from_replica
    def view(request):
        seen["read"] = User.objects.filter(username="nura").db
        seen["session"] = Session.objects.all().db
        made = User.objects.create_user(username="saad", password="a-long-secret-42")
        seen["write"] = made._state.db
        return HttpResponse("ok")

    request = RequestFactory().get("/")
    request.user = User.objects.get(username="nura")
    view(request)
    assert seen == {"read": REPLICA, "session": "default", "write": "default"}
    assert request.sahrat_read_from == "replica"
    # outside such a view everything reads the primary
    assert User.objects.filter(username="nura").db == "default"


def test_the_router_never_writes_or_migrates_on_the_replica():
    replica = ReplicaRouter()
    assert replica.db_for_write(User) == "default"
    assert replica.allow_migrate(REPLICA, "accounts") is False
    assert replica.allow_migrate("default", "accounts") is True
    assert router.db_for_write(User) == "default"


def test_a_page_outside_the_list_reads_the_primary(with_replica, client, make_user):
    with_replica()
    make_user("nura")
    assert "X-Sahrat-Read-From" not in client.get("/rules/")
