import pytest

pytestmark = pytest.mark.django_db


def test_five_wrong_passwords_lock_the_account_even_against_the_right_one(client, alice):
    for _ in range(5):
        client.post("/accounts/login/", {"username": "alice", "password": "wrong-guess"})
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": "a-long-secret-42"}
    )
    assert response.status_code == 429
    assert client.get("/accounts/profile/").status_code == 302
