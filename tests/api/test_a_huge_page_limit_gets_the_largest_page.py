"""``limit`` is capped at 100: a huge one (it overflowed the database's integer, a 500) gets the
largest page."""

import pytest

from lobby import services

pytestmark = pytest.mark.django_db

HUGE = "150237402008790069411840"


@pytest.mark.parametrize("path", ["/api/tables/", "/api/coins/transactions/"])
@pytest.mark.parametrize("limit", [HUGE, "99999999999999999999"])
def test_a_huge_limit_is_answered(client_for, alice, free_table, path, limit):
    response = client_for(alice).get(path, {"limit": limit, "offset": "-1893118707554070"})
    assert response.status_code == 200
    assert response.json()["count"] == len(response.json()["results"])


def test_the_largest_page_has_a_hundred_tables(client_for, make_user):
    for n in range(101):
        services.create_table(make_user(f"player{n}"), {})
    body = client_for(make_user("reader")).get("/api/tables/", {"limit": HUGE}).json()
    assert body["count"] == 101 and len(body["results"]) == 100
    assert "limit=100" in body["next"]
