"""The leaderboard, per game and mode: players by wins in matches finished in the last 30 days
(ties: fewer matches first), the top 50, public, in both languages; one grouped query, kept in
the cache a few minutes (a new win shows once it expires)."""

from __future__ import annotations

import html
import re
import time
import uuid
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import stats
from games.archive import archive_match
from games.models import Match, MatchPlayer
from lobby.models import Table
from tests.history.conftest import play_match

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def own_cache_keys(monkeypatch):
    """Each test its own leaderboard keys: the cache (Redis) is shared by the whole run."""
    monkeypatch.setattr(stats, "CACHE_PREFIX", f"leaderboard-test-{uuid.uuid4().hex}")


def finished(winners, losers, *, days_ago: float = 1, players: int = 4, status="finished"):
    """A finished match: ``winners`` on side 0, ``losers`` on side 1 (rows as the live layer and
    the archive leave them; the boards read nothing else)."""
    table = Table.objects.create(game="banakil", players=players, status="finished")
    match = Match.objects.create(
        table=table,
        game="banakil",
        options={"players": players},
        players=players,
        status=status,
        winner=0 if status == "finished" else None,
    )
    Match.objects.filter(pk=match.pk).update(finished_at=timezone.now() - timedelta(days=days_ago))
    seats = [(u, 0) for u in winners] + [(u, 1) for u in losers]
    for n, (user, side) in enumerate(seats):
        MatchPlayer.objects.create(match=match, user=user, seat=n, side=side)
    return match


def names(board):
    return [p["username"] for p in board["players"]]


def test_more_wins_rank_higher_and_fewer_matches_break_a_tie(make_user):
    a, b, c, d, e = (make_user(n) for n in ("amal", "badr", "ciro", "dana", "eid"))
    for _ in range(3):
        finished([a, b], [c, d])
    finished([c, e], [a, b])
    finished([c, e], [a, d])
    finished([e, d], [a, c])
    board = stats.compute_leaderboard("banakil", "2v2")
    # amal 3 wins/6, badr 3/5, ciro 2/6, eid 3/3, dana 1/5
    assert names(board) == ["eid", "badr", "amal", "ciro", "dana"]
    top = board["players"][0]
    assert (top["rank"], top["wins"], top["matches"], top["win_rate"]) == (1, 3, 3, 100)


def test_only_the_last_30_days_the_asked_mode_and_finished_matches_count(make_user):
    a, b, c, d = (make_user(n) for n in ("amal", "badr", "ciro", "dana"))
    finished([a, b], [c, d], days_ago=29)
    finished([c, d], [a, b], days_ago=31)
    finished([c], [a], players=2)
    finished([c, d], [a, b], status="abandoned")
    assert names(stats.compute_leaderboard("banakil", "2v2")) == ["amal", "badr"]
    assert names(stats.compute_leaderboard("banakil", "1v1")) == ["ciro"]


def test_the_top_50_only(make_user):
    losers = [make_user("loser")]
    for n in range(stats.TOP + 5):
        finished([make_user(f"p{n:02d}")], losers, players=2)
    board = stats.compute_leaderboard("banakil", "1v1")
    assert len(board["players"]) == stats.TOP
    assert "loser" not in names(board)


def test_a_played_and_archived_match_puts_its_winners_on_the_board(alice, bob, carol, dave):
    match = play_match([alice, bob, carol, dave])
    archive_match(match.pk)
    winners = {"alice", "carol"} if match.winner == 0 else {"bob", "dave"}
    assert set(names(stats.compute_leaderboard("banakil", "2v2"))) == winners


def test_the_board_is_cached_then_expires(make_user, monkeypatch):
    a, b = make_user("amal"), make_user("badr")
    finished([a], [b], players=2)
    with CaptureQueriesContext(connection) as first:
        assert names(stats.leaderboard("banakil", "1v1")) == ["amal"]
    assert len(first.captured_queries) == 1
    finished([b], [a], players=2)
    finished([b], [a], players=2)
    with CaptureQueriesContext(connection) as second:
        assert names(stats.leaderboard("banakil", "1v1")) == ["amal"]  # from the cache
    assert len(second.captured_queries) == 0
    monkeypatch.setattr(stats, "CACHE_SECONDS", 1)
    stats.cache.delete(stats.cache_key("banakil", "1v1"))
    stats.leaderboard("banakil", "1v1")
    finished([b], [a], players=2)
    time.sleep(1.2)
    assert names(stats.leaderboard("banakil", "1v1")) == ["badr", "amal"]


@pytest.mark.parametrize("language,title", [("en", "Leaderboard"), ("ar", "لوحة الصدارة")])
def test_the_page_is_public_with_filters_in_both_languages(client, make_user, language, title):
    a, b = make_user("amal"), make_user("badr")
    finished([a], [b], players=2)
    client.cookies["django_language"] = language
    page = client.get("/leaderboard/?game=banakil&mode=1v1&board=wins")
    assert page.status_code == 200
    text = page.content.decode()
    assert f"<h1>{title}</h1>" in text
    assert '<tr data-player="amal">' in text and 'href="/players/amal/"' in text
    assert '<option value="1v1" selected>' in text
    plain = html.unescape(re.sub(r"<[^>]+>", " ", text))
    assert ("One against one" if language == "en" else "واحد ضد واحد") in plain
    partners = client.get("/leaderboard/?mode=2v2&board=wins").content.decode()
    assert 'data-player="amal"' not in partners
    assert client.get("/leaderboard/?game=chess&mode=zzz").status_code == 200  # the defaults
