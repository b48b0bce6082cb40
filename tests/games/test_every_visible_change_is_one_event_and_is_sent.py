"""Every change anyone can see sends each seat its new state, numbered one after the other: the
last seed no longer skips an event when it deals, and a round's secret goes out the moment it
is revealed (not only to a client that happens to resync)."""

import json

import pytest

from games import live
from games.live import broadcast
from games.models import Round

from .conftest import latest_round, start_table, step

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch, django_capture_on_commit_callbacks):
    """What the live layer sends after each commit: (event, the public state, every seat's)."""
    out: list[tuple[int, dict, dict]] = []

    def record(table_id, message):
        shown = json.loads(message["public"])
        # the group message's order, for the socket
        assert (message["round_no"], message["event"]) == (shown["round_no"], shown["event"])
        seats = {n: json.loads(text) for n, text in enumerate(message["texts"])}
        out.append((shown["event"], shown, seats))

    monkeypatch.setattr(broadcast, "broadcast", record)
    return out


def test_the_seeds_and_the_deal_count_one_event_each(
    alice, bob, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        table = start_table([alice, bob], {"players": 2})
    with django_capture_on_commit_callbacks(execute=True):
        live.submit_seed(table.pk, alice, "alice-seed")
    with django_capture_on_commit_callbacks(execute=True):
        live.submit_seed(table.pk, bob, "bob-seed")  # the last seed: the deal
    assert [event for event, _public, _seats in sent] == [1, 2, 3]
    assert sent[-1][1]["round"]["status"] == Round.Status.PLAYING
    assert latest_round(table).event_no == 3


def test_a_revealed_secret_reaches_every_seat_at_once(
    alice, bob, sent, django_capture_on_commit_callbacks
):
    table = start_table([alice, bob], {"players": 2, "target": 2000})
    while latest_round(table).status != Round.Status.FINISHED:
        step(table)
    rnd = latest_round(table)
    assert rnd.number == 1 and rnd.revealed_at is None
    with django_capture_on_commit_callbacks(execute=True):
        live.reveal(rnd.pk)
    assert len(sent) == 1
    event, public, seats = sent[0]
    assert event == rnd.event_no + 1
    assert public["round"]["secret"] == rnd.secret
    assert [m["round"]["secret"] for m in seats.values()] == [rnd.secret, rnd.secret]
