import pytest

from games import live
from lobby import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def tables(alice, bob, carol, dave):
    four = services.create_table(alice, {})
    two = services.create_table(bob, {"players": 2})
    services.sit(carol, two)
    started = services.create_table(dave, {"players": 2, "bots": True})
    services.fill_with_bots(dave, started)
    live.start(dave, started.pk)
    return four, two, started


def ids(response):
    return {t.pk for t in response.context["tables"]}


def test_the_lobby_shows_waiting_tables_with_seats_mode_target_and_stake(client, tables):
    four, two, started = tables
    client.cookies["django_language"] = "en"
    response = client.get("/")
    assert ids(response) == {four.pk, two.pk}
    html = response.content.decode()
    assert "Partners" in html and "One against one" in html
    assert "222" in html and "150" in html
    assert "Free table" in html
    assert "Alice" in html and "Carol" in html


def test_the_mode_filter(client, tables):
    four, two, _ = tables
    assert ids(client.get("/?mode=4")) == {four.pk}
    assert ids(client.get("/?mode=2")) == {two.pk}


def test_the_open_seat_filter(client, tables):
    four, two, _ = tables
    assert ids(client.get("/?open=1")) == {four.pk}


def test_the_free_or_coin_filter(client, tables):
    four, two, _ = tables
    assert ids(client.get("/?kind=free")) == {four.pk, two.pk}
    assert ids(client.get("/?kind=coin")) == set()


def test_a_table_card_renders_alone_for_live_updates(client, tables):
    four, _, _ = tables
    response = client.get(f"/tables/{four.pk}/card/")
    assert response.status_code == 200
    assert f'id="table-{four.pk}"' in response.content.decode()
