from __future__ import annotations

import unicodedata
from typing import Any

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import UserChangeForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from . import names
from .models import User


def taken(field: str, key: str, exclude_pk: Any) -> bool:
    """Does another user already have this skeleton in ``field`` (username_key, name_key)?"""
    return User.objects.filter(**{field: key}).exclude(pk=exclude_pk).exists()


class NameRules(forms.ModelForm):  # type: ignore[type-arg]
    """The rules for names (``accounts.names``) on any form with a username and/or a display
    name: sign-up, profile, and the admin's user forms. Each name is checked on its own, then
    against every other player's: the username by its skeleton, the shown name (the display
    name, or the username without one) by its."""

    def clean_username(self) -> str:
        names.check_username(self.data.get(self.add_prefix("username"), "").strip())
        username = unicodedata.normalize("NFKC", self.cleaned_data["username"])
        names.check_username(username)
        if taken("username_key", names.skeleton(username), self.instance.pk):
            raise names.error("username_taken")
        return username

    def clean_display_name(self) -> str:
        typed = (self.cleaned_data.get("display_name") or "").strip()
        names.check_display_name(typed)  # before NFKC turns odd spaces into plain ones
        return unicodedata.normalize("NFKC", typed)

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        if self.has_error("username") or self.has_error("display_name"):
            return cleaned
        username = cleaned.get("username", self.instance.username)
        if "display_name" in self.fields:
            shown = cleaned.get("display_name") or username
            field = "display_name"
        else:
            shown = self.instance.display_name or username
            field = "username"
        if shown and taken("name_key", names.skeleton(shown), self.instance.pk):
            self.add_error(field, names.error("name_taken"))
        return cleaned


class SignUpForm(NameRules, UserCreationForm):  # type: ignore[type-arg]
    email = forms.EmailField(label=_("Email"), help_text=_("For resetting your password."))

    class Meta:
        model = User
        fields = ("username", "display_name", "email", "preferred_language")
        labels = {
            "username": _("Username"),
            "display_name": _("Display name"),
            "preferred_language": _("Preferred language"),
        }


class ProfileForm(NameRules):
    class Meta:
        model = User
        fields = ("display_name", "preferred_language", "seed")
        labels = {
            "display_name": _("Display name"),
            "preferred_language": _("Preferred language"),
        }


class AdminUserChangeForm(NameRules, UserChangeForm):  # type: ignore[type-arg]
    class Meta(UserChangeForm.Meta):  # type: ignore[name-defined,misc]
        model = User

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        password = self.fields.get("password")
        if password is not None and self.instance.has_usable_password():
            password.help_text = _(
                "Passwords are kept only as a hash: nobody can read a player's password. "
                "The button sets a new one."
            )


class AdminUserCreationForm(NameRules, auth_forms.AdminUserCreationForm):
    class Meta(auth_forms.AdminUserCreationForm.Meta):  # type: ignore[name-defined,misc]
        model = User


def name_clash(user: User) -> ValidationError:
    """The refusal for a save that lost a race to a look-alike name (the unique columns)."""
    if taken("username_key", names.skeleton(user.username), user.pk):
        return names.error("username_taken")
    return names.error("name_taken")
