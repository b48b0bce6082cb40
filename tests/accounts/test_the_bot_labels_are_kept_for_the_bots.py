"""A bot's seat is labelled «لاعب آلي 2» in Arabic and "Bot 2" in English (with "(bot)" when a
bot stands in): no player may take such a name, in either language, in any case, with Arabic or
Latin digits or look-alike letters. Refused with the code ``name_reserved``.
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

RESERVED = [
    "لاعب آلي 2",
    "لاعب آلي ٢",
    "لاعب  آلي",
    "لاعبآلي3",
    "Bot 2",
    "bot",
    "BOT 4",
    "Bоt 1",  # Cyrillic о
    "Ｂｏｔ ３",  # fullwidth
    "Alice (bot)",
    "Alice (لاعب آلي)",
]


def codes(response, field: str) -> list[str]:
    return [error.code for error in response.context["form"].errors.as_data().get(field, [])]


@pytest.mark.parametrize("name", RESERVED)
def test_a_bot_label_is_refused_as_a_display_name(client, name):
    response = client.post("/accounts/signup/", {**SIGNUP, "display_name": name})
    assert response.status_code == 200
    assert codes(response, "display_name") == ["name_reserved"]
    assert not User.objects.filter(username="noura").exists()


@pytest.mark.parametrize("username", ["bot", "Bot2", "bot_3"])
def test_a_bot_label_is_refused_as_the_shown_username(client, username):
    response = client.post(
        "/accounts/signup/", {**SIGNUP, "username": username, "display_name": ""}
    )
    assert response.status_code == 200
    assert codes(response, "username") == ["name_reserved"]


def test_the_message_is_clear_in_both_languages(client_for, alice):
    english = client_for(alice, "en").post(
        "/accounts/profile/", {"display_name": "Bot 3", "preferred_language": "en"}
    )
    assert "kept for the bots" in english.content.decode()
    arabic = client_for(alice, "ar").post(
        "/accounts/profile/", {"display_name": "لاعب آلي 3", "preferred_language": "ar"}
    )
    assert "محجوز للاعبين الآليين" in arabic.content.decode()


@pytest.mark.parametrize("name", ["Botan", "Abbot", "آلاء", "Robot Fan"])
def test_names_that_only_contain_the_letters_are_fine(client, name):
    response = client.post("/accounts/signup/", {**SIGNUP, "display_name": name})
    assert response.status_code == 302, codes(response, "display_name")
