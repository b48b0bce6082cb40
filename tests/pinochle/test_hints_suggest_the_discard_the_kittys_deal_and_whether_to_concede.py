"""Hints in the kitty's and concession's phases (issue #30), on the seat's own turn only: the cards
to put aside (the kitty's four; the safe non-trumps first), the kitty's card for each seat (the
best to the declarer, the next to its partner), and whether to concede (only when the declaring
side's meld and every counter cannot reach the contract). The baseline bot makes the same
choices, and each is an action the round accepts."""

from games.pinochle import Round, bots, hints

from .helpers import auction, trump
from .kitty_helpers import kitty_round
from .test_a_conceded_hand_scores_minus_the_contract_and_the_others_whole_meld import (
    conceding_round,
)
from .test_a_kitty_dealt_out_gives_each_seat_one_card import GIVEN, HANDS, KITTY
from .test_a_kitty_to_the_declarer_counts_its_discard_for_the_declaring_team import (
    HANDS as DECLARER_HANDS,
)


def accepted(r: Round, seat: int, action: dict) -> None:
    Round.from_json(r.to_json()).apply(seat, action)


def test_the_discard_hint_puts_four_aside_safe_non_trumps_first():
    r = kitty_round(DECLARER_HANDS, KITTY, kitty="declarer")
    auction(r, 178, None, None, None)
    assert hints.hints(r.view(0))["suggested_discard"] is None  # naming trump comes first
    trump(r, 0, "S")
    aside = hints.hints(r.view(0))["suggested_discard"]
    assert len(aside) == 4 and {"9H", "AD", "AC"} <= set(aside)
    assert bots.next_action(r.view(0)) == {"type": "discard", "cards": aside}
    accepted(r, 0, {"type": "discard", "cards": aside})
    assert all(hints.hints(r.view(s))["suggested_discard"] is None for s in (1, 2, 3))


def test_the_kitty_hint_gives_the_best_to_the_declarer_and_the_next_to_its_partner():
    r = kitty_round(HANDS, KITTY, kitty="deal_out")
    auction(r, 160, None, None, None)
    gifts = hints.hints(r.view(0))["suggested_kitty"]
    assert gifts == ["AD", "9S", "AC", "9S"]  # seat 0 the AD, its partner (seat 2) the AC
    assert bots.next_action(r.view(0)) == {"type": "give_kitty", "cards": gifts}
    accepted(r, 0, {"type": "give_kitty", "cards": gifts})
    assert all(hints.hints(r.view(s))["suggested_kitty"] is None for s in (1, 2, 3))


def test_concede_is_suggested_only_when_the_contract_is_out_of_reach():
    r = conceding_round()  # team A's meld 155 + every counter 25 = 180, against 200
    advice = hints.hints(r.view(0))["concession"]
    assert advice == {"reach": 180, "contract": 200, "suggested": "concede"}
    assert bots.next_action(r.view(0)) == {"type": "concede"}
    assert hints.hints(r.view(1))["concession"] is None
    reachable = kitty_round(HANDS, KITTY, kitty="deal_out", concede=True)
    auction(reachable, 160, None, None, None)
    reachable.apply(0, {"type": "give_kitty", "cards": GIVEN})
    trump(reachable, 0, "S")
    advice = hints.hints(reachable.view(0))["concession"]
    assert advice == {"reach": 180, "contract": 160, "suggested": "play_on"}
    assert bots.next_action(reachable.view(0)) == {"type": "play_on"}
