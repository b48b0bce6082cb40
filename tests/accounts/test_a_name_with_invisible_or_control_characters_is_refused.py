"""Names are what other players read at the table: a display name or a username with a control
or invisible character (bidi overrides and isolates that turn the text around, zero-width
characters, other spaces than the plain one, line and paragraph separators…) is refused on the
sign-up and profile forms with the code ``name_invisible_characters``, and a name made of
nothing visible with ``name_needs_a_letter``, in Arabic and in English.
"""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db

SIGNUP = {
    "username": "noura",
    "display_name": "نورة",
    "email": "noura@example.com",
    "preferred_language": "ar",
    "password1": "majlis-evening-77",
    "password2": "majlis-evening-77",
}

INVISIBLE = [
    "\u202eelica",  # RIGHT-TO-LEFT OVERRIDE: shows "acile"
    "Ali\u202d",  # LEFT-TO-RIGHT OVERRIDE
    "\u2067نورة\u2069",  # RIGHT-TO-LEFT ISOLATE … POP DIRECTIONAL ISOLATE
    "No\u200bura",  # ZERO WIDTH SPACE
    "No\u200dura",  # ZERO WIDTH JOINER
    "Noura\ufeff",  # ZERO WIDTH NO-BREAK SPACE
    "Nou\u00adra",  # SOFT HYPHEN
    "Nou\u2028ra",  # LINE SEPARATOR
    "Nou\u2029ra",  # PARAGRAPH SEPARATOR
    "Nou\u0007ra",  # BELL (a control character)
    "Nou\u00a0ra",  # NO-BREAK SPACE
    "Nou\u3000ra",  # IDEOGRAPHIC SPACE
    "Nou\u115fra",  # HANGUL CHOSEONG FILLER (shows nothing)
    "Nou\u2800ra",  # BRAILLE PATTERN BLANK
    "Nou\ufe0fra",  # VARIATION SELECTOR-16
]


def codes(response, field: str) -> list[str]:
    return [error.code for error in response.context["form"].errors.as_data().get(field, [])]


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_display_name_with_an_invisible_character_is_refused(client, name):
    response = client.post("/accounts/signup/", {**SIGNUP, "display_name": name})
    assert response.status_code == 200
    assert codes(response, "display_name") == ["name_invisible_characters"]
    assert not User.objects.filter(username="noura").exists()


@pytest.mark.parametrize("name", ["\u200b\u200c\u200d", "\u0651\u064e", "ـــ", "..."])
def test_a_display_name_with_nothing_to_read_is_refused(client, name):
    response = client.post("/accounts/signup/", {**SIGNUP, "display_name": name})
    assert response.status_code == 200
    assert codes(response, "display_name") in (
        ["name_needs_a_letter"],
        ["name_invisible_characters"],
    )
    assert not User.objects.filter(username="noura").exists()


@pytest.mark.parametrize("name", ["\u202enoura", "no\u200bura", "noura\u2066"])
def test_a_username_with_an_invisible_character_is_refused(client, name):
    response = client.post("/accounts/signup/", {**SIGNUP, "username": name})
    assert response.status_code == 200
    assert "name_invisible_characters" in codes(response, "username") or codes(
        response, "username"
    ) == ["invalid"]
    assert User.objects.count() == 0


def test_the_profile_refuses_it_too_in_both_languages(client_for, alice):
    english = client_for(alice, "en").post(
        "/accounts/profile/", {"display_name": "\u202eecilA", "preferred_language": "en"}
    )
    assert english.status_code == 200
    assert codes(english, "display_name") == ["name_invisible_characters"]
    assert "invisible or control characters" in english.content.decode()
    assert 'data-code="name_invisible_characters"' in english.content.decode()
    arabic = client_for(alice, "ar").post(
        "/accounts/profile/", {"display_name": "\u202eecilA", "preferred_language": "ar"}
    )
    assert "رموز مخفية" in arabic.content.decode()
    alice.refresh_from_db()
    assert alice.display_name == "Alice"


def test_ordinary_names_in_both_scripts_are_welcome(client):
    for n, name in enumerate(["أبو أحمد", "مُحَمَّد", "Noura Al-Saleh", "Dana 7", "O'Neil"]):
        data = {**SIGNUP, "username": f"player{n}", "display_name": name}
        data["email"] = f"player{n}@example.com"
        assert client.post("/accounts/signup/", data).status_code == 302, name
        client.post("/accounts/logout/")
