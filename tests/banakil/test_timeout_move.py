"""docs/rules/banakil.md, "The time-out move, precisely": on time-out the server plays for the seat:
draw from the stock if not drawn; for each card that must still go down, its cheapest legal use
(fewest points put on the table, then fewest cards); then throw the card just drawn from the stock
if it may be thrown, else the highest-point card that may be thrown (ties: the first in canonical
deck order)."""

from decimal import Decimal

from games.banakil import CANONICAL_DECK, card_points

from .helpers import deal, draw, held, layoff, meld, pass_turn, swap, table, throw


def play(r, actions):
    seat = r.view(None)["turn"]
    for action in actions:
        r.apply(seat, action)
    return seat


def highest(cards):
    """The rule's own choice, computed here: most points, then first in canonical deck order."""
    return min(cards, key=lambda c: (-card_points(c), CANONICAL_DECK.index(c)))


def test_a_time_out_before_the_draw_draws_from_the_stock_and_throws_the_card_drawn():
    r = deal({0: "AS", 1: "JK 2D"}, stock="5C")
    throw(r, 0, "AS")
    actions = r.timeout_actions()
    assert actions == [{"type": "draw", "from": "stock"}, {"type": "throw", "card": "5C"}]
    play(r, actions)
    assert r.view(None)["pile_top"] == "5C"
    assert r.view(None)["turn"] == 2
    assert held(r, 1)["JK"] == 1  # the joker, worth more, was not thrown


def test_a_time_out_after_a_stock_draw_throws_the_card_just_drawn():
    r = deal({0: "AS", 1: "JK 5H 6H 7H"}, stock="4C")
    throw(r, 0, "AS")
    draw(r, 1)
    meld(r, 1, "5H 6H 7H")
    assert r.timeout_actions() == [{"type": "throw", "card": "4C"}]


def test_a_time_out_does_not_change_the_round_until_its_moves_are_applied():
    r = deal({0: "AS"}, stock="5C")
    throw(r, 0, "AS")
    before = r.to_json()
    r.timeout_actions()
    assert r.to_json() == before
    assert r.view(None)["stock_size"] == 33


def test_a_time_out_on_the_starters_first_turn_throws_the_highest_point_card_with_no_draw():
    r = deal({0: "JK 2D"})
    assert r.timeout_actions() == [{"type": "throw", "card": "JK"}]


def test_a_time_out_breaks_point_ties_by_canonical_deck_order():
    hand = "3S 4S 5S 6S 3H 4H 5H 6H 3D 4D 5D 6D 3C 4C 5C 6C AC 7D KH"
    r = deal({0: hand})
    assert len(hand.split()) == 19
    # AC, 7D and KH are worth 1 each; in canonical order (S H D C, A..K) KH comes first
    assert r.timeout_actions() == [{"type": "throw", "card": "KH"}]


def test_a_time_out_puts_an_owed_pile_card_to_its_cheapest_use_then_throws_the_highest_card():
    # seat 1 has 9C TC JC on the table; QC on the pile could go on alone (1 point), or with KC
    # (2), or in a new meld QC KC AC (3): the cheapest use lays QC off alone
    r = deal({0: "QC", 1: "9C TC JC KC AC"})
    throw(r, 0, next(c for c in r.view(0)["hand"] if c != "QC"))
    draw(r, 1)
    meld(r, 1, "9C TC JC")
    throw(r, 1, r.view(1)["drawn"])
    pass_turn(r, 2)
    pass_turn(r, 3)
    draw(r, 0)
    throw(r, 0, "QC")
    draw(r, 1, "pile")
    actions = r.timeout_actions()
    assert actions[:-1] == [{"type": "layoff", "meld": 1, "cards": ["QC"], "end": "high"}]
    hand_after = list(r.view(1)["hand"])
    hand_after.remove("QC")
    assert actions[-1] == {"type": "throw", "card": highest(hand_after)}
    play(r, actions)
    assert table(r)[1] == ["9C", "TC", "JC", "QC"]
    assert r.view(None)["turn"] == 2


