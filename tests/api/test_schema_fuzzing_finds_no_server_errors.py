"""Schemathesis sends generated requests, valid and invalid, to every operation of the OpenAPI
schema, in-process through the site's WSGI application, from a visitor and from logged-in players
(session and CSRF token, so writes reach the views): no answer is a server error.

Path ids are real rows half the time (a finished match and its rounds, a waiting table, a private
one, a finished one), so the requests reach the code behind the 404s; each request starts from the
same data (its writes are rolled back).

The schema is the one the site serves, read once at import (no database needed for it); the lazy
``schemathesis.pytest.from_fixture`` loader would be the other way, but it breaks on pytest 9.2
(it sets ``Function._nodeid``, which pytest no longer has). For the same reason the operations
are parametrized here, one test id each, rather than by ``schema.parametrize()``: its tests all
share one id under pytest 9.2, and pytest-xdist (``make test``) runs one test per id.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.test import Client
from django.utils.crypto import get_random_string
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

from accounts.models import User
from games.banakil.options import SPECS
from games.models import Match, Round
from lobby import services as lobby
from sahrat.wsgi import application
from tests.history.conftest import fast_table_timings, played_match  # noqa: F401

pytestmark = pytest.mark.django_db

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
OPERATIONS = {result.ok().label: result.ok() for result in schema.get_all_operations()}

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))

# Table options by their real names with any JSON value (the schema says only "an object").
OPTIONS = st.dictionaries(
    st.sampled_from([spec.name for spec in SPECS]),
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4),
)


@pytest.fixture(autouse=True)
def in_process_requests() -> Iterator[None]:
    """Keep the test's database connection across requests, as Django's test client does (the
    WSGI handler would close it after each request, inside the test's transaction)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def real_ids(played_match: Match, bob: User, outsider: User) -> dict[str, list[Any]]:  # noqa: F811
    """Bob waits at a table for one against one; the outsider at a private one; both have
    a player's page (and its ratings)."""
    waiting = lobby.create_table(bob, {"players": 2})
    private = lobby.create_table(outsider, {"players": 2, "private": True})
    return {
        "id": [waiting.pk, private.pk, played_match.table_id],
        "match_id": [played_match.pk],
        "round_id": list(Round.objects.values_list("pk", flat=True)),
        "username": [bob.username, outsider.username],
    }


@pytest.fixture
def players(alice: User, bob: User) -> list[dict[str, Any]]:
    """Alice, who sits nowhere, and bob, who sits at the waiting table (both played the match):
    the session cookie and CSRF token each one's browser sends."""
    sessions = []
    for user in (alice, bob):
        client = Client()
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        csrf = get_random_string(32)
        sessions.append(
            {
                "cookies": {"sessionid": client.cookies["sessionid"].value, "csrftoken": csrf},
                "headers": {"X-CSRFToken": csrf},
            }
        )
    return sessions


@pytest.mark.parametrize("label", sorted(OPERATIONS))
def test_no_request_gets_a_server_error_from_a_visitor_or_a_player(
    label: str, real_ids: dict[str, list[Any]], players: list[dict[str, Any]]
) -> None:
    @FUZZ
    @given(case=OPERATIONS[label].as_strategy(), data=st.data())
    def request(case: Any, data: st.DataObject) -> None:
        session = data.draw(st.sampled_from([{}, *players]), label="visitor, alice or bob")
        for name in case.path_parameters or {}:
            if name in real_ids and data.draw(st.booleans(), label=f"a real {name}"):
                case.path_parameters[name] = data.draw(st.sampled_from(real_ids[name]), label=name)
        if label == "POST /api/tables/" and data.draw(st.booleans(), label="options"):
            case.body = {"options": data.draw(OPTIONS, label="real option names")}
        with transaction.atomic():
            case.call_and_validate(checks=[not_a_server_error], **session)
            transaction.set_rollback(True)

    request()
