"""A player may type their own seed in the profile; the table client sends it with "ready"."""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_a_valid_seed_is_saved_with_the_profile(alice, client_for):
    response = client_for(alice).post(
        "/accounts/profile/",
        {"display_name": "Alice", "preferred_language": "en", "seed": "my_own-seed42"},
    )
    assert response.status_code in (200, 302)
    assert User.objects.get(pk=alice.pk).seed == "my_own-seed42"


PROTOCOL = b"A seed is at most 64 letters, digits, _ or -."
TOO_LONG = b"Ensure this value has at most 64 characters"


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        ("no spaces", PROTOCOL),
        ("pipe|not|allowed", PROTOCOL),
        ("x" * 65, TOO_LONG),
        ("ç", PROTOCOL),
    ],
)
def test_a_seed_outside_the_protocol_is_refused_with_a_clear_error(alice, client_for, seed, error):
    client = client_for(alice)
    client.cookies["django_language"] = "en"
    response = client.post(
        "/accounts/profile/",
        {"display_name": "Alice", "preferred_language": "en", "seed": seed},
    )
    assert User.objects.get(pk=alice.pk).seed == ""
    assert response.status_code == 200
    assert error in response.content


def test_the_seed_error_reads_in_arabic_too(alice, client_for):
    client = client_for(alice)
    client.cookies["django_language"] = "ar"
    response = client.post(
        "/accounts/profile/", {"display_name": "Alice", "preferred_language": "ar", "seed": "a b"}
    )
    assert "البذرة".encode() in response.content


def test_the_table_page_hands_the_profile_seed_to_the_client(alice, client_for):
    from tests.games.conftest import start_table

    alice.seed = "alice-seed"
    alice.save()
    table = start_table([alice], bots_fill=True)
    page = client_for(alice).get(f"/tables/{table.pk}/")
    assert b'data-seed="alice-seed"' in page.content
