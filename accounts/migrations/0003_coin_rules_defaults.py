"""Sahrat's starting coin rules: stake levels 100, 500 and 1,000, a 10% table fee, and the
earning rules' defaults. Admins change them in the admin (every change audited)."""

from django.db import migrations

STAKES = (100, 500, 1000)
RULES = {
    "signup": {"amount": 500, "daily_limit": 0},
    "free_match": {"amount": 50, "daily_limit": 10},
    "daily_round": {"amount": 100, "daily_limit": 1},
}


def seed(apps, schema_editor):
    apps.get_model("accounts", "CoinSettings").objects.get_or_create(pk=1, defaults={
        "fee_percent": 10})
    StakeLevel = apps.get_model("accounts", "StakeLevel")
    for amount in STAKES:
        StakeLevel.objects.get_or_create(amount=amount)
    EarningRule = apps.get_model("accounts", "EarningRule")
    for kind, values in RULES.items():
        EarningRule.objects.get_or_create(kind=kind, defaults=values)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_coins")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
