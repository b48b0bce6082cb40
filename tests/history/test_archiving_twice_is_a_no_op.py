import pytest

from games import archive, live
from games.models import Archive, Match, Round
from tests.games.conftest import deal_now, start_table

pytestmark = pytest.mark.django_db

LTR = '<bdi dir="ltr">'  # numbers are isolated left-to-right (decisions.md 28)


def test_a_finished_match_is_archived_once(played_match, client_for, alice):
    assert archive.archive_match(played_match.pk) is True
    first = Archive.objects.get(match=played_match)
    log, summary, at = bytes(first.log), first.summary, first.archived_at
    assert archive.archive_match(played_match.pk) is False
    assert archive.archive_pending() == 0
    again = Archive.objects.get(match=played_match)
    assert (bytes(again.log), again.summary, again.archived_at) == (log, summary, at)
    assert Archive.objects.count() == 1


def test_the_archive_holds_every_rounds_log_and_the_summary(played_match):
    archive.archive_match(played_match.pk)
    stored = Archive.objects.get(match=played_match)
    rounds = list(played_match.rounds.order_by("number"))
    log = archive.read_log(stored)
    assert [r["number"] for r in log] == [r.number for r in rounds]
    for entry, rnd in zip(log, rounds, strict=True):
        assert entry["secret"] == rnd.secret and entry["state"] == rnd.state
        assert [a["payload"] for a in entry["actions"]] == [a for _s, a in rnd.state["actions"]]
    summary = stored.summary
    assert summary["winner"] == played_match.winner
    assert summary["totals"] == played_match.totals
    assert [r["points"] for r in summary["rounds"]] == [r.result["team_points"] for r in rounds]
    assert all(len(r["timeouts"]) == 4 and len(r["bot_turns"]) == 4 for r in summary["rounds"])


def test_history_reads_the_archive_once_there_is_one(played_match, client_for, alice):
    archive.archive_match(played_match.pk)
    stored = Archive.objects.get(match=played_match)
    stored.summary = {**stored.summary, "totals": ["1234", "5678"]}
    stored.save()
    text = client_for(alice, "en").get(f"/history/matches/{played_match.pk}/").content.decode()
    assert f"{LTR}1234</bdi>" in text and f"{LTR}5678</bdi>" in text


def test_a_match_still_playing_is_not_archived(alice, bob, carol, dave):
    table = start_table([alice, bob, carol, dave])
    deal_now(table)
    match = Match.objects.get(table=table)
    assert archive.archive_match(match.pk) is False
    assert not Archive.objects.exists()


def test_the_sweep_archives_an_abandoned_match_and_reveals_its_secret(alice, bob, carol, dave):
    table = start_table([alice, bob, carol, dave])
    rnd = deal_now(table)
    match = Match.objects.get(table=table)
    live.rounds.abandon(match, rnd, Match.Abandoned.LEFT, close=False)
    assert archive.archive_pending() == 1
    assert archive.archive_pending() == 0
    stored = Archive.objects.get(match=match)
    assert stored.status == Match.Status.ABANDONED
    assert Round.objects.get(pk=rnd.pk).revealed_at is not None
