"""A Pinochle hand thrown in for nines, through the live layer: every seat's state and the
spectators' carry the round's number, the seat dealt the nines and exactly those nines (public
once the hand is thrown in) and no other card of any hand; the next round is the next number,
dealt by the same dealer (docs/rules/pinochle.md, "Misdeal"; issue #35, item 6)."""

import pytest

from games import fair, live
from games.models import Match, Round

from .conftest import deal_now, latest_round, start_table

pytestmark = pytest.mark.django_db


def a_redeal_secret(match: Match) -> str:
    """A secret whose first deal (no seeds in) gives some seat five nines or more."""
    game, options = match.game_entry, match.game_options
    seed = fair.client_seed([""] * match.players)
    while True:
        secret = fair.new_secret()
        dealer = game.match_from_draw(options, secret, seed).dealer
        if game.deal(options, dealer, secret=secret, client_seed=seed).over:
            return secret


def test_every_seat_and_the_spectators_see_the_seat_and_its_nines(alice, outsider):
    table = start_table([alice], {"turn_seconds": 300}, bots_fill=True, game="pinochle")
    match = Match.objects.get(table=table)
    secret = a_redeal_secret(match)
    Round.objects.filter(match=match, number=1).update(
        secret=secret, commitment=fair.commitment(secret)
    )
    rnd = deal_now(table)
    assert rnd.status == Round.Status.FINISHED and rnd.number == 1
    hands = match.game_entry.round_from_json(rnd.state).hands
    seat = next(n for n, hand in enumerate(hands) if sum(c[0] == "9" for c in hand) >= 5)
    nines = sorted(c for c in hands[seat] if c[0] == "9")

    mine, public = live.snapshot(table.pk, alice), live.snapshot(table.pk, outsider)
    assert mine["you"] == 0 and public["you"] is None
    for state in (mine, public):
        assert state["round_no"] == 1
        result = state["view"]["result"]
        assert result["reason"] == "redeal" and result["redeal_seat"] == seat
        assert sorted(result["redeal_cards"]) == nines
    assert "hand" not in public["view"]
    others = {c for n, hand in enumerate(hands) if n != seat for c in hand}
    shown = str(public)
    assert not [c for c in others - set(nines) if f"'{c}'" in shown]

    live.next_round(match.pk, 2)
    deal_now(table)
    second = latest_round(table)
    assert second.number == 2 and second.dealer == rnd.dealer
    assert live.snapshot(table.pk, alice)["round"]["number"] == 2
