"""The ledger knows no game: a pot's and a transaction's match become a plain match id.

The column (``match_id``) and its values stay as they are; only the foreign-key constraint to
``games.Match`` goes, so the accounts app no longer depends on the games app."""

import django.db.models.deletion
from django.db import migrations, models

OWNER_FITS_KIND = models.CheckConstraint(
    condition=models.Q(
        models.Q(("kind", "wallet"), ("match_id__isnull", True), ("user__isnull", False)),
        models.Q(("kind", "pot"), ("match_id__isnull", False), ("user__isnull", True)),
        models.Q(
            ("kind__in", ["house", "source"]), ("match_id__isnull", True), ("user__isnull", True)
        ),
        _connector="OR",
    ),
    name="coin_account_owner_fits_kind",
)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_user_name_keys"),
        ("games", "0004_match_next_secret"),
    ]

    operations = [
        # drop the database's foreign keys (the columns and their indexes stay)
        migrations.AlterField(
            model_name="coinaccount",
            name="match",
            field=models.OneToOneField(
                blank=True,
                db_constraint=False,
                null=True,
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="coin_pot",
                to="games.match",
                verbose_name="match",
            ),
        ),
        migrations.AlterField(
            model_name="cointransaction",
            name="match",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                null=True,
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="coin_transactions",
                to="games.match",
                verbose_name="match",
            ),
        ),
        # then, in Django's state only, the same columns as plain ids
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveConstraint(
                    model_name="coinaccount", name="coin_account_owner_fits_kind"
                ),
                migrations.RemoveField(model_name="coinaccount", name="match"),
                migrations.AddField(
                    model_name="coinaccount",
                    name="match_id",
                    field=models.BigIntegerField(
                        blank=True, null=True, unique=True, verbose_name="match"
                    ),
                ),
                migrations.AddConstraint(model_name="coinaccount", constraint=OWNER_FITS_KIND),
                migrations.RemoveField(model_name="cointransaction", name="match"),
                migrations.AddField(
                    model_name="cointransaction",
                    name="match_id",
                    field=models.BigIntegerField(
                        blank=True, db_index=True, null=True, verbose_name="match"
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]
