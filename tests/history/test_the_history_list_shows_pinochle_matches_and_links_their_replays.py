"""The history list names each match's game and mode (a Pinochle match says Pinochle and its
variant), its mode filter offers every game's modes, and from a Pinochle match's page every
finished hand links to its replay, which opens."""

from __future__ import annotations

import re

import pytest

from games.models import Round
from tests.games.conftest import start_table
from tests.history.test_a_pinochle_replay_shows_every_step_of_a_hand import play_one_hand

pytestmark = pytest.mark.django_db


def test_a_pinochle_hand_is_one_click_from_history_to_its_replay(alice, bob, client_for):
    table = start_table(
        [alice, bob], {"variant": "double", "target": 1000}, bots_fill=True, game="pinochle"
    )
    rnd = play_one_hand(table)
    match = rnd.match
    client = client_for(alice, "en")
    page = client.get("/history/").content.decode()
    row = re.search(rf'<tr[^>]* data-match="{match.pk}".*?</tr>', page, re.S)
    assert row is not None
    assert "Pinochle · Partners, double deck" in row.group(0)
    assert "Bob" in row.group(0) and "Bot 3" in row.group(0)  # the opponents
    for key in ("2v2", "1v1", "single", "double", "three"):
        assert f'<option value="{key}"' in page
    assert '<optgroup label="Pinochle">' in page
    assert f'data-match="{match.pk}"' in client.get("/history/?mode=double").content.decode()
    assert f'data-match="{match.pk}"' not in client.get("/history/?mode=single").content.decode()

    sheet = client.get(f"/history/matches/{match.pk}/").content.decode()
    finished = match.rounds.filter(status=Round.Status.FINISHED)
    assert finished.exists()
    for hand in finished:
        link = f"/history/rounds/{hand.pk}/replay/"
        assert link in sheet
    assert client.get(f"/history/rounds/{rnd.pk}/replay/").status_code == 200

    arabic = client_for(alice, "ar").get("/history/").content.decode()
    assert "بينوكل" in arabic
