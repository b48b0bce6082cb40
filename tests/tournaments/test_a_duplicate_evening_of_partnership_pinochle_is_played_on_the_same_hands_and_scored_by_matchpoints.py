"""A duplicate event of partnership Pinochle (one deck): four pairs on two tables × three
boards, played at real live tables by bots (in-process, as the Celery tasks would). Board n is
the same deck at both tables, dealt by the same dealer, so every seat holds the same thirteen
cards at both; north-south pairs are compared with north-south, east-west with east-west, by
net score; the pot is paid by the matchpoint order.

The medium bot plays at the first table, the easy bot at the second. The deals are pinned
(``pinned_secrets``), so the boards and the bots' play are the same every run and the
matchpoints are worked out by hand below; if the engine or the bots change, the traveller check
names the new board scores."""

import pytest
from django.test.utils import override_settings

from accounts import coins
from games import registry
from games.models import Match
from games.models import Round as GameRound
from tests.games.conftest import FAST
from tests.tournaments.conftest import play_by_bots
from tournaments import duplicate_runs, progress
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

BOARDS = 3


def dealt_hands(match_id: int | None) -> list[list[list[str]]]:
    """Each board's four hands as dealt at a table (seat by seat)."""
    game = registry.get("pinochle")
    return [
        game.dealt(r.state)["recorded"]["hands"]
        for r in GameRound.objects.filter(match_id=match_id).order_by("number")
    ]


@override_settings(**FAST)
def test_four_pinochle_pairs_play_the_same_hands_and_are_paid_by_matchpoints(
    pinned_secrets, make_tournament, make_user, start_with
):
    players = [make_user(name) for name in "abcdefgh"]
    event = make_tournament(
        game="pinochle", mode="single", format="duplicate", rounds=1, boards_per_round=BOARDS
    )
    made = start_with(event, players)  # every pair here
    one, two = Pairing.objects.filter(round=made).order_by("pk")
    names = dict(event.entrants.values_list("pk", "name"))
    # the movement's first round: A & B north-south against G & H, E & F against C & D
    tables = [(names[p.side_a_id], names[p.side_b_id]) for p in (one, two)]
    assert tables == [("A & B", "G & H"), ("E & F", "C & D")]
    play_by_bots((one, two), "pinochle")
    for pairing in (one, two):
        match = Match.objects.get(pk=pairing.match_id)
        assert match.status == Match.Status.FINISHED and match.rounds.count() == BOARDS
    # board n: the same thirteen cards in the same seat at both tables (and not a redeal)
    hands_one, hands_two = dealt_hands(one.match_id), dealt_hands(two.match_id)
    assert len(hands_one) == BOARDS and hands_one == hands_two
    assert all(len(hand) == 12 for board in hands_one for hand in board)
    assert progress.advance_due() == {event.pk: "finished"}
    travellers = [
        [(r.ns, r.ew) for r in duplicate_runs.traveller(made, board)]
        for board in range(1, BOARDS + 1)
    ]
    assert travellers == [
        [(22, 23), (22, 23)],  # NS nets -1 and -1: a tie, 1 each; EW +1 and +1: 1 each
        [(29, 22), (25, 26)],  # NS +7 beats -1: A & B 2, E & F 0; EW +1 beats -7: C & D 2
        [(16, 27), (15, 28)],  # NS -11 beats -13: A & B 2; EW +13 beats +11: C & D 2
    ]
    event.refresh_from_db()
    rows = [
        (names[s.side], s.matchpoints, s.top, s.percent, s.imps)
        for s in duplicate_runs.standings(event)
    ]
    # A & B and C & D: 1 + 2 + 2 = 5 of 6 (83.33%); E & F and G & H: 1 + 0 + 0 = 1 of 6
    # (16.67%). The differences (0, 8 and 2 points) are under the scale's first step (20): no
    # IMPs. Ties go to the pair registered first (A & B before C & D, E & F before G & H).
    assert rows == [
        ("A & B", 5, 6, 83.33, 0.0),
        ("C & D", 5, 6, 83.33, 0.0),
        ("E & F", 1, 6, 16.67, 0.0),
        ("G & H", 1, 6, 16.67, 0.0),
    ]
    # 500 each less the 100 fee; the pot 800 less the house's 80 is 720: 360 / 216 / 144 for
    # the first three pairs, each pair's share halved (180, 108, 72)
    assert [coins.coin_balance(u) for u in players] == [580, 580, 508, 508, 472, 472, 400, 400]
    # each board's secret is revealed at both tables once both finished the round
    rounds = GameRound.objects.filter(match_id__in=(one.match_id, two.match_id))
    assert rounds.count() == 2 * BOARDS and all(r.revealed_at for r in rounds)
    assert sorted({r.commitment for r in rounds}) == sorted(made.board_commitments)
    assert coins.audit().ok
