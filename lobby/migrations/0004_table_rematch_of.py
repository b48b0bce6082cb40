import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("lobby", "0003_admin_labels")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="rematch_of",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="rematch",
                to="lobby.table",
                verbose_name="rematch of",
            ),
        ),
    ]
