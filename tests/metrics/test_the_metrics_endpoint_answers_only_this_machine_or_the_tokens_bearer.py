"""``/metrics`` answers a direct connection from this machine, or the bearer of
``SAHRAT_METRICS_TOKEN``; everyone else, and anything through a proxy, gets a 403."""

import pytest
from django.test import Client
from django.test.utils import override_settings

pytestmark = pytest.mark.django_db


def status(**extra: str) -> int:
    return Client().get("/metrics", **extra).status_code


def test_a_direct_connection_from_this_machine_is_answered():
    assert status(REMOTE_ADDR="127.0.0.1") == 200
    assert status(REMOTE_ADDR="::1") == 200


def test_another_address_is_refused():
    assert status(REMOTE_ADDR="10.1.2.3") == 403
    assert status(REMOTE_ADDR="192.168.0.7") == 403


def test_a_request_through_the_proxy_is_refused_even_from_this_machine():
    # the proxy on this machine connects from 127.0.0.1 and says whom it forwards
    assert status(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9") == 403
    assert status(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="127.0.0.1") == 403


@override_settings(SAHRAT_METRICS_TOKEN="s3cret-scrape-token")
def test_the_tokens_bearer_is_answered_from_anywhere_and_a_wrong_token_is_not():
    right = "Bearer s3cret-scrape-token"
    assert status(REMOTE_ADDR="10.1.2.3", HTTP_AUTHORIZATION=right) == 200
    assert (
        status(REMOTE_ADDR="10.1.2.3", HTTP_X_FORWARDED_FOR="1.2.3.4", HTTP_AUTHORIZATION=right)
        == 200
    )
    assert status(REMOTE_ADDR="10.1.2.3", HTTP_AUTHORIZATION="Bearer s3cret") == 403
    assert status(REMOTE_ADDR="10.1.2.3", HTTP_AUTHORIZATION="s3cret-scrape-token") == 403


def test_without_a_token_set_no_bearer_gets_in():
    assert status(REMOTE_ADDR="10.1.2.3", HTTP_AUTHORIZATION="Bearer ") == 403


def test_a_post_is_not_allowed():
    assert Client().post("/metrics", REMOTE_ADDR="127.0.0.1").status_code == 405
