import pytest

from accounts.models import User

pytestmark = [pytest.mark.django_db, pytest.mark.smoke]

SIGNUP = {
    "username": "noura",
    "display_name": "نورة",
    "email": "noura@example.com",
    "preferred_language": "ar",
    "password1": "majlis-evening-77",
    "password2": "majlis-evening-77",
}


def test_a_visitor_signs_up_and_is_logged_in(client):
    response = client.post("/accounts/signup/", SIGNUP)
    assert response.status_code == 302
    user = User.objects.get(username="noura")
    assert user.display_name == "نورة"
    assert user.preferred_language == "ar"
    assert client.get("/accounts/profile/").status_code == 200


def test_a_sign_up_with_mismatched_passwords_shows_the_form_again(client):
    response = client.post("/accounts/signup/", {**SIGNUP, "password2": "something-else-1"})
    assert response.status_code == 200
    assert not User.objects.filter(username="noura").exists()


def test_a_player_logs_in_with_the_right_password(client, alice):
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": "a-long-secret-42"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.get("/accounts/profile/").status_code == 200


def test_a_wrong_password_does_not_log_in(client, alice):
    response = client.post("/accounts/login/", {"username": "alice", "password": "nope-nope"})
    assert response.status_code == 200
    assert client.get("/accounts/profile/").status_code == 302


def test_a_player_logs_out_with_a_post(client, alice):
    client.post("/accounts/login/", {"username": "alice", "password": "a-long-secret-42"})
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert client.get("/accounts/profile/").status_code == 302


def test_the_sign_up_form_is_csrf_protected(alice):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/accounts/signup/", SIGNUP).status_code == 403
