"""Pinochling and check Pinochle are played at tables (issue #34): a free table opens with them
(the API and the create form offer them). A coin table opens with checks too (issue #30): its
card, its page and the "sit down?" page say what a check is worth and the check reserve each
player puts in beside the stake, and sitting down needs both."""

import pytest

from accounts.models import EarningRule, StakeLevel
from lobby import services
from lobby.models import Table
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db


def test_a_free_table_opens_with_pinochling_and_checks(client_for, make_user):
    for name, options in (
        ("ahmad", {"pinochling": True}),
        ("badr", {"variant": "cutthroat", "checks": True, "check_bonus": 10, "pinochling": True}),
    ):
        made = client_for(make_user(name)).post(
            "/api/tables/",
            {"game": "pinochle", "options": options},
            content_type="application/json",
        )
        assert made.status_code == 201, made.content
    cutthroat = Table.objects.get(options__variant="cutthroat")
    assert cutthroat.options["checks"] is True and cutthroat.options["check_bonus"] == 10


def test_the_create_form_offers_them_in_both_languages(client_for, alice):
    page = client_for(alice, language="en").get("/tables/new/?game=pinochle").content.decode()
    for name in ("pinochling", "checks", "check_bonus"):
        assert f'name="{name}"' in page
    assert "A side that takes every trick wins the match" in page
    ar = client_for(alice, language="ar").get("/tables/new/?game=pinochle").content.decode()
    assert "بينوكل التشيكات" in ar
    assert "free tables" not in page.split('name="checks"')[1].split("</div>")[0]


def test_a_coin_table_with_checks_says_a_checks_worth_and_the_reserve_before_anyone_sits(
    client_for, make_user
):
    StakeLevel.objects.get_or_create(amount=100)
    EarningRule.objects.update_or_create(kind="signup", defaults={"amount": 500, "active": True})
    rich, able = make_user("rich"), make_user("able")
    EarningRule.objects.filter(kind="signup").update(amount=150)
    poor = make_user("poor")  # 150 coins
    table = services.create_table(
        rich, {"variant": "three", "checks": True, "stake": 100}, "pinochle"
    )
    # a check is a twentieth of the stake, the reserve 20 checks: 5 and 100 coins
    assert (table.side_bets.unit, table.side_bets.reserve, table.coins_to_sit) == (5, 100, 200)
    card = client_for(able, language="en").get(f"/tables/{table.pk}/card/").content.decode()
    assert "Checks: a check 5 coins · reserve 100" in card
    ar = client_for(able, language="ar").get(f"/tables/{table.pk}/").content.decode()
    assert "التشيكات: التشيك بـ 5 عملة · الاحتياطي 100" in ar
    asked = client_for(able, language="en").post(f"/tables/{table.pk}/sit/", {"seat": "1"})
    text = asked.content.decode()
    assert 'data-testid="confirm-checks"' in text and "check reserve" in text
    # the stake alone is not enough: 150 coins cannot cover 100 + 100
    with pytest.raises(LobbyRefusal) as refusal:
        services.sit(poor, table, 1)
    assert refusal.value.code == "not_enough_coins"
    services.sit(able, table, 1)
    assert table.seats.count() == 2


def test_a_coin_table_without_checks_holds_no_reserve(make_user):
    StakeLevel.objects.get_or_create(amount=100)
    table = services.create_table(make_user("rich"), {"variant": "three", "stake": 100}, "pinochle")
    assert table.side_bets is None and table.coins_to_sit == 100
