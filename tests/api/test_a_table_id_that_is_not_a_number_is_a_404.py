"""A table id in an API path is a number; anything else is no table (it was a 500)."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("pk", ["abc", "1e3", "%C3%9E%C2%AF", "-1", "99999999999999999999999"])
def test_a_table_path_with_an_id_that_is_not_a_number_is_a_404(client_for, alice, pk):
    client = client_for(alice)
    assert client.get(f"/api/tables/{pk}/").status_code == 404
    for action in ("join", "leave", "fill-bots", "start"):
        assert client.post(f"/api/tables/{pk}/{action}/").status_code == 404, action


def test_the_schema_says_a_table_id_is_an_integer(client):
    table = client.get("/api/schema/?format=json").json()["paths"]["/api/tables/{id}/"]
    [param] = table["get"]["parameters"]
    assert param["schema"]["type"] == "integer"
