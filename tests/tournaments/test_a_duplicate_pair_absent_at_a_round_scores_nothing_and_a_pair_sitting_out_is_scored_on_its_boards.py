"""Duplicate with five pairs over two rounds of two boards of Banakil partners, played at real
live tables by bots. I & J are not here when round 1 starts: they are not seated, the four
pairs here play two tables, and I & J are charged 0 matchpoints on each of the round's boards
out of the board's top (as a Swiss scores an absence a loss). They are back for round 2: five
pairs, so two tables and one pair sits the round out; a pair sitting out has no result on the
round's boards and is scored on the boards it played (its percentage over its own top).

The deals are pinned (``pinned_secrets``) so the bots play the same boards every run; the
matchpoints are worked out by hand below."""

import pytest
from django.test.utils import override_settings

from accounts import coins
from tests.games.conftest import FAST
from tests.tournaments.conftest import play_by_bots, start_now
from tournaments import duplicate_runs, progress
from tournaments.models import Pairing, Round, Tournament

pytestmark = pytest.mark.django_db


@override_settings(**FAST)
def test_an_absent_pair_is_charged_its_boards_and_a_pair_sitting_out_keeps_its_percentage(
    pinned_secrets, make_tournament, make_user, here, client_for, enter_teams
):
    players = [make_user(name) for name in "abcdefghij"]
    event = make_tournament(
        format="duplicate", mode="2v2", rounds=2, boards_per_round=2, capacity=10
    )
    enter_teams(event, players)
    here(event, *players[:8])  # I & J are not here
    start_now(event)
    names = dict(event.entrants.values_list("pk", "name"))
    played = []
    assert progress.advance_due() == {event.pk: "started"}
    for number, then in ((1, "paired"), (2, "finished")):
        made = Round.objects.get(tournament=event, number=number)
        pairings = list(Pairing.objects.filter(round=made).order_by("pk"))
        play_by_bots([p for p in pairings if p.side_b_id], "banakil")
        played.append(
            [(names[p.side_a_id], names[p.side_b_id] if p.side_b_id else None) for p in pairings]
        )
        here(event, *players[8:])  # I & J are back for round 2
        assert progress.advance_due() == {event.pk: then}
    # round 1: four pairs here move among themselves, I & J have a lone (absent) pairing;
    # round 2: five pairs, E & F sit out
    assert played == [
        [("A & B", "G & H"), ("E & F", "C & D"), ("I & J", None)],
        [("C & D", "A & B"), ("I & J", "G & H")],
    ]
    event.refresh_from_db()
    rounds = list(event.round_set.order_by("number"))
    travellers = [
        [(r.ns, r.ew) for r in duplicate_runs.traveller(m, b)] for m in rounds for b in (1, 2)
    ]
    assert travellers == [
        [(20, 56), (29, 56)],  # NS -36, -27: E & F 2, A & B 0; EW +36, +27: G & H 2, C & D 0
        [(44, 23), (46, 19)],  # NS +21, +27: E & F 2; EW -21 beats -27: G & H 2
        [(61, 25), (62, 16)],  # NS +36, +46: I & J 2, C & D 0; EW -36 beats -46: A & B 2
        [(46, 31), (23, 51)],  # NS +15 beats -28: C & D 2; EW +28 beats -15: G & H 2
    ]
    rows = [
        (names[s.side], s.matchpoints, s.top, s.percent) for s in duplicate_runs.standings(event)
    ]
    # each board's top is 2 (one other pair in the direction). E & F: 2 + 2 in round 1, and
    # sat out round 2: 4 of 4, 100%. G & H: 2 + 2 + 0 + 2 = 6 of 8. A & B: 0 + 0 + 2 + 0,
    # C & D: 0 + 0 + 0 + 2: 2 of 8 each. I & J: absent in round 1, charged 0 of 2 on each of
    # its boards, then 2 + 0: 2 of 8. The three at 25% in registration order.
    assert rows == [
        ("E & F", 4, 4, 100.0),
        ("G & H", 6, 8, 75.0),
        ("A & B", 2, 8, 25.0),
        ("C & D", 2, 8, 25.0),
        ("I & J", 2, 8, 25.0),
    ]
    # the pot 1000 less the house's 100: 450 / 270 / 180, each pair's share halved
    assert [coins.coin_balance(u) for u in players] == [
        490, 490, 400, 400, 625, 625, 535, 535, 400, 400,
    ]  # fmt: skip
    assert event.state == Tournament.State.FINISHED and coins.audit().ok
    page = client_for(players[8], "en").get(f"/tournaments/{event.pk}/").content.decode()
    assert "Round 1 · — · absent" in page and "Round 2 · <bdi>G &amp; H</bdi> · 2 boards" in page
