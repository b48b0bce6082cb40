"""The admin's user forms follow the same rules for names as sign-up and the profile: a
look-alike of another player's username or shown name, a bot's label or an invisible character
is refused with its code and a message in the admin's language."""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db


def codes(response, field: str) -> list[str]:
    form = response.context["adminform"].form
    return [error.code for error in form.errors.as_data().get(field, [])]


@pytest.fixture
def boss(make_user):
    return make_user("boss", is_staff=True, is_superuser=True)


def test_adding_a_look_alike_username_is_refused(client_for, boss, alice):
    client = client_for(boss, "en")
    new = {"username": "ALICE", "password1": "a-long-secret-43", "password2": "a-long-secret-43"}
    response = client.post("/admin/accounts/user/add/", {**new, "usable_password": "true"})
    assert response.status_code == 200
    assert codes(response, "username") == ["username_taken"]
    assert "already taken, or looks just like one" in response.content.decode()
    bot = {**new, "username": "bot7", "usable_password": "true"}
    assert codes(client.post("/admin/accounts/user/add/", bot), "username") == ["name_reserved"]
    assert User.objects.count() == 2


def change(user, **values):
    data = {
        "username": user.username,
        "display_name": user.display_name,
        "email": user.email,
        "preferred_language": user.preferred_language,
        "is_active": "on",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "10:00:00",
    }
    data.update(values)
    return data


def test_changing_a_display_name_to_another_players_is_refused(client_for, boss, alice, bob):
    client = client_for(boss, "ar")
    url = f"/admin/accounts/user/{bob.pk}/change/"
    response = client.post(url, change(bob, display_name="ALICE"))
    assert response.status_code == 200
    assert codes(response, "display_name") == ["name_taken"]
    assert "مأخوذ" in response.content.decode()
    hidden = client.post(url, change(bob, display_name="B\u200bob"))
    assert codes(hidden, "display_name") == ["name_invisible_characters"]
    fine = client.post(url, change(bob, display_name="Bobby"))
    assert fine.status_code == 302
    bob.refresh_from_db()
    assert bob.display_name == "Bobby" and bob.name_key
