"""Sitting down at a coin table from the site stakes coins, so the sit button first shows «This
table's stake is N coins; they leave your wallet when the match starts. Sit down?» and sits only
once confirmed (``confirm=1``). A free table sits at once; a player who cannot sit anyway gets
the refusal at once; the API sits without asking (its clients show the stake)."""

from __future__ import annotations

import html

import pytest

from accounts.coins import coin_balance
from accounts.models import EarningRule, StakeLevel
from lobby import services
from lobby.models import Seat

pytestmark = pytest.mark.django_db

ASK = {
    "en": 'This table\'s stake is <strong class="coins">100</strong> coins; they leave your '
    "wallet when the match starts. Sit down?",
    "ar": 'رهان هالطاولة <strong class="coins">100</strong> عملة؛ تطلع من محفظتك أول ما تبدأ '
    "الصكة. تجلس؟",
}


@pytest.fixture(autouse=True)
def stake_levels():
    for amount in (100, 500, 1000):
        StakeLevel.objects.get_or_create(amount=amount)


@pytest.fixture
def coin_table(alice):
    return services.create_table(alice, {"players": 2, "stake": 100})


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_sit_button_asks_first_and_nothing_is_staked_or_taken(
    coin_table, client_for, bob, language
):
    page = client_for(bob, language).post(f"/tables/{coin_table.pk}/sit/", {"seat": "1"})
    assert page.status_code == 200
    text = html.unescape(page.content.decode())
    assert ASK[language] in text
    assert 'name="confirm" value="1"' in text and 'name="seat" value="1"' in text
    assert not Seat.objects.filter(user=bob).exists()
    assert coin_balance(bob) == 500


def test_confirming_sits_down(coin_table, client_for, bob):
    page = client_for(bob, "en").post(
        f"/tables/{coin_table.pk}/sit/", {"seat": "1", "confirm": "1"}
    )
    assert page.status_code == 302 and page["Location"] == f"/tables/{coin_table.pk}/"
    assert Seat.objects.get(user=bob).table_id == coin_table.pk


def test_a_free_table_sits_at_once(alice, client_for, bob):
    table = services.create_table(alice, {"players": 2})
    page = client_for(bob, "en").post(f"/tables/{table.pk}/sit/", {"seat": "1"})
    assert page.status_code == 302
    assert Seat.objects.filter(user=bob, table=table).exists()


def test_a_player_short_of_coins_gets_the_refusal_not_the_question(
    coin_table, client_for, make_user
):
    EarningRule.objects.update_or_create(kind="signup", defaults={"amount": 50})
    poor = make_user("poor")
    page = client_for(poor, "en").post(f"/tables/{coin_table.pk}/sit/", {"seat": "1"}, follow=True)
    text = html.unescape(page.content.decode())
    assert "Sit down?" not in text
    assert "You do not have enough coins for this table's stake." in text
    assert not Seat.objects.filter(user=poor).exists()


def test_the_api_sits_without_asking(coin_table, client_for, bob, make_user):
    joined = client_for(bob, "en").post(f"/api/tables/{coin_table.pk}/join/", {"seat": 1})
    assert joined.status_code == 200
    assert Seat.objects.get(user=bob).table_id == coin_table.pk
    other = services.create_table(make_user("rich"), {"players": 2, "stake": 100})
    EarningRule.objects.update_or_create(kind="signup", defaults={"amount": 50})
    poor = make_user("poor")
    refused = client_for(poor, "en").post(f"/api/tables/{other.pk}/join/", {"seat": 1})
    assert refused.status_code == 403 and refused.json()["code"] == "not_enough_coins"
