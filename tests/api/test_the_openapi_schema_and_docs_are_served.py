import pytest

pytestmark = pytest.mark.django_db


def test_the_schema_describes_the_lobby(client):
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for path in (
        "/api/tables/",
        "/api/tables/{id}/",
        "/api/tables/{id}/join/",
        "/api/tables/{id}/leave/",
        "/api/tables/{id}/fill-bots/",
        "/api/tables/{id}/start/",
    ):
        assert path in paths, path


def test_the_docs_page_loads_nothing_from_outside(client):
    html = client.get("/api/docs/").content.decode()
    assert "swagger-ui" in html
    assert "cdn" not in html.lower()
    assert "https://" not in html.replace("https://github.com", "")
