"""The project's own app configs: the log-in lock-outs (django-axes) named in the reader's
language in the admin."""

from axes.apps import AppConfig as AxesAppConfig
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

#: django-axes's admin words its own Arabic catalog lacks; listed here so ``make messages``
#: keeps them in ours (the project's catalog is read before an app's)
AXES_WORDS = (
    gettext_noop("Access Attempt"),
    gettext_noop("Attempt Remaining"),
    gettext_noop("Clean up expired attempts"),
    gettext_noop("Expires At"),
    gettext_noop("Locked Out"),
    gettext_noop("Not set"),
    gettext_noop("Session key hash (sha256)"),
    gettext_noop("The time when access attempt expires and is no longer valid."),
    gettext_noop("access attempt expiration"),
    gettext_noop("access attempt expirations"),
)


class AxesConfig(AxesAppConfig):  # type: ignore[misc]  # axes ships no types
    verbose_name = _("Log-in lock-outs")
