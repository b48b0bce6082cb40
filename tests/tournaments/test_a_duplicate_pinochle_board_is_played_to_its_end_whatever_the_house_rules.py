"""A duplicate board is compared across tables, so no table's match may end before its last
board: Pinochle's pinochling (a side that takes every trick wins the match) and the minus
target are off at a duplicate table even when the event's table options ask for them, and the
target is out of reach. The other house rules stay as the event set them."""

import pytest

from games.models import Match
from tests.tournaments.conftest import start_now
from tournaments import progress
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


def test_pinochling_and_the_minus_target_are_off_at_a_duplicate_table(
    make_tournament, make_user, here, enter_teams
):
    players = [make_user(name) for name in "abcd"]
    event = make_tournament(
        game="pinochle",
        mode="single",
        format="duplicate",
        rounds=1,
        boards_per_round=2,
        table_options={"pinochling": True, "minus_target_loses": True, "pass_cards": 3},
    )
    enter_teams(event, players)
    here(event, *players)  # every pair is here at the start
    start_now(event)
    assert progress.advance_due() == {event.pk: "started"}
    table = Pairing.objects.get(tournament=event)
    options = Match.objects.get(pk=table.match_id).game_options
    assert (options.pinochling, options.minus_target_loses) == (False, False)
    assert (options.target, options.pass_cards) == (10_000, 3)
