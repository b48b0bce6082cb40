"""A match played to its end and archived counts in each player's statistics, per game and mode:
matches, wins, win rate, rounds gone out («تخلّص»), all-in-one-turn rounds («نزلة وحدة») and the
coins won at the stake; on the profile (through the games template tag) and on the public player
page, in both languages. An abandoned match is no finished match."""

from __future__ import annotations

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import CoinEntry, StakeLevel
from games import live
from games.archive import archive_match
from games.models import Archive, Match, Round
from games.stats import player_stats
from tests.games.conftest import start_table, step
from tests.history.conftest import play_match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coin_rules")]  # earns coins


def expected(match: Match, seat: int) -> dict[str, int]:
    rounds = [r.result for r in Round.objects.filter(match=match) if r.result]
    out = [r for r in rounds if r["out_seat"] == seat]
    return {"went_out": len(out), "nazlas": sum(1 for r in out if r["nazla"])}


def earned(user, match: Match) -> int:
    """What the earning rules credited the user's wallet for the match, read from the ledger."""
    return sum(
        CoinEntry.objects.filter(
            account__user=user, transaction__match_id=match.pk, transaction__kind="earn"
        ).values_list("amount", flat=True)
    )


def signed(amount: int) -> str:
    """A coin figure as the pages show it: ``+50``, ``0``, ``-100``."""
    return f"+{amount}" if amount > 0 else str(amount)


def row(text: str, game: str, mode: str) -> dict[str, str]:
    found = re.search(
        rf'<section class="stat-line" data-game="{game}" data-mode="{mode}">(.*?)</section>',
        text,
        re.S,
    )
    assert found, (game, mode)
    cells = re.findall(r'data-stat="(\w+)">(.*?)</dd>', found.group(1), re.S)
    return {k: html.unescape(re.sub(r"<[^>]+>", "", v)).strip() for k, v in cells}


def test_each_player_of_a_finished_match_has_it_counted(alice, bob, carol, dave):
    match = play_match([alice, bob, carol, dave])
    archive_match(match.pk)
    match.refresh_from_db()
    assert match.mode == "2v2"
    for seat, user in enumerate([alice, bob, carol, dave]):
        [line] = player_stats(user)
        won = match.winner == seat % 2
        assert (line.game, line.mode, line.matches, line.wins) == ("banakil", "2v2", 1, int(won))
        assert line.win_rate == (100 if won else 0)
        assert {"went_out": line.went_out, "nazlas": line.nazlas} == expected(match, seat)
        assert line.coins == 0 and line.abandoned == 0
    total_out = sum(line.went_out for u in (alice, bob, carol, dave) for line in player_stats(u))
    assert total_out == sum(
        1 for r in match.rounds.all() if r.result and r.result["out_seat"] is not None
    )


def test_a_coin_match_counts_the_stake_result_and_modes_stay_apart(alice, bob, carol, dave):
    StakeLevel.objects.get_or_create(amount=100)
    coin = play_match([alice, bob], {"players": 2, "stake": 100})
    archive_match(coin.pk)
    free = play_match([alice, bob, carol, dave])
    archive_match(free.pk)
    summary = Archive.objects.get(match=coin).summary
    lines = {line.mode: line for line in player_stats(alice)}
    assert set(lines) == {"1v1", "2v2"}
    assert lines["1v1"].coins == summary["coins"][str(alice.pk)] != 0
    assert lines["2v2"].coins == 0
    assert lines["1v1"].matches == lines["2v2"].matches == 1


def test_an_abandoned_match_is_counted_apart(alice, bob):
    table = start_table([alice, bob], {"players": 2, "target": 30})
    for _ in range(6):
        step(table)
    live.leave(alice, table.pk)
    live.leave(bob, table.pk)
    match = Match.objects.get(table=table)
    assert match.status == Match.Status.ABANDONED
    archive_match(match.pk)
    [line] = player_stats(alice)
    assert (line.matches, line.wins, line.abandoned, line.win_rate) == (0, 0, 1, None)


def test_the_statistics_take_the_same_few_queries_however_many_matches(alice, bob, carol, dave):
    archive_match(play_match([alice, bob, carol, dave]).pk)
    with CaptureQueriesContext(connection) as queries:
        player_stats(alice)
    one = len(queries.captured_queries)
    for _ in range(2):
        archive_match(play_match([alice, bob, carol, dave]).pk)
    with CaptureQueriesContext(connection) as queries:
        player_stats(alice)
    assert len(queries.captured_queries) == one <= 3  # the rows, the ledger, the settled


@pytest.mark.parametrize("language,title", [("en", "Statistics"), ("ar", "الإحصائيات")])
def test_the_profile_and_the_public_page_show_them(
    alice, bob, carol, dave, client_for, client, language, title
):
    match = play_match([alice, bob, carol, dave])
    archive_match(match.pk)
    [line] = player_stats(alice)
    want = {
        "matches": "1",
        "wins": str(line.wins),
        "win_rate": f"{line.win_rate}%",
        "went_out": str(line.went_out),
        "nazlas": str(line.nazlas),
        "coins": "0",
        # a gain shows its sign; none shows 0 (a match where alice's turns were mostly played
        # for her earns nothing: games.settlement.grant_for_play)
        "earned": signed(earned(alice, match)),
    }
    profile = client_for(alice, language).get("/accounts/profile/").content.decode()
    assert title in profile and row(profile, "banakil", "2v2") == want
    assert 'href="/players/alice/"' in profile
    client.cookies["django_language"] = language
    public = client.get("/players/alice/")  # public: no login needed
    assert public.status_code == 200
    text = public.content.decode()
    assert "Alice" in text and row(text, "banakil", "2v2") == want
    assert client.get("/players/nobody/").status_code == 404
