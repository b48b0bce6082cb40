"""A match started with set deals (a duplicate board's secret and shared client seed, as a
tournament starts its tables) deals each round from its deal with no seed wait, ends after
the last deal (the side ahead wins), and reveals no secret by itself: whoever set the deals
reveals them (``live.reveal``)."""

import pytest

from games import fair, live
from games.models import Match

from .conftest import play_to_the_end

pytestmark = pytest.mark.django_db


def test_set_deals_are_dealt_in_order_and_the_match_stops_after_the_last(alice, bob, carol, dave):
    from lobby import services as lobby

    deals = [{"secret": fair.new_secret(), "client_seed": f"7-1-b{n}"} for n in (1, 2)]
    table = lobby.create_table(alice, {"players": 4, "target": 2000})
    for user in (bob, carol, dave):
        lobby.sit(user, table)
    live.start(alice, table.pk, deals)
    match = play_to_the_end(table)
    assert match.status == Match.Status.FINISHED
    rounds = list(match.rounds.order_by("number"))
    assert [(r.secret, r.client_seed) for r in rounds] == [
        (d["secret"], d["client_seed"]) for d in deals
    ]
    assert [r.commitment for r in rounds] == [fair.commitment(d["secret"]) for d in deals]
    totals = [float(t) for t in match.totals]
    assert match.winner == (None if totals[0] == totals[1] else totals.index(max(totals)))
    assert all(r.revealed_at is None for r in rounds)
    live.reveal(rounds[0].pk)
    rounds[0].refresh_from_db()
    assert rounds[0].revealed_at is not None
