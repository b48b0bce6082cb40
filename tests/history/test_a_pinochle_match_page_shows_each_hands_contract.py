"""A Pinochle match in history: each hand's contract, declarer, trump, made or set, and its
score sheet (meld, meld counted, counters, points) per side; three-handed, one column per seat."""

import pytest

from games import archive
from games.models import Match
from tests.games.conftest import play_to_the_end, start_table

pytestmark = pytest.mark.django_db


def test_the_match_page_shows_every_hands_contract_and_sheet(alice, client_for):
    table = start_table([alice], {"target": 40}, bots_fill=True, game="pinochle")
    match = play_to_the_end(table)
    archive.archive_match(match.pk)
    page = client_for(alice, "en").get(f"/history/matches/{match.pk}/").content.decode()
    played = [r for r in match.rounds.order_by("number") if r.result["reason"] == "played"]
    assert played
    for rnd in played:
        result = rnd.result
        assert f" bid {result['contract']}" in page
        for side in (0, 1):
            assert f'<bdi dir="ltr">{result["team_points"][side]}</bdi>' in page
    assert "Meld counted" in page and "Counters" in page
    assert ("made" in page) or ("set" in page)
    arabic = client_for(alice, "ar").get(f"/history/matches/{match.pk}/").content.decode()
    assert "نقاط العد" in arabic


def test_three_handed_each_seat_has_its_column(alice, bob, carol, client_for):
    table = start_table([alice, bob, carol], {"variant": "three", "target": 30}, game="pinochle")
    match = play_to_the_end(table)
    page = client_for(alice, "en").get(f"/history/matches/{match.pk}/").content.decode()
    for name in ("Alice", "Bob", "Carol"):
        assert f"<th>{name}</th>" in page
    assert Match.objects.get(pk=match.pk).sides == 3
