from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_save
from django.utils.translation import gettext_lazy as _


def _grant_signup(
    sender: Any, instance: Any, created: bool, raw: bool = False, **kwargs: Any
) -> None:
    """Every new player gets the sign-up grant (the admin's earning rule), in the same
    transaction as their account."""
    if created and not raw:
        from .coins import grant_signup

        grant_signup(instance)


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        post_save.connect(
            _grant_signup, sender=self.get_model("User"), dispatch_uid="accounts.grant_signup"
        )
