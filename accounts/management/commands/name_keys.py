"""``manage.py name_keys``: recompute every user's name skeletons (``accounts.names``).

Needed only when the look-alike data changes (an upgrade of ``confusable-homoglyphs`` or of
``accounts.names.skeleton``): the stored keys are what sign-ups and profile changes are compared
with. Players whose names now clash with an earlier player's are listed; they keep their names
(their keys stay unique) until an admin renames them."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import User
from accounts.names import refill_keys


class Command(BaseCommand):
    help = "Recompute every user's username and shown-name skeletons; list look-alike clashes."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            clashes = refill_keys(User.objects)
        for user, field in clashes:
            what = "username" if field == "username_key" else "shown name"
            self.stdout.write(f"clash: user {user.pk} ({user.username}): {what} looks like another")
        self.stdout.write(f"name_keys: {User.objects.count()} users, {len(clashes)} clash(es)")
