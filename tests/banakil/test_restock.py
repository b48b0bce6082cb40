"""docs/rules/banakil.md, "When the stock runs out", and docs/fair-shuffle.md, "Reshuffling the
pile": the pile except its top card becomes the new stock; an explicit-deck round keeps the throws'
order (oldest throw on top), a fair round shuffles them with ``restock:k``."""

from games.banakil import Options, Round, fair

from .helpers import deal, draw, throw

SECRET = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a"


def cycle_until_restock(r, thrown):
    """Draw from the stock and throw the card drawn until a draw restocks; return that draw."""
    while True:
        seat = r.view(None)["turn"]
        restocks = r.view(None)["restocks"]
        pile = list(thrown)
        assert r.view(None)["pile_size"] == len(pile)
        card = draw(r, seat)
        if r.view(None)["restocks"] != restocks:
            return seat, card, pile
        throw(r, seat, card)
        thrown.append(card)


def test_an_explicit_deck_round_restocks_with_the_oldest_throw_on_top():
    r = deal({0: "AS"})
    throw(r, 0, "AS")
    thrown = ["AS"]
    seat, card, pile = cycle_until_restock(r, thrown)
    assert r.view(None)["stock_size"] == len(pile) - 2  # the pile but its top, less the draw
    assert card == pile[0] == "AS"
    assert r.view(None)["pile_top"] == pile[-1] and r.view(None)["pile_size"] == 1
    throw(r, seat, card)
    # the next draws follow the throws in order
    nxt = r.view(None)["turn"]
    assert draw(r, nxt) == pile[1]


def test_the_stock_is_not_restocked_before_it_is_empty():
    r = deal({0: "AS"})
    throw(r, 0, "AS")
    for _ in range(33):
        seat = r.view(None)["turn"]
        throw(r, seat, draw(r, seat))
    assert r.view(None)["stock_size"] == 0
    assert r.view(None)["restocks"] == 0
    assert r.view(None)["pile_size"] == 34


def test_a_fair_round_deals_from_the_secret_and_client_seed():
    r = Round.deal(Options(players=2), dealer=1, secret=SECRET, client_seed="a|b")
    deck = fair.deal_deck(SECRET, "a|b")
    assert sorted(r.view(0)["hand"]) == sorted(deck[0:19])
    assert sorted(r.view(1)["hand"]) == sorted(deck[19:37])


def test_a_fair_round_shuffles_the_restock_with_purpose_restock_k():
    r = Round.deal(Options(players=2), dealer=1, secret=SECRET, client_seed="a|b")
    first = r.view(0)["hand"][0]
    throw(r, 0, first)
    thrown = [first]
    for k in (1, 2):
        seat, card, pile = cycle_until_restock(r, thrown)
        stock = fair.shuffle(pile[:-1], SECRET, f"restock:{k}", "a|b")
        assert card == stock[0]
        assert r.view(None)["restocks"] == k
        throw(r, seat, card)
        thrown = [pile[-1], card]
        for expected in stock[1:4]:
            s = r.view(None)["turn"]
            got = draw(r, s)
            assert got == expected
            throw(r, s, got)
            thrown.append(got)
