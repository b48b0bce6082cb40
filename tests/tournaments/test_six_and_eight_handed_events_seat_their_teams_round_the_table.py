"""Six-handed Pinochle is two teams of three, eight-handed four pairs: an event's side is a team
that registers together with its pair code, and side t's j-th player sits at seat
t + sides × j, so the game's side of every seat (``seat % sides``) is the entrant's place at
the table: six-handed A B A B A B, eight-handed A B C D A B C D (partners across)."""

import pytest

from games.models import Match
from tests.tournaments.conftest import start_now
from tournaments import progress, services
from tournaments.models import Pairing, Registration, Tournament, table_shape
from tournaments.refusals import TournamentRefusal

pytestmark = pytest.mark.django_db


def test_every_mode_has_its_table_shape():
    shapes = {
        mode: table_shape("pinochle", mode)
        for mode in ("two", "single", "double", "three", "cutthroat", "six", "eight")
    }
    assert shapes == {
        "two": (2, 1),
        "single": (2, 2),
        "double": (2, 2),
        "three": (3, 1),
        "cutthroat": (3, 1),
        "six": (2, 3),
        "eight": (4, 2),
    }
    assert table_shape("banakil", "1v1") == (2, 1) and table_shape("banakil", "2v2") == (2, 2)


def seated(pairing):
    """The table's players, seat by seat."""
    return [seat["user"] for seat in Match.objects.get(pk=pairing.match_id).seats]


def team(entrant_id):
    """A side's players in the order they registered."""
    return list(
        Registration.objects.filter(entrant_id=entrant_id)
        .order_by("pk")
        .values_list("user_id", flat=True)
    )


def test_a_six_handed_swiss_seats_two_teams_of_three_every_other_seat(
    make_tournament, make_user, here, enter_teams
):
    users = [make_user(f"six{n}") for n in range(6)]
    event = make_tournament(game="pinochle", mode="six", rounds=1, capacity=8)
    enter_teams(event, users, 3)
    with pytest.raises(TournamentRefusal) as full:
        services.register(
            event.pk, make_user("seventh"), pair_code=event.entrants.first().pair_code
        )
    assert full.value.code == "pair_full"  # a team of three is whole
    here(event, *users)
    start_now(event)
    assert progress.advance_due() == {event.pk: "started"}
    pairing = Pairing.objects.get(tournament=event)
    a, b = team(pairing.side_a_id), team(pairing.side_b_id)
    assert sorted([a, b]) == [[u.pk for u in users[:3]], [u.pk for u in users[3:]]]
    assert seated(pairing) == [a[0], b[0], a[1], b[1], a[2], b[2]]


def test_an_eight_handed_arena_seats_four_pairs_partners_across(
    make_tournament, make_user, here, enter_teams
):
    users = [make_user(f"eight{n}") for n in range(8)]
    event = make_tournament(
        game="pinochle", mode="eight", format="arena", minutes=30, rounds=None, capacity=8
    )
    enter_teams(event, users)
    here(event, *users)
    start_now(event)
    assert progress.advance_due() == {event.pk: "started"}
    pairing = Pairing.objects.get(tournament=event)
    teams = [team(side) for side in pairing.sides]
    assert sorted(teams) == [[u.pk for u in users[n : n + 2]] for n in range(0, 8, 2)]
    assert seated(pairing) == [t[0] for t in teams] + [t[1] for t in teams]


@pytest.mark.parametrize(
    ("game", "mode"),
    [("pinochle", "three"), ("pinochle", "cutthroat"), ("pinochle", "six"), ("banakil", "1v1")],
)
def test_a_duplicate_event_in_a_mode_without_pairs_is_refused(make_tournament, game, mode):
    with pytest.raises(TournamentRefusal) as refused:
        make_tournament(game=game, mode=mode, format="duplicate")
    assert refused.value.code == "duplicate_needs_pairs"
    assert not Tournament.objects.exists()
