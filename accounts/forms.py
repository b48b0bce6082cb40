from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from .models import User


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    email = forms.EmailField(label=_("Email"), help_text=_("For resetting your password."))

    class Meta:
        model = User
        fields = ("username", "display_name", "email", "preferred_language")
        labels = {
            "username": _("Username"),
            "display_name": _("Display name"),
            "preferred_language": _("Preferred language"),
        }


class ProfileForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = User
        fields = ("display_name", "preferred_language", "seed")
        labels = {
            "display_name": _("Display name"),
            "preferred_language": _("Preferred language"),
        }
