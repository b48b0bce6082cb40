"""No two players may show names that look the same: display names (or the username a player
without one is shown by) are unique without regard to case, accents, Arabic diacritics and
tatweel, compatibility forms and Unicode look-alikes (a Unicode TR39-style skeleton), and so are
usernames. A username that mixes look-alike letters from different alphabets ("аlice" with a
Cyrillic а) is refused outright. Codes: ``name_taken``, ``username_taken``,
``username_mixed_scripts``.
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


def codes(response, field: str) -> list[str]:
    return [error.code for error in response.context["form"].errors.as_data().get(field, [])]


@pytest.mark.parametrize(
    "copy",
    [
        "Alice",  # exact copy
        "ALICE",
        "alice",
        "AIice",  # capital I for l
        "Аlice",  # Cyrillic А
        "аӏісе",  # all Cyrillic look-alikes
        "Ａｌｉｃｅ",  # fullwidth
        "Alicé",
        " Alice ",
    ],
)
def test_a_copy_of_another_players_display_name_is_refused(client, alice, copy):
    response = client.post("/accounts/signup/", {**SIGNUP, "display_name": copy})
    assert response.status_code == 200
    assert codes(response, "display_name") == ["name_taken"]


# ة and ه (and أ إ آ and ا, ى and ي) are one spelling to Gulf readers of a name
@pytest.mark.parametrize("copy", ["نورة", "نوره", "نُورة", "نـورة", "ﻧﻮﺭﺓ"])
def test_an_arabic_name_is_compared_without_diacritics_tatweel_or_forms(client, make_user, copy):
    make_user("first", display_name="نورة")
    response = client.post("/accounts/signup/", {**SIGNUP, "display_name": copy})
    assert codes(response, "display_name") == ["name_taken"]


def test_a_blank_display_name_shows_the_username_which_must_not_copy_a_name(client, make_user):
    make_user("first", display_name="Noura")
    response = client.post("/accounts/signup/", {**SIGNUP, "display_name": ""})
    assert codes(response, "display_name") == ["name_taken"]


def test_a_username_that_mixes_alphabets_is_refused(client, alice):
    response = client.post("/accounts/signup/", {**SIGNUP, "username": "аlice"})  # Cyrillic а
    assert codes(response, "username") == ["username_mixed_scripts"]
    fresh = client.post("/accounts/signup/", {**SIGNUP, "username": "nоura"})  # no one has it
    assert codes(fresh, "username") == ["username_mixed_scripts"]


@pytest.mark.parametrize("copy", ["Alice", "ALICE", "аӏісе", "a1ice"])
def test_a_username_that_looks_like_an_existing_one_is_refused(client, alice, copy):
    response = client.post("/accounts/signup/", {**SIGNUP, "username": copy})
    assert codes(response, "username") == ["username_taken"]
    assert User.objects.count() == 1


def test_the_profile_refuses_another_players_name_and_keeps_ones_own(client_for, alice, bob):
    client = client_for(bob, "en")
    taken = client.post("/accounts/profile/", {"display_name": "ALİCE", "preferred_language": "en"})
    assert codes(taken, "display_name") == ["name_taken"]
    assert "already taken by another player" in taken.content.decode()
    arabic = client_for(bob, "ar").post(
        "/accounts/profile/", {"display_name": "alice", "preferred_language": "ar"}
    )
    assert "مأخوذ" in arabic.content.decode()
    own = client.post("/accounts/profile/", {"display_name": "BOB", "preferred_language": "en"})
    assert own.status_code == 302
    bob.refresh_from_db()
    assert bob.display_name == "BOB"
