import pytest

pytestmark = pytest.mark.django_db


def test_the_match_list_is_the_users_own_and_paginated(played_match, client_for, alice, outsider):
    data = client_for(alice).get("/api/matches/").json()
    assert data["count"] == 1 and data["results"][0]["id"] == played_match.pk
    line = data["results"][0]
    assert line["your_seat"] == 0 and line["mode"] == "2v2"
    assert line["result"] == ("won" if played_match.winner == 0 else "lost")
    assert {"next", "previous"} <= set(data)
    assert client_for(outsider).get("/api/matches/").json()["count"] == 0


def test_a_match_has_its_rounds_and_a_round_its_fairness_facts(played_match, client_for, bob):
    client = client_for(bob)
    data = client.get(f"/api/matches/{played_match.pk}/").json()
    rounds = list(played_match.rounds.order_by("number"))
    assert [r["number"] for r in data["rounds"]] == [r.number for r in rounds]
    facts = client.get(f"/api/rounds/{rounds[0].pk}/verify").json()
    assert facts["commitment"] == rounds[0].commitment
    assert facts["client_seed"] == rounds[0].client_seed
    assert facts["secret"] == rounds[0].secret and facts["revealed"] is True


def test_the_schema_documents_the_history_api(client):
    schema = client.get("/api/schema/").content.decode()
    for path in ("/api/matches/", "/api/matches/{match_id}/", "/api/rounds/{round_id}/verify"):
        assert path in schema


def test_the_verify_form_goes_to_a_pasted_round(played_match, client_for, alice):
    rnd = played_match.rounds.first()
    client = client_for(alice, "en")
    assert client.get("/verify/").status_code == 200
    for pasted in (str(rnd.pk), f"http://example.com/verify/{rnd.pk}/"):
        page = client.get("/verify/", {"round": pasted})
        assert page.status_code == 302 and page["Location"] == f"/verify/{rnd.pk}/"
    assert "There is no such round." in client.get("/verify/", {"round": "987654"}).content.decode()
