import re

import pytest
from django.core import mail

pytestmark = pytest.mark.django_db


def test_a_player_changes_the_password(client_for, alice):
    client = client_for(alice)
    response = client.post(
        "/accounts/password/change/",
        {
            "old_password": "a-long-secret-42",
            "new_password1": "a-newer-secret-43",
            "new_password2": "a-newer-secret-43",
        },
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("a-newer-secret-43")


def test_a_player_resets_a_forgotten_password_by_email(client, alice, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    response = client.post("/accounts/password/reset/", {"email": "alice@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body)
    assert link
    form_page = client.get(link.group(1), follow=True)
    assert form_page.status_code == 200
    response = client.post(
        form_page.redirect_chain[-1][0],
        {
            "new_password1": "reset-secret-99x",
            "new_password2": "reset-secret-99x",
        },
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("reset-secret-99x")


def test_the_default_email_backend_is_the_console():
    import sahrat.settings  # read the module: the test runner swaps in its own backend

    assert sahrat.settings.EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"
