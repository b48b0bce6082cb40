"""Tournaments in the admin: only staff create them (a trusted-player role comes later)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import services
from .models import Entrant, Pairing, Registration, Result, Round, Tournament
from .refusals import TournamentRefusal


class RegistrationInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Registration
    extra = 0
    raw_id_fields = ("user", "entrant")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "game", "mode", "format", "starts_at", "state", "entry_fee", "capacity")
    list_filter = ("game", "format", "state", "private")
    search_fields = ("name",)
    readonly_fields = ("created_by", "created_at", "finished_at")
    inlines = [RegistrationInline]
    actions = ["cancel_and_refund"]

    @admin.action(description=_("Cancel, and give every entry fee back"))
    def cancel_and_refund(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        refunded = 0
        for tournament in queryset:
            try:
                refunded += services.cancel(tournament.pk)
            except TournamentRefusal as refusal:
                self.message_user(request, f"{tournament}: {refusal.message}", messages.ERROR)
        self.message_user(
            request,
            ngettext("%(n)d entry fee given back.", "%(n)d entry fees given back.", refunded)
            % {"n": refunded},
        )

    def save_model(self, request, obj, form, change):  # type: ignore[no-untyped-def]
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("__str__", "tournament", "paused", "absent", "withdrawn")
    list_filter = ("paused", "absent", "withdrawn")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("tournament", "number", "state", "started_at", "finished_at")
    exclude = ("board_secrets",)


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("key", "tournament", "round", "side_a", "side_b", "match_id")
    readonly_fields = ("key",)


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("pairing", "entrant", "board", "score", "points", "counted")
