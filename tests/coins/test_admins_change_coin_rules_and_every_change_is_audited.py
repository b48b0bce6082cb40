import pytest

from accounts.models import CoinRuleChange, CoinSettings, EarningRule, StakeLevel

pytestmark = pytest.mark.django_db


def test_changing_the_fee_records_who_when_and_old_to_new(admin_client, admin_user):
    response = admin_client.post("/admin/accounts/coinsettings/1/change/", {"fee_percent": "12"})
    assert response.status_code == 302
    assert CoinSettings.load().fee_percent == 12
    change = CoinRuleChange.objects.get()
    assert (change.changed_by, change.field, change.old, change.new) == (
        admin_user,
        "fee_percent",
        "10",
        "12",
    )
    assert change.changed_at is not None


def test_a_fee_above_100_percent_is_refused(admin_client):
    response = admin_client.post("/admin/accounts/coinsettings/1/change/", {"fee_percent": "101"})
    assert response.status_code == 200
    assert CoinSettings.load().fee_percent == 10
    assert not CoinRuleChange.objects.exists()


def test_adding_changing_and_removing_stake_levels_is_audited(admin_client):
    admin_client.post("/admin/accounts/stakelevel/add/", {"amount": "250", "active": "on"})
    level = StakeLevel.objects.get(amount=250)
    admin_client.post(f"/admin/accounts/stakelevel/{level.pk}/change/", {"amount": "250"})
    admin_client.post(f"/admin/accounts/stakelevel/{level.pk}/delete/", {"post": "yes"})
    assert not StakeLevel.objects.filter(amount=250).exists()
    trail = [(c.field, c.old, c.new) for c in CoinRuleChange.objects.order_by("pk")]
    assert trail == [
        ("amount", "", "250"),
        ("active", "", "True"),  # added
        ("active", "True", "False"),  # no longer offered
        ("amount", "250", ""),
        ("active", "False", ""),  # removed
    ]


def test_changing_an_earning_rule_is_audited(admin_client):
    rule = EarningRule.objects.get(kind="free_match")
    admin_client.post(
        f"/admin/accounts/earningrule/{rule.pk}/change/",
        {"kind": "free_match", "amount": "75", "daily_limit": "5", "active": "on"},
    )
    trail = {c.field: (c.old, c.new) for c in CoinRuleChange.objects.all()}
    assert trail == {"amount": ("50", "75"), "daily_limit": ("10", "5")}


def test_the_audit_trail_is_visible_and_read_only_in_the_admin(admin_client):
    admin_client.post("/admin/accounts/coinsettings/1/change/", {"fee_percent": "15"})
    admin_client.cookies["django_language"] = "en"
    page = admin_client.get("/admin/accounts/coinrulechange/")
    html = page.content.decode()
    assert page.status_code == 200 and "table fee (percent)" in html and "15" in html
    change = CoinRuleChange.objects.get()
    assert (
        admin_client.post(
            f"/admin/accounts/coinrulechange/{change.pk}/delete/", {"post": "yes"}
        ).status_code
        == 403
    )
    assert CoinRuleChange.objects.count() == 1
