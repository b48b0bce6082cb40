"""The admin, its coin pages and its custom reconciliation report are for staff only: a visitor
and a logged-in player are sent to the admin login, for pages and for changes (nothing changes);
staff without the permission get a 403. (tests/admin covers the users, tables and seats pages.)"""

import pytest
from django.test import Client

from accounts.models import CoinRuleChange, CoinSettings, StakeLevel

pytestmark = pytest.mark.django_db

COIN_PAGES = [
    "/admin/accounts/coinsettings/",
    "/admin/accounts/stakelevel/",
    "/admin/accounts/stakelevel/add/",
    "/admin/accounts/earningrule/",
    "/admin/accounts/coinrulechange/",
    "/admin/accounts/cointransaction/",
    "/admin/accounts/coinaccount/",
    "/admin/accounts/cointransaction/reconciliation/",
]


def strict(user=None) -> Client:
    """A client that sends the CSRF token, so only the admin's own checks can refuse."""
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    client.get("/accounts/login/")
    return client


def post(client: Client, path: str, data: dict) -> object:
    return client.post(path, {**data, "csrfmiddlewaretoken": client.cookies["csrftoken"].value})


def changes(level: StakeLevel) -> list:
    return [
        (
            f"/admin/accounts/coinsettings/{CoinSettings.load().pk}/change/",
            {"fee_percent": "99"},
        ),
        ("/admin/accounts/stakelevel/add/", {"amount": "777", "active": "on"}),
        (f"/admin/accounts/stakelevel/{level.pk}/delete/", {"post": "yes"}),
        (
            "/admin/accounts/stakelevel/",
            {"action": "delete_selected", "_selected_action": [level.pk], "post": "yes"},
        ),
    ]


@pytest.fixture
def level() -> StakeLevel:
    return StakeLevel.objects.create(amount=4321, active=True)


def untouched(level: StakeLevel, fee: int) -> bool:
    return (
        CoinSettings.load().fee_percent == fee
        and StakeLevel.objects.filter(pk=level.pk).exists()
        and not StakeLevel.objects.filter(amount=777).exists()
        and not CoinRuleChange.objects.exists()
    )


@pytest.mark.parametrize("path", COIN_PAGES)
def test_a_player_and_a_visitor_are_sent_to_the_admin_login(alice, path):
    for client in (strict(alice), strict()):
        response = client.get(path)
        assert response.status_code == 302, path
        assert response["Location"].startswith("/admin/login/")


def test_a_player_changes_no_coin_rule_through_the_admin(alice, level):
    fee = CoinSettings.load().fee_percent
    for client in (strict(alice), strict()):
        for path, data in changes(level):
            response = post(client, path, data)
            assert response.status_code == 302 and response["Location"].startswith(
                "/admin/login/"
            ), path
    assert untouched(level, fee)


def test_staff_without_the_permission_get_a_403_and_change_nothing(make_user, level):
    clerk = strict(make_user("clerk", is_staff=True))
    for path in COIN_PAGES:
        assert clerk.get(path).status_code == 403, path
    fee = CoinSettings.load().fee_percent
    for path, data in changes(level):
        assert post(clerk, path, data).status_code == 403, path
    assert untouched(level, fee)


def test_a_player_cannot_log_in_to_the_admin(alice):
    client = strict()
    response = post(client, "/admin/login/", {"username": "alice", "password": "a-long-secret-42"})
    assert response.status_code == 200  # the form again, with its error
    assert "_auth_user_id" not in client.session
    assert client.get("/admin/").status_code == 302
