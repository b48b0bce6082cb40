"""A game built on the kit declares its options, its deck, its deal and its rules; the kit deals
it fairly, replays it, writes it as JSON and back, and runs its match (six and eight seats, hands
of any size, a stock)."""

import pytest

from games import fair

from .toy import DECK, Match, Options, Round, ToyError, play_out

SECRET = "00000000000000000000000000000000000000000000000000000000000000a1"


@pytest.mark.parametrize("players,sides", [(6, 2), (8, 4), (3, 3), (2, 2)])
def test_a_fair_deal_is_the_shuffled_canonical_deck_for_any_number_of_seats(players, sides):
    o = Options(players=players, sides=sides)
    r = Round.deal(o, 1, secret=SECRET)
    seed = "|" * (players - 1)
    assert r.client_seed == seed
    assert r.deck == tuple(fair.shuffle(DECK, SECRET, "deal", seed))
    assert [len(h) for h in r.hands] == [o.hand] * players
    assert len(r.stock) == len(DECK) - players * o.hand


def test_a_replayed_round_is_the_same_round_and_its_json_round_trips():
    r = play_out(Round.deal(Options(players=6, sides=2, hand=3), 5, secret=SECRET))
    again = Round.replay(r.options, r.dealer, r.actions, secret=r.secret)
    assert again.to_json() == r.to_json()
    assert Round.from_json(r.to_json()).to_dict() == r.to_dict()
    assert Round.from_json(r.to_dict()).result == r.result
    d = r.to_dict()
    assert d["game"] == "toy" and d["v"] == 1 and "deck" not in d


def test_a_copy_changes_apart_from_its_round():
    r = Round.deal(Options(players=8, sides=4), 0, deck=DECK)
    c = r.copy()
    play_out(c)
    assert r.result is None and r.actions == [] and c.result is not None
    assert isinstance(c, Round)


def test_a_deal_is_checked_before_any_card_is_dealt():
    o = Options()
    with pytest.raises(ToyError) as info:
        Round.deal(o, 0)
    assert info.value.code == "bad_deck"
    with pytest.raises(ToyError) as info:
        Round.deal(o, 0, deck=DECK[:-1] + DECK[:1])
    assert (info.value.code, info.value.message) == (
        "bad_deck",
        "a deck is the 52 cards of the game",
    )
    for dealer in (4, -1, True, "0", None):
        with pytest.raises(ToyError) as info:
            Round.deal(o, dealer, deck=DECK)
        assert info.value.code == "bad_dealer"
    with pytest.raises(TypeError):
        Round(object(), 0, DECK)  # type: ignore[arg-type]


def test_a_view_is_of_a_seat_or_public():
    r = Round.deal(Options(players=6, sides=3), 0, deck=DECK)
    assert "hand" in r.view(5) and "hand" not in r.view(None)
    for seat in (6, -1, True, "1"):
        with pytest.raises(ToyError) as info:
            r.view(seat)
        assert info.value.code == "bad_seat"


def test_a_match_over_eight_seats_totals_four_sides_moves_the_deal_and_ends():
    m = Match(Options(players=8, sides=4, target=60), first_dealer=7)
    dealers = []
    while not m.over:
        dealers.append(m.dealer)
        m.record(play_out(m.deal(secret=SECRET)))
    assert dealers == [(7 + k) % 8 for k in range(len(dealers))]
    assert len(m.totals) == 4 and max(m.totals) >= 60 and m.winner == m.totals.index(max(m.totals))
    again = Match.from_json(m.to_json())
    assert (again.totals, again.dealer, again.winner) == (m.totals, m.dealer, m.winner)
    assert again.to_json() == m.to_json()


def test_the_first_dealer_is_the_fair_dealer_draw():
    m = Match.from_draw(Options(players=6, sides=2), SECRET, "a|b|c|d|e|f")
    assert m.dealer == m.first_dealer == fair.first_dealer(SECRET, "a|b|c|d|e|f", 6)
