"""Every move updates its round's row (the turn, the clock, the count of actions). PostgreSQL
keeps such an update on the row's own page, with no new entry in any of the round's five
indexes (a HOT update), only when the page has room: at the default fill the pages of rounds
being played are full, and four updates in five were written anew elsewhere with an entry in
every index, on the primary and again in the replica's replay. Half of each new page is left
free for them (decision 147). Nothing to do on SQLite."""

from django.db import migrations

#: percent of a new page the rows of the round table fill when inserted
ROUND_FILLFACTOR = 50


def _alter_rounds(apps, schema_editor, change: str) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("games", "Round")._meta.db_table)
    schema_editor.execute(f"ALTER TABLE {table} {change}")


def leave_room(apps, schema_editor):
    _alter_rounds(apps, schema_editor, f"SET (fillfactor = {ROUND_FILLFACTOR})")


def fill_pages(apps, schema_editor):
    _alter_rounds(apps, schema_editor, "RESET (fillfactor)")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_action_round_index_in_the_unique_one"),
    ]

    operations = [migrations.RunPython(leave_room, fill_pages)]
