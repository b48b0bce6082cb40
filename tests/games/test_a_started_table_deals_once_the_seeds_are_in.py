import pytest

from games import live
from games.banakil import fair
from games.models import Match, Round
from games.refusals import GameRefusal

from .conftest import latest_round, start_table

pytestmark = pytest.mark.django_db


def test_starting_a_table_opens_a_match_and_a_round_with_a_published_commitment(
    alice, bob, carol, dave
):
    table = start_table([alice, bob, carol, dave])
    match = Match.objects.get(table=table)
    rnd = latest_round(table)
    assert match.status == "playing" and [s["user"] for s in match.seats] == [
        alice.pk,
        bob.pk,
        carol.pk,
        dave.pk,
    ]
    assert rnd.status == Round.Status.SEEDING
    assert rnd.commitment == fair.commitment(rnd.secret)
    assert rnd.state is None


def test_the_deal_waits_for_every_humans_seed_and_joins_them_in_seat_order(alice, bob, carol, dave):
    table = start_table([alice, bob, carol, dave])
    for user, seed in [(bob, "b0b"), (alice, "a1"), (dave, "")]:
        live.submit_seed(table.pk, user, seed)
        assert latest_round(table).status == Round.Status.SEEDING
    live.submit_seed(table.pk, carol, "c-3")
    rnd = latest_round(table)
    assert rnd.status == Round.Status.PLAYING
    assert rnd.client_seed == "a1|b0b|c-3|"
    match = Match.objects.get(table=table)
    assert match.first_dealer == fair.first_dealer(rnd.secret, rnd.client_seed, 4)
    assert rnd.dealer == match.first_dealer
    engine = rnd.engine()
    assert list(engine.deck) == fair.deal_deck(rnd.secret, rnd.client_seed)


def test_bots_contribute_the_empty_seed_and_the_wait_ends_with_what_came(alice):
    table = start_table([alice], bots_fill=True)
    live.submit_seed(table.pk, alice, "only-me")
    rnd = latest_round(table)
    assert rnd.status == Round.Status.PLAYING
    assert rnd.client_seed == "only-me|||"


def test_a_seed_must_follow_the_protocol(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    with pytest.raises(GameRefusal) as refusal:
        live.submit_seed(table.pk, alice, "no|pipes")
    assert refusal.value.code == "bad_seed"


def test_the_seed_wait_running_out_deals_with_empty_seeds(alice, bob):
    table = start_table([alice, bob], {"players": 2})
    live.deal_due(latest_round(table).pk)
    live.deal_due(latest_round(table).pk)  # twice: nothing more happens
    rnd = latest_round(table)
    assert rnd.status == Round.Status.PLAYING and rnd.client_seed == "|"