def test_a_time_out_puts_a_swapped_joker_down_and_then_throws():
    r = deal({0: "5H JK 7H 6H 9C TC 2D"})
    meld(r, 0, "5H JK 7H")
    swap(r, 0, 1, "6H")
    actions = r.timeout_actions()
    # the joker alone (4 points, one card) is its cheapest use: laid off at an end of 5H 6H 7H
    assert len(actions) == 2
    assert actions[0]["type"] == "layoff" and actions[0]["cards"] == ["JK"]
    assert actions[0]["meld"] == 1
    play(r, actions)
    assert "JK" in table(r)[1]
    assert r.view(None)["turn"] == 1
    # no stock draw on the first turn: the highest card left was thrown, the banakil (2 points)
    assert r.view(None)["pile_top"] == "2D"


def test_a_time_out_after_the_round_ended_does_nothing():
    hands = {0: "AS AH AD 3S 3H 3D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC KD"}
    r = deal(hands)
    meld(r, 0, "AS AH AD AC")
    meld(r, 0, "3S 3H 3D 3C")
    meld(r, 0, "4C 5C 6C 7C 8C 9C TC JC QC KC")
    throw(r, 0, "KD")
    assert r.result is not None
    assert r.timeout_actions() == []


def test_a_time_out_whose_last_throw_empties_the_hand_goes_out():
    hands = {0: "AS AH AD 3S 3H 3D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC KD"}
    r = deal(hands)
    meld(r, 0, "AS AH AD AC")
    meld(r, 0, "3S 3H 3D 3C")
    meld(r, 0, "4C 5C 6C 7C 8C 9C TC JC QC KC")
    assert r.timeout_actions() == [{"type": "throw", "card": "KD"}]
    play(r, r.timeout_actions())
    assert r.result["reason"] == "out_by_throw" and r.result["out_seat"] == 0


def test_the_time_out_lay_off_is_legal_for_the_seat():
    # the layoff chosen is one the seat could have played itself
    r = deal({0: "5H JK 7H 6H"})
    meld(r, 0, "5H JK 7H")
    swap(r, 0, 1, "6H")
    first = r.timeout_actions()[0]
    where = {k: v for k, v in first.items() if k in ("end", "banakil_to")}
    layoff(r, 0, first["meld"], " ".join(first["cards"]), **where)
    assert r.view(0)["must_go_down"] == []


def test_a_time_out_whose_owed_card_empties_the_hand_goes_out_with_no_throw():
    # seat 1 lays 17 cards in its first turn and keeps QC; then takes KC from the pile, which
    # can only go on its 9C TC JC together with QC: the time-out lays both off and seat 1 is out
    seat1 = "9C TC JC QC AS AH AD 3S 3H 3D 5H 6H 7H 8H TS JS QS KS"
    r = deal({0: "KC", 1: seat1}, stock="KD")
    throw(r, 0, next(c for c in r.view(0)["hand"] if c != "KC"))
    assert draw(r, 1) == "KD"
    for cards in ("9C TC JC", "AS AH AD", "3S 3H 3D", "5H 6H 7H 8H", "TS JS QS KS"):
        meld(r, 1, cards)
    throw(r, 1, "KD")
    assert r.view(1)["hand"] == ["QC"]
    pass_turn(r, 2)
    pass_turn(r, 3)
    draw(r, 0)
    throw(r, 0, "KC")
    draw(r, 1, "pile")
    actions = r.timeout_actions()
    assert actions == [{"type": "layoff", "meld": 1, "cards": ["QC", "KC"], "end": "high"}]
    play(r, actions)
    assert r.result["reason"] == "out_by_laying_down" and r.result["out_seat"] == 1


def put_down(actions):
    """Points and number of cards the actions before the throw put on the table."""
    cards = []
    for a in actions:
        if a["type"] == "swap":
            cards.append(a["card"])
        elif a["type"] in ("meld", "layoff"):
            cards.extend(a["cards"])
    return sum((card_points(c) for c in cards), 0), len(cards)


