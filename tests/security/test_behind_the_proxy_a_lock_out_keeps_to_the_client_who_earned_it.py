"""Behind ``PROXY_COUNT`` trusted reverse proxies the login rate limit keys on the client's own
address, the one the outermost trusted proxy appended to ``X-Forwarded-For`` (the PROXY_COUNT-th
entry from the right), not on the proxy's ``REMOTE_ADDR`` that every client shares. Before, the
setting did nothing (django-ipware was not installed): five wrong passwords from anyone locked
the account for everyone behind the proxy, admin included.

With ``PROXY_COUNT=0`` (no proxy) the header is ignored, so a client cannot pick its address;
behind the proxy, what a client writes into the header itself stays left of the trusted entry.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from axes.helpers import get_client_ip_address
from django.test import Client, RequestFactory

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
PROXY = "10.0.0.2"  # the reverse proxy: REMOTE_ADDR of every proxied request


def attempt(password: str, forwarded: str | None, remote: str = PROXY) -> int:
    """One log-in as alice from a fresh browser; the answer's status code."""
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    response = Client().post(
        "/accounts/login/", {"username": "alice", "password": password}, **extra
    )
    return response.status_code


def lock_out(forwarded: str | None, remote: str = PROXY) -> None:
    """Five wrong passwords: the fifth already answers with the lock-out page."""
    assert [attempt("wrong-guess", forwarded, remote) for _ in range(5)] == [200] * 4 + [429]


def test_the_proxy_count_comes_from_the_environment():
    code = (
        "import django; django.setup(); "
        "from axes.helpers import get_client_ip_address; "
        "from django.test import RequestFactory; "
        "r = RequestFactory().get('/', REMOTE_ADDR='10.0.0.2', "
        "HTTP_X_FORWARDED_FOR='198.51.100.9, 203.0.113.5'); "
        "print(get_client_ip_address(r))"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "sahrat.settings", "PROXY_COUNT": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[-1] == "203.0.113.5"


def test_two_clients_behind_one_proxy_are_locked_out_apart(alice, settings):
    settings.PROXY_COUNT = 1
    lock_out("203.0.113.5")
    assert attempt("a-long-secret-42", "203.0.113.5") == 429
    assert attempt("a-long-secret-42", "198.51.100.7") == 302  # the other client logs in


def test_a_client_cannot_slip_its_own_address_in_front_of_the_proxys(alice, settings):
    settings.PROXY_COUNT = 1
    spoofed = ["1.1.1.1", "1.1.1.2", "1.1.1.3", "1.1.1.4", "1.1.1.5"]
    answers = [attempt("wrong-guess", f"{ip}, 203.0.113.5") for ip in spoofed]
    assert answers == [200] * 4 + [429]
    assert attempt("a-long-secret-42", "9.9.9.9, 203.0.113.5") == 429


def test_without_a_proxy_the_header_is_ignored(alice, settings):
    settings.PROXY_COUNT = 0
    spoofed = ["1.1.1.1", "1.1.1.2", "1.1.1.3", "1.1.1.4", "1.1.1.5"]
    answers = [attempt("wrong-guess", ip, remote="192.0.2.44") for ip in spoofed]
    assert answers == [200] * 4 + [429]
    assert attempt("a-long-secret-42", "8.8.8.8", remote="192.0.2.44") == 429
    assert attempt("a-long-secret-42", None, remote="192.0.2.45") == 302


def test_an_unusable_header_falls_back_to_the_connection(settings):
    settings.PROXY_COUNT = 2
    factory = RequestFactory()
    short = factory.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.5")
    assert get_client_ip_address(short) == PROXY  # fewer entries than trusted proxies
    junk = factory.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="not-an-ip, 10.0.0.1")
    assert get_client_ip_address(junk) == PROXY
    chain = "6.6.6.6, 203.0.113.5, 10.0.0.1"  # a client's own entry, the client, proxy 1
    good = factory.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=chain)
    assert get_client_ip_address(good) == "203.0.113.5"
