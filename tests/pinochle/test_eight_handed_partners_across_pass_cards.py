"""Eight-handed passing: after trump the declarer's partner across (seat + 4) gives it N cards,
then the declarer gives N back; only those two seats see them (docs/rules/pinochle.md,
"Eight-handed", "Trump and passing")."""

import pytest

from games.pinochle import Options, Round

from .helpers import refused


def declared(declarer: int) -> Round:
    o = Options(variant="eight", pass_cards=3, nines_redeal="off")
    r = Round.deal(o, 7, secret=f"{88:064x}")
    while r.view(None)["phase"] == "bidding":
        seat = r.turn
        r.apply(seat, r.legal_actions()[0] if seat == declarer else {"type": "pass"})
    r.apply(declarer, {"type": "trump", "suit": "H"})
    return r


@pytest.mark.parametrize("declarer", [2, 6])
def test_the_partner_across_gives_then_the_declarer_returns(declarer):
    r = declared(declarer)
    partner = (declarer + 4) % 8
    assert r.view(None)["phase"] == "passing" and r.turn == partner
    refused(r, declarer, {"type": "pass_cards", "cards": r.hands[declarer][:3]}, "not_your_turn")
    refused(r, partner, {"type": "pass_cards", "cards": r.hands[partner][:2]}, "wrong_count")
    give = r.timeout_actions()[0]
    r.apply(partner, give)
    assert r.turn == declarer and len(r.hands[declarer]) == 15
    back = r.legal_actions()[0]
    r.apply(declarer, back)
    assert r.view(None)["phase"] == "play" and [len(h) for h in r.hands] == [12] * 8
    for seat in range(8):
        seen = r.view(seat)["passed_cards"]
        if seat in (declarer, partner):
            assert seen == {"to_declarer": give["cards"], "to_partner": back["cards"]}
        else:
            assert seen is None
    assert "passed_cards" not in r.view(None)