def test_the_time_out_meld_for_an_owed_card_uses_the_banakil_rather_than_the_joker():
    # 9H goes down with 7H and a wild: 7H 2C 9H puts 4 points down, 7H JK 9H puts 6
    r = deal({0: "9H", 1: "7H JK 2C"}, stock="8H 8H TH TH JH JH 9H")
    throw(r, 0, "9H")
    draw(r, 1, "pile")
    actions = r.timeout_actions()
    assert actions[0] == {"type": "meld", "cards": ["7H", "2C", "9H"]}
    assert put_down(actions) == (4, 3)


def test_the_time_out_lay_off_for_an_owed_card_uses_the_banakil_rather_than_the_joker():
    # seat 1 has 5H 6H 7H on the table; 9H goes on with a wild at 8H: 2C 9H puts 3 points down,
    # JK 9H puts 5
    r = deal({0: "9H", 1: "5H 6H 7H JK 2C"}, stock="KD 8H 8H TH TH JH JH 9H")
    throw(r, 0, next(c for c in r.view(0)["hand"] if c != "9H"))
    draw(r, 1)
    meld(r, 1, "5H 6H 7H")
    throw(r, 1, "KD")
    pass_turn(r, 2)
    pass_turn(r, 3)
    draw(r, 0)
    throw(r, 0, "9H")
    draw(r, 1, "pile")
    actions = r.timeout_actions()
    assert actions[0] == {"type": "layoff", "meld": 1, "cards": ["2C", "9H"], "end": "high"}
    assert put_down(actions) == (3, 2)


def test_the_time_out_lays_the_cheapest_own_meld_before_a_partner_lay_off():
    # seat 2 has no meld; 8H (thrown by seat 1) goes on its partner's 5H 6H 7H once seat 2 lays a
    # meld of its own: 4D 5D 6D (1.5) is the cheapest, not JK 9C TC (6): 2.5 points in all
    r = deal(
        {0: "5H 6H 7H AS", 1: "8H", 2: "JK 9C TC 4D 5D 6D"},
        stock="KD 6H 7H 8H 9H 9H TH TH",
    )
    meld(r, 0, "5H 6H 7H")
    throw(r, 0, "AS")
    draw(r, 1)
    throw(r, 1, "8H")
    draw(r, 2, "pile")
    actions = r.timeout_actions()
    assert put_down(actions) == (Decimal("2.5"), 4)
    play(r, actions)
    assert r.view(None)["turn"] == 3


def test_in_bot_played_rounds_every_time_out_draws_puts_owed_cards_down_and_throws_per_the_rule():
    import random

    from games.banakil import Options, Round, bots

    checked = 0
    for seed in range(10):
        rng = random.Random(seed)
        deck = list(CANONICAL_DECK)
        rng.shuffle(deck)
        players = 4 if seed % 2 else 2
        r = Round.deal(Options(players=players), dealer=seed % players, deck=deck)
        drawn = None  # the card the seat on turn drew from the stock this turn
        for _ in range(1000):
            if r.result is not None:
                break
            seat = r.view(None)["turn"]
            v = r.view(seat)
            trial = r.copy()
            actions = r.timeout_actions()
            got_drawn = drawn
            if v["phase"] == "draw":
                assert actions[0] == {"type": "draw", "from": "stock"}
            for action in actions:
                if trial.result is not None:
                    break
                if action["type"] == "throw":
                    hand = trial.view(seat)["hand"]
                    want = got_drawn if got_drawn in hand else highest(hand)
                    assert action == {"type": "throw", "card": want}
                out = trial.apply(seat, action)
                if action["type"] == "draw":
                    got_drawn = out
            assert trial.result is not None or trial.view(None)["turn"] != seat
            assert trial.view(seat)["must_go_down"] == [] or trial.result is not None
            checked += 1
            action = bots.next_action(v)
            out = r.apply(seat, action)
            if action["type"] == "draw" and action["from"] == "stock":
                drawn = out
            elif action["type"] == "throw":
                drawn = None
    assert checked > 500
