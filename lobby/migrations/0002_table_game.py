from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("lobby", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="game",
            field=models.CharField(
                db_index=True, default="banakil", max_length=20, verbose_name="game"
            ),
        ),
    ]
