"""Issue #35, item 16: a JSON body over Django's upload limit (``DATA_UPLOAD_MAX_MEMORY_SIZE``,
2.5 MB) got Django's HTML 400 and a traceback logged at error. It is a 413 with a code, like
every other bad body, logged as one warning line without a traceback."""

from __future__ import annotations

import json
import logging

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db


def too_large() -> str:
    body = json.dumps({"options": {"note": "a" * 3_000_000}})
    assert len(body) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return body


@pytest.mark.parametrize("path", ["/api/tables/", "/api/tables/{table}/join/"])
def test_a_body_over_the_limit_is_a_413_with_a_code(client_for, bob, free_table, path, caplog):
    client = client_for(bob)
    with caplog.at_level(logging.INFO):
        response = client.post(
            path.format(table=free_table.pk), too_large(), content_type="application/json"
        )
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "body_too_large"
    assert response.json()["message"]
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    [line] = [r for r in caplog.records if r.name == "django.request"]
    assert line.levelno == logging.WARNING


def test_the_message_is_in_the_readers_language(client_for, bob):
    response = client_for(bob, "ar").post(
        "/api/tables/", too_large(), content_type="application/json"
    )
    assert any("\u0600" <= ch <= "\u06ff" for ch in response.json()["message"])
