from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from sahrat.client_ip import client_ip

from . import throttle
from .coins import coin_balance
from .forms import ProfileForm, SignUpForm, name_clash

RESET_REFUSALS = {
    "reset_mail_client_limit": gettext_lazy(
        "Too many reset e-mails were asked from your network. Wait an hour, then ask again."
    ),
    "reset_mail_address_limit": gettext_lazy(
        "Too many reset e-mails were asked for this address. Wait an hour, then ask again; "
        "check your spam folder meanwhile."
    ),
}


def _with_language(response: HttpResponse, language: str) -> HttpResponse:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
    )
    return response


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("lobby:index")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = _save_names(form)
        if user is not None:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            welcome = _("Welcome to Sahrat, %(name)s!") % {"name": user.shown_name}
            messages.success(request, welcome)
            return _with_language(redirect("lobby:index"), user.preferred_language)
    return render(request, "accounts/signup.html", {"form": form})


def _save_names(form: Any) -> Any:
    """Save a form with names; a look-alike saved meanwhile (the unique columns) is a form
    error, not a server error."""
    try:
        with transaction.atomic():
            return form.save()
    except IntegrityError:
        form.add_error(None, name_clash(form.instance))
        return None


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = _save_names(form)
        if user is not None:
            messages.success(request, _("Your profile is saved."))
            return _with_language(redirect("accounts:profile"), user.preferred_language)
    context = {
        "form": form,
        "coins": coin_balance(request.user),
    }
    return render(request, "accounts/profile.html", context)


def reset_mail_refusal(request: HttpRequest, email: str) -> str | None:
    """Why no reset mail may go now (a code of ``RESET_REFUSALS``), or None; counts this ask.

    One client asks at most ``SAHRAT_RESET_MAILS_PER_CLIENT`` an hour, one address receives at
    most ``SAHRAT_RESET_MAILS_PER_ADDRESS``; an address counts whether or not it has an account.
    """
    client = client_ip(request) or "unknown"
    if throttle.count("reset-client", client) > settings.SAHRAT_RESET_MAILS_PER_CLIENT:
        return "reset_mail_client_limit"
    address = email.strip().lower()
    if throttle.count("reset-address", address) > settings.SAHRAT_RESET_MAILS_PER_ADDRESS:
        return "reset_mail_address_limit"
    return None


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset form, rate-limited: past a limit the form answers 429 and sends nothing."""

    def form_valid(self, form: Any) -> HttpResponse:
        code = reset_mail_refusal(self.request, form.cleaned_data["email"])
        if code is None:
            return super().form_valid(form)
        form.add_error(None, ValidationError(RESET_REFUSALS[code], code=code))
        return self.render_to_response(self.get_context_data(form=form), status=429)
