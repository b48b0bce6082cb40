"""The skeletons of every user's username and shown name, in unique columns.

Players who signed up before get theirs filled in (``accounts.names.refill_keys``). Two earlier
players whose names already looked alike both keep their names: the later one's key gets a line
separator and its id appended, which no name can produce (the forms refuse that character), so
it stays unique and blocks nobody; an admin may rename them.
"""

from django.db import migrations, models


def fill_keys(apps, schema_editor):
    from accounts.names import refill_keys

    refill_keys(apps.get_model("accounts", "User").objects)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0004_user_seed")]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_key",
            field=models.CharField(editable=False, max_length=600, null=True),
        ),
        migrations.AddField(
            model_name="user",
            name="name_key",
            field=models.CharField(editable=False, max_length=600, null=True),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="user",
            name="username_key",
            field=models.CharField(editable=False, max_length=600, unique=True),
        ),
        migrations.AlterField(
            model_name="user",
            name="name_key",
            field=models.CharField(editable=False, max_length=600, unique=True),
        ),
    ]
