"""Every move appends one action row, so each index of the action log costs every move an entry
(and its WAL, replayed on the replica). Reads by round go through the unique (round, seq),
which begins with the round: no index of the round alone beside it. The player's index stays
(a deleted account's actions are found by it)."""

import pytest
from django.db import connection

from games.models import Action


@pytest.mark.django_db
def test_the_action_log_is_indexed_by_round_and_seq_and_by_player_only():
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, Action._meta.db_table)
    indexed = sorted(
        tuple(c["columns"])
        for c in constraints.values()
        if (c["index"] or c["unique"]) and not c["primary_key"] and c["columns"]
    )
    assert indexed == [("round_id", "seq"), ("user_id",)]
