"""A tournament's match is not played again: once it is over, its table's state names the
tournament's page (``match.event``), where the player's next match opens, and "Play again" is
refused with ``event_table``, in Arabic and English. A table of the lobby keeps its rematch."""

import pytest
from django.test.utils import override_settings
from django.utils import translation

from games import live
from games.refusals import GameRefusal
from lobby.models import Table
from tests.games.conftest import FAST, play_to_the_end, start_table
from tests.tournaments.conftest import start_now
from tournaments import progress, services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


@override_settings(**FAST)
def test_the_end_of_a_tournament_match_leads_back_to_the_tournament(
    make_tournament, here, alice, bob
):
    event = make_tournament(rounds=1, turn_seconds=30)
    for user in (alice, bob):
        services.register(event.pk, user)
    here(event, alice, bob)
    start_now(event)
    assert progress.advance_due() == {event.pk: "started"}
    table = Table.objects.get(pk=Pairing.objects.get(tournament=event).table_id)
    assert table.event_url == f"/tournaments/{event.pk}/"
    assert live.snapshot(table.pk, alice)["match"]["event"] is None  # while it is played
    play_to_the_end(table)
    for user in (alice, bob):
        assert live.snapshot(table.pk, user)["match"]["event"] == f"/tournaments/{event.pk}/"
    with pytest.raises(GameRefusal) as refused:
        live.rematch(alice, table.pk)
    assert refused.value.code == "event_table"
    said = {}
    for lang in ("ar", "en"):
        with translation.override(lang):
            said[lang] = str(refused.value.message)
    assert said["en"].startswith("A tournament's match is not played again")
    assert said["ar"] == "صكة البطولة ما تنلعب مرة ثانية: صكتك الجاية في صفحة البطولة."
    assert not Table.objects.filter(rematch_of=table).exists()


@override_settings(**FAST)
def test_a_lobby_tables_match_has_no_event_and_plays_again(alice, bob):
    table = start_table([alice, bob], {"players": 2, "target": 40})
    play_to_the_end(table)
    assert live.snapshot(table.pk, alice)["match"]["event"] is None
    assert live.rematch(alice, table.pk).rematch_of_id == table.pk
