"""Live-table fixtures: started tables, a websocket for a user, and a driver that plays a match
through the service layer exactly as the Celery tasks would (bots, time-outs, next rounds)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.test.utils import override_settings

from accounts.models import User
from games import live
from games.models import Action, Match, Round
from lobby import services as lobby
from lobby.models import Table

FAST = {
    "SAHRAT_SEED_SECONDS": 0,
    "SAHRAT_BOT_SECONDS": 0,
    "SAHRAT_BOT_STEP_SECONDS": 0,
    "SAHRAT_ROUND_BREAK_SECONDS": 0,
    "SAHRAT_AWAY_GRACE_SECONDS": 0,
}


@pytest.fixture(autouse=True)
def fast_table_timings():
    with override_settings(**FAST):
        yield


def start_table(
    players: list[User],
    options: dict[str, Any] | None = None,
    bots_fill: bool = False,
    game: str = "banakil",
) -> Table:
    """A started table of ``game``: ``players`` sit in seats 0.. in order; bots fill the rest if
    asked."""
    table = lobby.create_table(players[0], options or {}, game)
    for user in players[1:]:
        lobby.sit(user, table)
    if bots_fill:
        lobby.fill_with_bots(players[0], table)
    live.start(players[0], table.pk)
    return Table.objects.get(pk=table.pk)


def latest_round(table: Table) -> Round:
    return (
        Round.objects.select_related("match")
        .filter(match__table=table)
        .order_by("-match_id", "-number")
        .first()
    )


def deal_now(table: Table) -> Round:
    """End the seed wait (the deal_round task's job)."""
    live.deal_due(latest_round(table).pk)
    return latest_round(table)


def step(table: Table, choose: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> bool:
    """Play one thing the way the platform would: a bot's or a human's move (``choose(view)``,
    by default the game's bot), the deal, or the next round. False when the match is over."""
    match = Match.objects.get(table=table)
    if match.status != Match.Status.PLAYING:
        live.close_table(table.pk)  # the match-ending move's after-commit job
        return False
    rnd = latest_round(table)
    if rnd.status == Round.Status.SEEDING:
        live.deal_due(rnd.pk)
        return True
    if rnd.status == Round.Status.FINISHED:
        live.next_round(match.pk, rnd.number + 1)
        return True
    seat = rnd.turn_seat
    if match.seats[seat]["bot"]:
        live.bot_moves(rnd.pk, rnd.turn_no, rnd.event_no)
        return True
    user = User.objects.get(pk=match.seats[seat]["user"])
    view = live.snapshot(table.pk, user)["view"]
    live.play(table.pk, user, (choose or match.game_entry.bot)(view), rnd.turn_no)
    return True


def play_to_the_end(
    table: Table,
    limit: int = 20000,
    choose: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> Match:
    """Every step of the match (``choose`` plays the humans' seats, by default the game's
    bot)."""
    for _ in range(limit):
        if not step(table, choose):
            break
    return Match.objects.get(table=table)


def legitimate_views(match: Match) -> dict[tuple[int, int | None], set[str]]:
    """(round number, seat) -> every view the engine could have shown that seat in that round."""
    views: dict[tuple[int, int | None], set[str]] = {}
    for rnd in match.rounds.exclude(state=None):
        engine = match.game_entry.deal(
            match.game_options, rnd.dealer, secret=rnd.secret, client_seed=rnd.client_seed
        )
        seats = [*range(match.players), None]
        actions = [None, *Action.objects.filter(round=rnd).order_by("seq")]
        for action in actions:
            if action is not None:
                engine.apply(action.seat, action.payload)
            for seat in seats:
                views.setdefault((rnd.number, seat), set()).add(
                    json.dumps(engine.view(seat), sort_keys=True)
                )
    return views


async def drain(ws: WebsocketCommunicator) -> list[dict[str, Any]]:
    """Every message waiting (receive_nothing does not cancel the app on a time-out)."""
    out = []
    while not await ws.receive_nothing(timeout=1.0):
        out.append(await ws.receive_json_from())
    return out


def session_cookie(user: User) -> bytes:
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return f"sessionid={client.cookies['sessionid'].value}".encode()


@pytest.fixture
def socket() -> Callable[..., WebsocketCommunicator]:
    from sahrat.asgi import application

    async def open_socket(user: User | None, table: Table) -> WebsocketCommunicator:
        headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
        if user is not None:
            headers.append((b"cookie", await sync_to_async(session_cookie)(user)))
        return WebsocketCommunicator(application, f"/ws/table/{table.pk}/", headers=headers)

    return open_socket
