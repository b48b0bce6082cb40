import pytest

from games import settlement

from .conftest import end, start_coin_match

pytestmark = pytest.mark.django_db


def test_the_api_gives_the_balance_and_the_stake_levels(client_for, player):
    alice = player("alice", 700)
    body = client_for(alice).get("/api/coins/").json()
    assert body == {"balance": 700, "stake_levels": [100, 500, 1000]}


def test_the_api_lists_the_players_own_transactions_paginated(client_for, player):
    alice, bob = player("alice", 500), player("bob", 500)
    match = end(start_coin_match([alice, bob], 500), winner=1)
    settlement.settle(match)
    body = client_for(bob, "en").get("/api/coins/transactions/?limit=2").json()
    assert body["count"] == 3 and body["next"]
    newest = body["results"][0]
    assert newest["kind"] == "payout" and newest["amount"] == 900 and newest["match"] == match.pk
    assert newest["balance_after"] == 900 and newest["reason"].startswith("Winnings")
    rest = client_for(bob, "en").get(body["next"]).json()["results"]
    assert [r["rule"] for r in rest] == ["signup"]
    assert all(r["amount"] == -500 for r in body["results"][1:])


def test_the_coin_api_needs_a_login(client):
    assert client.get("/api/coins/").status_code == 403
    assert client.get("/api/coins/transactions/").status_code == 403


def test_the_coin_api_is_in_the_openapi_schema(client):
    schema = client.get("/api/schema/?format=json").json()
    assert "/api/coins/" in schema["paths"] and "/api/coins/transactions/" in schema["paths"]
