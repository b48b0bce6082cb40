"""The match over eight-handed's four teams (docs/rules/pinochle.md, "Eight-handed", §7 and
§12.7): ``bidder_first`` checks the declaring team first, else the unique highest of the others
at or over the target; ``higher_total`` the unique highest of all; level, one more hand."""

import pytest

from games.pinochle import Match, Options
from games.pinochle.match import match_winner


@pytest.mark.parametrize(
    ("totals", "declarer_team", "rule", "winner"),
    [
        ([500, 620, 0, 0], 0, "bidder_first", 0),  # the declaring team first, even with less
        ([480, 620, 510, 0], 0, "bidder_first", 1),  # else the unique highest of the others
        ([480, 620, 620, 0], 0, "bidder_first", None),  # level at the top: one more hand
        ([480, 620, 620, 700], 0, "bidder_first", 3),
        ([500, 620, 0, 0], 0, "higher_total", 1),
        ([620, 620, 0, 0], 3, "higher_total", None),
        ([499, 100, 0, -20], 2, "bidder_first", None),
    ],
)
def test_who_wins_after_a_played_hand(totals, declarer_team, rule, winner):
    assert match_winner(totals, declarer_team, 500, rule, False) == winner


def test_a_whole_eight_handed_match_keeps_four_totals_and_ends_with_a_team():
    o = Options(variant="eight", target=60)
    m = Match.from_draw(o, f"{5:064x}", "")
    assert m.totals == [0, 0, 0, 0] and 0 <= m.dealer < 8
    n = 0
    while not m.over:
        r = m.deal(secret=f"{1000 + n:064x}")
        while r.turn is not None:
            r.apply(r.turn, r.timeout_actions()[0])
        assert len(r.result["team_points"]) == 4
        m.record(r)
        n += 1
    assert m.winner in range(4) and len(m.totals) == 4
    assert Match.from_json(m.to_json()).to_json() == m.to_json()
