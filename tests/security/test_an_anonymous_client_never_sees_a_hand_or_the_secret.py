"""A client with no session, through a whole match, gets no hand and no secret from any page or
API it can reach (the lobby, the table page and card, the API, Verify, history and replay), and no
table socket at all. (Seats, the partner and a spectator: tests/games/test_no_seat_ever_sees_
another_seats_cards.py; logged-in pages: tests/verify/test_the_secret_is_absent_until_the_round_
ends.py.)"""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.test.utils import override_settings
from django.utils.html import escape

from games.models import Match, Round
from tests.games.conftest import FAST, start_table, step

pytestmark = pytest.mark.django_db


def pages(table, match, rnd) -> list[str]:
    return [
        "/",
        f"/tables/{table.pk}/",
        f"/tables/{table.pk}/card/",
        "/api/tables/",
        f"/api/tables/{table.pk}/",
        "/api/matches/",
        f"/api/matches/{match.pk}/",
        f"/api/rounds/{rnd.pk}/verify",
        "/history/",
        f"/history/matches/{match.pk}/",
        f"/history/rounds/{rnd.pk}/replay/",
        f"/verify/{rnd.pk}/",
        f"/verify/{rnd.pk}/round.json",
    ]


def hidden(rnd: Round) -> list[str]:
    """The round's secret and, once dealt, every seat's hand as JSON (and HTML-escaped)."""
    out = [rnd.secret]
    if rnd.state:
        engine = rnd.engine()
        hands = [json.dumps(engine.view(seat)["hand"]) for seat in range(engine.players)]
        out += [form for hand in hands if hand != "[]" for form in (hand, escape(hand))]
    return out


def socket_refused(table) -> bool:
    from sahrat.asgi import application

    async def connect() -> bool:
        ws = WebsocketCommunicator(
            application,
            f"/ws/table/{table.pk}/",
            headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")],
        )
        await ws.connect()
        # the first thing the socket says is its close (4401): no state came before it
        return await ws.receive_output(timeout=5) == {"type": "websocket.close", "code": 4401}

    return async_to_sync(connect)()


def test_an_anonymous_client_gets_nothing_hidden_from_any_page_during_a_whole_match(alice, bob):
    visitor = Client()
    with override_settings(**FAST):
        table = start_table([alice, bob], {"players": 2, "target": 30})
        match = Match.objects.get(table=table)
        checked = set()
        while step(table):
            rnd = Round.objects.filter(match=match).order_by("-number").first()
            if rnd.status == Round.Status.FINISHED or rnd.action_count % 5 == 1:
                secrets = hidden(rnd)
                for url in pages(table, match, rnd):
                    text = visitor.get(url).content.decode()
                    assert '"hand"' not in text, url
                    for secret in secrets:
                        assert secret not in text, url
                checked.add(rnd.status)
        assert checked == {Round.Status.PLAYING, Round.Status.FINISHED}
        assert socket_refused(table)
