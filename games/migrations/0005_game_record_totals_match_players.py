"""Matches of any game: ``game``, the engine's ``record``, per-side ``totals`` and ``winner``
(instead of two team columns), and ``MatchPlayer`` rows that history queries (instead of a text
search in the seats JSON). Existing matches are carried over as Banakil matches."""

from decimal import Decimal

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _text(value):
    text = format(Decimal(value).normalize(), "f")
    return "0" if text == "-0" else text


def forwards(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Round = apps.get_model("games", "Round")
    MatchPlayer = apps.get_model("games", "MatchPlayer")
    for match in Match.objects.all().iterator():
        match.totals = [_text(match.total_a), _text(match.total_b)]
        match.winner = match.winner_team
        if match.first_dealer is not None:
            points = [
                [_text(p) for p in rnd.result["team_points"]]
                for rnd in Round.objects.filter(match=match, result__isnull=False).order_by(
                    "number"
                )
                if rnd.result
            ]
            match.record = {
                "options": match.options,
                "first_dealer": match.first_dealer,
                "rounds": points,
            }
        match.save(update_fields=["totals", "winner", "record"])
        MatchPlayer.objects.bulk_create(
            [
                MatchPlayer(match=match, user_id=seat["user"], seat=number, side=number % 2)
                for number, seat in enumerate(match.seats)
                if seat.get("user") is not None
            ]
        )


def backwards(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    for match in Match.objects.all().iterator():
        totals = match.totals or ["0", "0"]
        match.total_a, match.total_b = Decimal(totals[0]), Decimal(totals[1])
        match.winner_team = match.winner
        match.save(update_fields=["total_a", "total_b", "winner_team"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_match_next_secret"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="game",
            field=models.CharField(
                db_index=True, default="banakil", max_length=20, verbose_name="game"
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="record",
            field=models.JSONField(blank=True, null=True, verbose_name="record"),
        ),
        migrations.AddField(
            model_name="match",
            name="totals",
            field=models.JSONField(default=list, verbose_name="totals"),
        ),
        migrations.AddField(
            model_name="match",
            name="winner",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="winner"),
        ),
        migrations.CreateModel(
            name="MatchPlayer",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("seat", models.PositiveSmallIntegerField(verbose_name="seat")),
                ("side", models.PositiveSmallIntegerField(verbose_name="side")),
                (
                    "match",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="match_players",
                        to="games.match",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="match_seats",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "match player",
                "verbose_name_plural": "match players",
                "ordering": ["match", "seat"],
                "indexes": [models.Index(fields=["user", "match"], name="match_player_by_user")],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("match", "seat"), name="one_player_per_match_seat"
                    )
                ],
            },
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(model_name="match", name="total_a"),
        migrations.RemoveField(model_name="match", name="total_b"),
        migrations.RemoveField(model_name="match", name="winner_team"),
    ]
