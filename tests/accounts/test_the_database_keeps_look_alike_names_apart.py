"""The uniqueness is the database's, not only the forms': each user stores the skeletons of
their username and shown name in columns with unique constraints, so two sign-ups racing for
look-alike names cannot both land, whatever path creates them. The migration that adds the
columns fills them for players who signed up before, and keeps earlier look-alikes apart.
"""

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from accounts.models import User
from accounts.names import skeleton

pytestmark = pytest.mark.django_db


def test_the_orm_cannot_store_two_look_alike_names(alice):
    assert alice.name_key == skeleton("Alice") and alice.username_key == skeleton("alice")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(
            username="mallory", password="x-long-secret-1", display_name="АLICE"
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(username="ALICE", password="x-long-secret-1", display_name="Al")


def test_the_keys_follow_a_change_of_name(alice):
    alice.display_name = "Alia"
    alice.save()
    assert User.objects.get(pk=alice.pk).name_key == skeleton("Alia")
    alice.display_name = ""
    alice.save()
    assert User.objects.get(pk=alice.pk).name_key == skeleton("alice")


@pytest.mark.django_db(transaction=True)
def test_the_migration_fills_the_keys_of_earlier_players():
    executor = MigrationExecutor(connection)
    before = [("accounts", "0004_user_seed")]
    after = [("accounts", "0005_user_name_keys")]
    executor.migrate(before)
    old = executor.loader.project_state(before).apps.get_model("accounts", "User")
    first = old.objects.create(username="layla", display_name="Layla", password="!")
    second = old.objects.create(username="LAYLA2", display_name="LAYLA", password="!")
    third = old.objects.create(username="Sara", display_name="", password="!")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)
    new = executor.loader.project_state(after).apps.get_model("accounts", "User")
    keys = {u.pk: (u.username_key, u.name_key) for u in new.objects.all()}
    assert keys[first.pk] == (skeleton("layla"), skeleton("Layla"))
    assert keys[third.pk] == (skeleton("Sara"), skeleton("Sara"))
    # the later look-alike keeps its name but gets a key no real name can have
    assert (
        keys[second.pk][1].startswith(skeleton("LAYLA")) and keys[second.pk][1] != keys[first.pk][1]
    )
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_name_keys_recomputes_the_keys_and_lists_clashes(alice, bob):
    User.objects.filter(pk=bob.pk).update(name_key="stale", display_name="ALICE")
    out = StringIO()
    call_command("name_keys", stdout=out)
    bob.refresh_from_db()
    assert bob.name_key == f"{skeleton('ALICE')}\u2028{bob.pk}"
    assert f"clash: user {bob.pk} (bob): shown name" in out.getvalue()
    assert User.objects.get(pk=alice.pk).name_key == skeleton("Alice")
