"""A two-handed Pinochle table (mode ``two``) is created through the API with two seats, a
second player joins it, and the platform plays its match to the end (bots' moves for both
humans); the replay of each hand and the Verify record work for two. Its table page comes with
issue #30, so players cannot open such a table yet (``Mode.at_tables``): this test lifts that
for itself, to hold the platform's side of two-handed (seats, the live layer, the archive)."""

import pytest

from games import live, registry
from games.models import Match, Round
from lobby import services as lobby_services
from lobby.models import Table
from tests.games.conftest import deal_now, play_to_the_end

pytestmark = pytest.mark.django_db


def test_the_registry_knows_the_two_handed_mode():
    entry = registry.get("pinochle")
    modes = {m.key: m for m in entry.modes}
    assert modes["two"].options == {"variant": "two"}
    assert entry.mode_of(entry.options({"variant": "two"})) == "two"


def test_a_two_handed_table_is_created_joined_and_played_to_the_end(
    client_for, alice, bob, monkeypatch
):
    monkeypatch.setattr(lobby_services, "at_tables", lambda game, options: True)
    made = client_for(alice).post(
        "/api/tables/",
        {"game": "pinochle", "options": {"variant": "two", "two_trump": "auction", "target": 30}},
        content_type="application/json",
    )
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["options"]["variant"] == "two" and body["options"]["two_trump"] == "auction"
    table = Table.objects.get(pk=body["id"])
    assert table.players == 2
    joined = client_for(bob).post(
        f"/api/tables/{table.pk}/join/", {}, content_type="application/json"
    )
    assert joined.status_code == 200, joined.content
    refused = client_for(alice).post(
        "/api/tables/",
        {"game": "pinochle", "options": {"variant": "single", "two_trump": "auction"}},
        content_type="application/json",
    )
    assert refused.status_code == 400 and refused.json()["code"] == "bad_option"
    live.start(alice, table.pk)
    deal_now(table)
    match = play_to_the_end(table)
    assert match.status == Match.Status.FINISHED
    rounds = Round.objects.filter(match=match, status=Round.Status.FINISHED)
    assert rounds.exists()
    entry = registry.get("pinochle")
    last = rounds.order_by("-number").first()
    assert last is not None
    state = last.engine_state()
    steps = entry.replay_steps(state)
    assert steps[-1]["view"]["phase"] == "done"
    assert len(entry.dealt(state)["recorded"]["hands"]) == 2
