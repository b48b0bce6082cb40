"""A duplicate event of four pairs on two tables × three boards of Banakil partners, played at
real live tables by bots (in-process, through the live layer's services as the Celery tasks
would). Both tables' matches are dealt from the round's three board secrets with the shared
seeds; north-south pairs are compared with north-south, east-west with east-west, by net
score; the secrets are revealed only once both tables finished; the pot is paid by the
matchpoint order.

At the first table every player is the medium bot, at the second the easy bot, so the same
cards are played differently. The deals are pinned (secrets from a counter, not the OS, and
client seeds that do not name the event, whose number depends on the tests run before) so the
bots play the same boards every run and the matchpoints can be worked out by hand below;
if the engine or the bots change, the first check names the new board scores."""

import pytest
from django.test.utils import override_settings

from accounts import coins
from games.models import Match
from games.models import Round as GameRound
from lobby.models import Table
from tests.games.conftest import FAST
from tests.tournaments.conftest import play_by_bots
from tournaments import duplicate_runs, progress
from tournaments.models import Pairing, Registration

pytestmark = pytest.mark.django_db


@override_settings(**FAST)
def test_four_pairs_play_the_same_three_boards_and_are_paid_by_matchpoints(
    pinned_secrets, make_tournament, make_user, start_with
):
    players = [make_user(name) for name in "abcdefgh"]
    event = make_tournament(format="duplicate", mode="2v2", rounds=1, boards_per_round=3)
    made = start_with(event, players)  # every pair here
    one, two = Pairing.objects.filter(round=made).order_by("pk")
    play_by_bots((one, two), "banakil")
    for pairing in (one, two):
        match = Match.objects.get(pk=pairing.match_id)
        assert match.status == Match.Status.FINISHED and match.rounds.count() == 3
    assert progress.advance_due() == {event.pk: "finished"}
    names = dict(event.entrants.values_list("pk", "name"))
    # table 1: A & B north-south against G & H; table 2: E & F north-south against C & D
    assert [(names[p.side_a_id], names[p.side_b_id]) for p in (one, two)] == [
        ("A & B", "G & H"),
        ("E & F", "C & D"),
    ]
    travellers = [
        [(r.ns, r.ew) for r in duplicate_runs.traveller(made, board)] for board in (1, 2, 3)
    ]
    assert travellers == [
        [(20, 56), (29, 56)],  # NS nets -36 and -27: E & F 2, A & B 0; EW G & H 2, C & D 0
        [(44, 23), (46, 19)],  # NS +21 and +27: E & F 2; EW -21 beats -27: G & H 2
        [(53, 39), (32, 59)],  # NS +14 beats -27: A & B 2; EW +27 beats -14: C & D 2
    ]
    event.refresh_from_db()
    rows = [
        (names[s.side], s.matchpoints, s.top, s.percent, s.imps)
        for s in duplicate_runs.standings(event)
    ]
    # 4 of 6 for E & F and G & H (66.67%), 2 of 6 for A & B and C & D. The first two boards'
    # differences (9 and 6 points) are under 20: 0 IMPs; the third's 41 is 1 IMP, won by A & B
    # and C & D. Ties go to the pair registered first (E & F before G & H).
    assert rows == [
        ("E & F", 4, 6, 66.67, -1.0),
        ("G & H", 4, 6, 66.67, -1.0),
        ("A & B", 2, 6, 33.33, 1.0),
        ("C & D", 2, 6, 33.33, 1.0),
    ]
    # the pot 800 less the house's 80: 360 / 216 / 144, each pair's share halved
    assert [coins.coin_balance(u) for u in players] == [472, 472, 400, 400, 580, 580, 508, 508]
    # every board's secret is revealed at both tables once the round is done
    rounds = GameRound.objects.filter(match_id__in=(one.match_id, two.match_id))
    assert rounds.count() == 6 and all(r.revealed_at for r in rounds)
    assert all(not t.private for t in Table.objects.filter(pk__in=(one.table_id, two.table_id)))
    assert coins.audit().ok
    assert Registration.objects.count() == 8
