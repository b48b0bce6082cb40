"""Two tables of a duplicate round are dealt the same boards (the same secret, client seed,
dealer and so the same hands, as each table's Verify shows once the round is over), and while
one table has finished a board and the other has not, the other table's players cannot see
that board's result: not on the tournament's traveller or standings, not through the other
table's match page, its API or its socket (a tournament table is private), and the board's
secret stays unrevealed at both tables until the whole round is over."""

import datetime

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test.utils import override_settings
from django.utils import timezone

from games import verification
from games.models import Match
from games.models import Round as GameRound
from lobby.models import Table
from tests.games.conftest import FAST, session_cookie, step
from tournaments import duplicate_runs, presence, progress, services
from tournaments.models import Pairing, Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def start_event(make_tournament, make_user):

    players = [make_user(name) for name in "abcdefgh"]
    event = make_tournament(format="duplicate", mode="2v2", rounds=1, boards_per_round=2)
    for first, second in zip(players[::2], players[1::2], strict=True):
        pair = services.register(event.pk, first)
        services.register(event.pk, second, pair_code=pair.pair_code)
    for user in players:  # every pair is here at the start
        presence.connected(event.pk, user.pk)
    Tournament.objects.filter(pk=event.pk).update(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert progress.advance_due() == {event.pk: "started"}
    made = Round.objects.get(tournament=event)
    return event, made, list(Pairing.objects.filter(round=made).order_by("pk"))


def play_board(pairing, board):
    """Play the table until its ``board`` is finished."""
    table = Table.objects.get(pk=pairing.table_id)
    for _ in range(20000):
        rnd = GameRound.objects.filter(match_id=pairing.match_id, number=board).first()
        if rnd is not None and rnd.status == GameRound.Status.FINISHED:
            return rnd
        step(table)
    raise AssertionError("the board did not finish")


def player_of(entrant_id):
    from tournaments.models import Registration

    return Registration.objects.filter(entrant_id=entrant_id).first().user


@override_settings(**FAST)
def test_the_same_deal_at_both_tables_and_nothing_shown_before_both_finished(
    make_tournament, make_user, client_for
):
    event, made, (one, two) = start_event(make_tournament, make_user)
    first = play_board(one, 1)
    progress.advance_due()
    other = player_of(two.side_a_id)  # north at the second table, still on board 1
    web = client_for(other, "en")
    assert duplicate_runs.traveller(made, 1) is None
    assert all(s.top == 0 for s in duplicate_runs.standings(event))
    page = web.get(f"/tournaments/{event.pk}/rounds/1/boards/1/")
    assert page.status_code == 200 and 'data-testid="traveller"' not in page.content.decode()
    assert web.get(f"/history/matches/{one.match_id}/").status_code == 404
    assert web.get(f"/api/matches/{one.match_id}/").status_code == 404
    assert web.get(f"/history/rounds/{first.pk}/replay/").status_code == 404
    first.refresh_from_db()
    assert first.revealed_at is None  # the board's secret waits for the whole round
    second = play_board(two, 1)
    progress.advance_due()
    rows = duplicate_runs.traveller(made, 1)
    for row, pairing in zip(rows, (one, two), strict=True):
        points = Match.objects.get(pk=pairing.match_id).engine_match().results[0]["team_points"]
        assert (row.ns, row.ew) == (int(points[0]), int(points[1]))
    page = web.get(f"/tournaments/{event.pk}/rounds/1/boards/1/").content.decode()
    assert 'data-testid="traveller"' in page
    for rnd in (first, second):
        rnd.refresh_from_db()
        assert rnd.revealed_at is None  # board 2 is still to be played
    play_board(one, 2)
    play_board(two, 2)
    assert progress.advance_due() == {event.pk: "finished"}
    for board in (1, 2):
        records = [
            verification.round_record(GameRound.objects.get(match_id=p.match_id, number=board))
            for p in (one, two)
        ]
        for record in records:
            assert record["revealed"] and record["secret"] == made.board_secrets[board - 1]
            assert record["commitment"] == made.board_commitments[board - 1]
            assert record["client_seed"] == f"{event.pk}-1-b{board}"
        for key in ("secret", "client_seed", "dealer", "first_dealer", "options"):
            assert records[0][key] == records[1][key]
        dealt = [r["recorded"] for r in records]
        assert dealt[0]["deck"] == dealt[1]["deck"] and len(dealt[0]["deck"]) == 106
        assert dealt[0]["hands"] == dealt[1]["hands"]
    assert Match.objects.filter(status=Match.Status.FINISHED).count() == 2


@override_settings(**FAST)
@pytest.mark.asyncio
async def test_the_other_tables_socket_is_refused_to_a_player_of_the_round(
    make_tournament, make_user
):
    from sahrat.asgi import application

    event, made, (one, two) = await sync_to_async(start_event)(make_tournament, make_user)
    await sync_to_async(play_board)(one, 1)
    other = await sync_to_async(player_of)(two.side_a_id)
    headers = [
        (b"origin", b"http://127.0.0.1"),
        (b"host", b"127.0.0.1"),
        (b"cookie", await sync_to_async(session_cookie)(other)),
    ]
    ws = WebsocketCommunicator(application, f"/ws/table/{one.table_id}/", headers=headers)
    connected, _ = await ws.connect()
    assert connected
    closed = await ws.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4403}
    await ws.disconnect()
