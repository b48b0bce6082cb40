"""Password-reset mail is rate-limited (before, 17 mails reached one address in 2 s): at most
``SAHRAT_RESET_MAILS_PER_ADDRESS`` (3) an hour to one address, whatever its case, and
``SAHRAT_RESET_MAILS_PER_CLIENT`` (10) an hour asked from one client address. Past either the
form answers 429 with a clear message in the reader's language and sends nothing. The counters
are the same whether or not an account has that address, so the refusal tells nobody whether
it does. If the cache cannot be reached the limits do not apply (a Redis hiccup must not stop
players from resetting or logging in).
"""

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client
from redis.exceptions import ConnectionError as RedisConnectionError

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def memory_mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def ask(email: str, remote: str = "192.0.2.10", language: str = "ar"):
    client = Client(REMOTE_ADDR=remote)
    client.cookies["django_language"] = language
    return client.post("/accounts/password/reset/", {"email": email})


def codes(response) -> list[str]:
    return [error.code for error in response.context["form"].non_field_errors().as_data()]


def test_one_address_gets_three_mails_an_hour(alice, settings):
    assert settings.SAHRAT_RESET_MAILS_PER_ADDRESS == 3
    answers = [ask(e, remote=f"192.0.2.{n}") for n, e in enumerate(["alice@example.com"] * 3)]
    assert [a.status_code for a in answers] == [302, 302, 302]
    assert len(mail.outbox) == 3
    refused = ask("ALICE@Example.com ", remote="192.0.2.99", language="en")
    assert refused.status_code == 429
    assert codes(refused) == ["reset_mail_address_limit"]
    assert "Too many reset e-mails were asked for this address" in refused.content.decode()
    assert 'data-code="reset_mail_address_limit"' in refused.content.decode()
    arabic = ask("alice@example.com", remote="192.0.2.98")
    assert arabic.status_code == 429
    assert "طُلبت رسائل استعادة كثيرة لهذا البريد" in arabic.content.decode()
    assert len(mail.outbox) == 3


def test_an_address_without_an_account_counts_the_same(db):
    for _ in range(3):
        assert ask("nobody@example.com").status_code == 302
    refused = ask("nobody@example.com", remote="192.0.2.11")
    assert refused.status_code == 429 and codes(refused) == ["reset_mail_address_limit"]
    assert mail.outbox == []


def test_one_client_asks_for_ten_mails_an_hour(alice, bob, settings):
    assert settings.SAHRAT_RESET_MAILS_PER_CLIENT == 10
    for n in range(9):
        assert ask(f"someone{n}@example.com").status_code == 302
    assert ask("alice@example.com").status_code == 302
    refused = ask("bob@example.com", language="en")
    assert refused.status_code == 429
    assert codes(refused) == ["reset_mail_client_limit"]
    assert "Too many reset e-mails were asked from your network" in refused.content.decode()
    assert "طُلبت رسائل استعادة كثيرة من شبكتك" in ask("bob@example.com").content.decode()
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]
    # another client still gets bob his mail
    assert ask("bob@example.com", remote="198.51.100.20").status_code == 302
    assert [m.to for m in mail.outbox] == [["alice@example.com"], ["bob@example.com"]]


def test_without_the_cache_the_mail_still_goes(alice, monkeypatch):
    def down(*args, **kwargs):
        raise RedisConnectionError("the cache is down")

    monkeypatch.setattr(cache, "add", down)
    monkeypatch.setattr(cache, "get", down)
    for _ in range(5):
        assert ask("alice@example.com").status_code == 302
    assert len(mail.outbox) == 5
