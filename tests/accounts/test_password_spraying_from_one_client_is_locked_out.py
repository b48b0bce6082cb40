"""Password spraying (one password tried against many usernames) is locked out per client
address: django-axes locks a username at one address after 5 failures, and across usernames an
address is locked after ``SAHRAT_LOGIN_FAILURES_PER_CLIENT`` (30) failures in an hour (counted
in the cache). While locked, every log-in from that address answers 429 with its own message
(code ``login_client_locked``), even the right password; other addresses are not touched.
Before, many usernames from one address never locked.
"""

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db


def attempt(username: str, password: str, remote: str, language: str = "ar"):
    client = Client(REMOTE_ADDR=remote)
    client.cookies["django_language"] = language
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_many_usernames_from_one_client_lock_that_client(alice, settings):
    limit = settings.SAHRAT_LOGIN_FAILURES_PER_CLIENT
    assert limit == 30
    sprayer = "203.0.113.66"
    answers = [attempt(f"player{n}", "Password1", sprayer).status_code for n in range(limit)]
    assert answers == [200] * (limit - 1) + [429]

    locked = attempt("alice", "a-long-secret-42", sprayer, language="en")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert 'data-code="login_client_locked"' in page
    assert "Too many failed log-ins from your network" in page
    arabic = attempt("alice", "a-long-secret-42", sprayer).content.decode()
    assert "محاولات دخول فاشلة كثيرة من شبكتك" in arabic

    assert attempt("alice", "a-long-secret-42", "198.51.100.5").status_code == 302


def test_a_username_lock_still_speaks_of_the_account(alice):
    for _ in range(5):
        attempt("alice", "wrong-guess", "192.0.2.7")
    locked = attempt("alice", "a-long-secret-42", "192.0.2.7", language="en")
    assert locked.status_code == 429
    assert 'data-code="login_account_locked"' in locked.content.decode()


def test_an_operator_lifts_a_client_lock_early(alice, settings):
    settings.SAHRAT_LOGIN_FAILURES_PER_CLIENT = 3
    for n in range(3):
        attempt(f"player{n}", "Password1", "203.0.113.67")
    assert attempt("alice", "a-long-secret-42", "203.0.113.67").status_code == 429
    out = StringIO()
    call_command("rate_limits_reset", "203.0.113.67", stdout=out)
    assert "login-failures" in out.getvalue()
    assert attempt("alice", "a-long-secret-42", "203.0.113.67").status_code == 302
