from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. Custom from the first migration so the coin wallet and profile can grow here."""

    class Language(models.TextChoices):
        ARABIC = "ar", "العربية"
        ENGLISH = "en", "English"

    email = models.EmailField(_("email address"), blank=True)
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    preferred_language = models.CharField(
        _("preferred language"), max_length=2, choices=Language.choices, default=Language.ARABIC
    )

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")

    def __str__(self) -> str:
        return self.display_name or self.username

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username
