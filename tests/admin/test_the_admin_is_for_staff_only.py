import pytest

from lobby import services

pytestmark = pytest.mark.django_db

PAGES = ["/admin/", "/admin/accounts/user/", "/admin/lobby/table/", "/admin/lobby/seat/"]


@pytest.mark.parametrize("path", PAGES)
def test_a_player_who_is_not_staff_is_sent_to_the_admin_login(client_for, alice, path):
    response = client_for(alice).get(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


@pytest.mark.parametrize("path", PAGES)
def test_a_visitor_is_sent_to_the_admin_login(client, path):
    assert client.get(path)["Location"].startswith("/admin/login/")


def test_staff_see_users_tables_and_seats_with_filters_and_search(client_for, make_user, alice):
    services.create_table(alice, {"players": 2})
    admin = make_user("boss", is_staff=True, is_superuser=True)
    client = client_for(admin, "en")
    for path in PAGES:
        assert client.get(path).status_code == 200, path
    tables = client.get("/admin/lobby/table/?status__exact=waiting&q=alice")
    assert tables.status_code == 200
    assert len(tables.context["cl"].result_list) == 1
    users = client.get("/admin/accounts/user/?q=alice")
    assert [u.username for u in users.context["cl"].result_list] == ["alice"]
    assert client.get("/admin/lobby/table/?kind=free").status_code == 200
