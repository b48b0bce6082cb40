"""A new state's messages take every seat's view and the public one at once (``Round.views``:
Pinochle builds the parts all seats share once). Each must be exactly the seat's own
``view(seat)``, for every seat and the public view, at every step of random play, in every
variant of both games: nothing of one seat's hand may reach another's."""

import random

import pytest

from games import banakil, pinochle
from games.banakil import bots

PINOCHLE = [
    pinochle.Options(),
    pinochle.Options(variant="double", pass_cards=2),
    pinochle.Options(variant="three"),
    pinochle.Options(variant="two"),
    pinochle.Options(variant="cutthroat"),
    pinochle.Options(variant="six"),
    pinochle.Options(variant="eight", pass_cards=3),
    pinochle.Options(kitty="declarer"),
    pinochle.Options(kitty="deal_out"),
]


def views_alone(r) -> list[dict]:
    return [r.view(seat) for seat in range(r.players)] + [r.view(None)]


@pytest.mark.parametrize("options", PINOCHLE, ids=lambda o: f"{o.variant}-{o.kitty}")
def test_every_pinochle_view_at_once_is_the_view_alone(options):
    rng = random.Random(11)
    for k in range(3):
        r = pinochle.Round.deal(options, k % options.players, secret=f"{k + 70:064x}")
        while True:
            together = r.views()
            assert together == views_alone(r)
            assert [view["seat"] for view in together] == [*range(r.players), None]
            assert "hand" not in together[-1]
            if r.turn is None:
                break
            r.apply(r.turn, rng.choice(r.legal_actions()))


def test_every_banakil_view_at_once_is_the_view_alone():
    r = banakil.Round.deal(banakil.Options(players=4), dealer=0, secret=f"{3:064x}")
    for _ in range(300):  # the baseline bot's actions (a hand's draws, melds and throws)
        assert r.views() == views_alone(r)
        if r.result is not None:
            break
        r.apply(r.turn, bots.next_action(r.view(r.turn)))
