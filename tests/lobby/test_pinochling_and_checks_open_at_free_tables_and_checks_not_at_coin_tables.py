"""Pinochling and check Pinochle are played at tables (issue #34): a free table opens with them
(the API and the create form offer them); checks are refused at a coin table, whose settlement
in coins comes with issue #30."""

import pytest

from accounts.models import StakeLevel
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
    assert "بينوكل بالشيكات" in ar


def test_checks_are_refused_at_a_coin_table(make_user):
    StakeLevel.objects.get_or_create(amount=100)
    rich = make_user("rich")
    with pytest.raises(LobbyRefusal) as refusal:
        services.create_table(rich, {"variant": "three", "checks": True, "stake": 100}, "pinochle")
    assert refusal.value.code == "bad_option"
    assert "free tables" in str(refusal.value.detail or refusal.value)
    assert not Table.objects.exists()
