"""The view's keys and shapes (docs/rules/pinochle.md, "Details": view shapes)."""

import json

from games.pinochle import Options, Round

from .helpers import PLAY, auction, deal, play, to_play, trump

PUBLIC_KEYS = {
    "game",
    "seat",
    "players",
    "phase",
    "dealer",
    "eldest",
    "turn",
    "turn_no",
    "hand_counts",
    "auction",
    "high_bid",
    "high_bidder",
    "passed",
    "declarer",
    "contract",
    "trump",
    "widow",
    "melds",
    "meld_totals",
    "trick",
    "leader",
    "last_trick",
    "tricks_won",
    "tricks_played",
    "options",
    "result",
}
SEAT_KEYS = PUBLIC_KEYS | {"hand", "passed_cards", "discard", "legal"}


def test_the_keys_of_a_seats_view_and_of_the_public_view():
    r = deal()
    assert set(r.view(0)) == SEAT_KEYS
    assert set(r.view(None)) == PUBLIC_KEYS
    for key in ("hand", "legal", "passed_cards"):
        assert key not in r.view(None)
    assert "counters" not in r.view(0)  # counters are shown only in the result


def test_a_fresh_deal():
    r = deal(PLAY)
    v = r.view(1)
    assert v["phase"] == "bidding" and v["turn"] == 0 and v["turn_no"] == 0
    assert v["dealer"] == 3 and v["eldest"] == 0 and v["players"] == 4 and v["seat"] == 1
    assert v["hand"] == "AS QS 9S TH KH AC TC KC QC JC JC 9C".split()  # S H D C, A T K Q J 9
    assert v["hand_counts"] == [12, 12, 12, 12]
    assert v["auction"] == [] and v["passed"] == [False] * 4
    assert v["high_bid"] is None and v["high_bidder"] is None
    assert v["declarer"] is None and v["contract"] is None and v["trump"] is None
    assert v["widow"] is None and v["melds"] is None and v["meld_totals"] is None
    assert v["trick"] == [] and v["leader"] is None and v["last_trick"] is None
    assert v["tricks_won"] == [0, 0] and v["legal"] == [] and v["result"] is None
    assert v["passed_cards"] is None and v["discard"] is None
    assert v["options"] == Options().to_dict()


def test_options_show_resolved_values():
    r = deal(variant="double", target=0, min_bid=0, save_meld="")
    o = r.view(None)["options"]
    assert (o["target"], o["min_bid"], o["save_meld"]) == (500, 50, "counters20")


def test_turn_no_counts_accepted_actions_only():
    r = deal(PLAY)
    auction(r, 15, None)
    try:
        r.apply(2, {"type": "bid", "amount": 1})
    except ValueError:
        pass
    assert r.view(None)["turn_no"] == 2
    assert r.view(None)["passed"] == [False, True, False, False]
    assert r.view(None)["auction"] == [{"seat": 0, "bid": 15}, {"seat": 1, "bid": None}]


def test_during_play_the_trick_the_leader_the_last_trick_and_the_tricks_won():
    r = to_play(PLAY)
    v = r.view(None)
    assert v["phase"] == "play" and v["leader"] == 0 and v["trick"] == []
    assert [m["points"] for m in v["melds"]] == [13, 2, 5, 4]
    assert v["meld_totals"] == [18, 6]
    play(r, 0, "AS")
    play(r, 1, "9S")
    assert r.view(None)["trick"] == [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "9S"}]
    assert r.view(None)["last_trick"] is None
    play(r, 2, "JS")
    play(r, 3, "JS")
    v = r.view(None)
    assert v["trick"] == [] and v["leader"] == 0 and v["turn"] == 0
    assert v["last_trick"]["winner"] == 0 and len(v["last_trick"]["cards"]) == 4
    assert v["tricks_won"] == [1, 0]
    assert v["hand_counts"] == [11, 11, 11, 11]


def test_the_melds_view_names_each_meld():
    r = to_play(PLAY)  # trump H
    melds = r.view(2)["melds"]
    assert len(melds) == 4
    # seat 0: AS TS KS AH 9H AD TD KD AC TC KC QC: aces around, club marriage, dix
    assert melds[0] == {
        "points": 13,
        "melds": [
            {"name": "aces_around", "cards": ["AS", "AH", "AD", "AC"], "points": 10},
            {"name": "marriage", "cards": ["KC", "QC"], "points": 2},
            {"name": "dix", "cards": ["9H"], "points": 1},
        ],
    }
    # seat 1: AS QS 9S TH KH AC TC KC QC JC JC 9C: the club marriage
    assert melds[1] == {
        "points": 2,
        "melds": [{"name": "marriage", "cards": ["KC", "QC"], "points": 2}],
    }
    # seat 2: TS KS QS JS JH JH 9H AD TD KD QD 9C: two marriages and a dix (no JD: no pinochle)
    assert [m["name"] for m in melds[2]["melds"]] == ["marriage", "marriage", "dix"]
    assert melds[2]["points"] == 5
    # seat 3: JS 9S AH TH KH QH QH QD JD JD 9D 9D: the royal marriage
    assert melds[3] == {
        "points": 4,
        "melds": [{"name": "royal_marriage", "cards": ["KH", "QH"], "points": 4}],
    }


def test_over_the_turn_is_null_and_the_result_is_in_every_view():
    r = to_play(PLAY)
    while r.turn is not None:
        r.apply(r.turn, r.legal_actions()[0])
    for seat in (0, 1, None):
        v = r.view(seat)
        assert v["turn"] is None and v["phase"] == "done"
        assert v["result"] == r.result
    res = r.view(None)["result"]
    assert set(res) == {
        "reason",
        "team_points",
        "meld",
        "meld_counted",
        "counters",
        "last_trick_team",
        "declarer",
        "contract",
        "trump",
        "made",
        "redeal_seat",
        "redeal_cards",
    }
    assert sum(res["counters"]) == 25 and res["reason"] == "played"


def test_three_handed_shapes_are_per_seat():
    r = deal(dealer=2, variant="three")
    assert r.view(None)["tricks_won"] == [0, 0, 0] and r.view(None)["players"] == 3
    assert r.view(None)["passed"] == [False] * 3
    auction(r, 20, None, None)
    trump(r, 0, "S")
    r.apply(0, r.timeout_actions()[0])
    assert len(r.view(None)["meld_totals"]) == 3 and len(r.view(None)["melds"]) == 3
    while r.turn is not None:
        r.apply(r.turn, r.legal_actions()[0])
    res = r.result
    for key in ("team_points", "meld", "meld_counted", "counters"):
        assert len(res[key]) == 3
    assert res["last_trick_team"] in (0, 1, 2)


def test_every_view_is_json():
    r = Round.deal(Options(pass_cards=2), 0, secret="aa" * 32)
    while r.turn is not None:
        for seat in (0, 1, 2, 3, None):
            assert json.loads(json.dumps(r.view(seat))) == r.view(seat)
        r.apply(r.turn, r.legal_actions()[-1])
    assert json.loads(json.dumps(r.view(None))) == r.view(None)


def test_a_view_is_a_copy_the_caller_may_change():
    r = to_play(PLAY)
    v = r.view(0)
    v["hand"].clear()
    v["melds"][0]["melds"][0]["cards"].clear()
    v["options"]["variant"] = "double"
    assert len(r.view(0)["hand"]) == 12 and r.view(0)["melds"][0]["melds"][0]["cards"]
    assert r.view(0)["options"]["variant"] == "single"
