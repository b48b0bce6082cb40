"""Every move updates its round's row. On PostgreSQL the round table leaves half of each new
page free, so those updates stay on the row's page with no new index entry (HOT): with full
pages four in five were written elsewhere, with an entry in each of the round's five indexes,
all of it replayed on the replica (decision 147)."""

import pytest
from django.db import connection

from games.models import Round


@pytest.mark.django_db
def test_the_round_table_fills_half_of_each_new_page_on_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("a storage parameter of PostgreSQL's tables")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT reloptions FROM pg_class WHERE oid = %s::regclass", [Round._meta.db_table]
        )
        (options,) = cursor.fetchone()
    assert "fillfactor=50" in (options or [])
