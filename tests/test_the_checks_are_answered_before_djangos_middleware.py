"""HAProxy asks every daphne ``/health/ready/`` every second. Through Django's handler each check
crossed between the event loop and a thread for the sync-only middleware and cost daphne 6.4 ms
of CPU; the site's ASGI application now answers both checks in front of Django (decision 145),
with the same answers: 200 and the report, 503 with the retry hint on a full process, and
anything else at those paths (another method) still Django's."""

import json

import pytest
from django.test.utils import override_settings

from sahrat.admission import capacity
from sahrat.asgi import application
from sahrat.health import HealthChecks, stamp_sweep

from .asgi_requests import ask, django_must_not_answer

pytestmark = pytest.mark.django_db(transaction=True)


async def test_both_checks_are_answered_without_asking_django():
    stamp_sweep()
    checks = HealthChecks(django_must_not_answer)
    for path in ("/health/ready/", "/health/tasks/"):
        status, headers, body = await ask(checks, path)
        report = json.loads(body)
        assert status == 200, report
        assert report["database"] == "ok" and report["redis"] == "ok" and report["tasks"] == "ok"
        assert headers[b"content-type"] == b"application/json"
        assert headers[b"cache-control"] == b"no-store"


async def test_a_full_process_answers_503_with_the_retry_hint_through_the_site():
    with override_settings(
        SAHRAT_SOCKETS_MAX_PER_PROCESS=max(capacity.open, 1), SAHRAT_BUSY_RETRY_SECONDS=7
    ):
        opened_here = capacity.open == 0
        if opened_here:
            capacity.opened()
        try:
            status, headers, body = await ask(application, "/health/ready/")
        finally:
            if opened_here:
                capacity.closed()
    assert status == 503
    assert json.loads(body) == {"capacity": "busy", "reason": "sockets"}
    assert headers[b"retry-after"] == b"7"


async def test_another_method_at_a_checks_path_is_still_djangos_to_refuse():
    status, _headers, _body = await ask(application, "/health/ready/", method="POST")
    assert status == 403  # Django's CSRF check refuses a POST before the view's 405
    status, _headers, _body = await ask(application, "/health/ready/", method="PUT")
    assert status in (403, 405)
