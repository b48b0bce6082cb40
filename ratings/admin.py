"""Ratings in the admin: read-only (they change only through rated matches), with one action,
a reset to the start (each recorded as a ``RatingReset``: who, when, what it was), the trail of
resets and every match's changes, and how the ratings spread per game and mode."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import registry
from games.admin import ModeFilter, ReadOnly

from . import services
from .models import Rating, RatingChange, RatingReset


@admin.register(Rating)
class RatingAdmin(ReadOnly, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("user", "game", "mode", "shown", "matches", "mu", "sigma", "updated_at")
    list_filter = ("game", ModeFilter)
    search_fields = ("user__username", "user__display_name")
    list_select_related = ("user",)
    actions = ["reset_ratings"]
    change_list_template = "admin/ratings/rating/change_list.html"

    @admin.display(description=_("rating"), ordering="figure")
    def shown(self, rating: Rating) -> str:
        return f"{rating.figure}?" if rating.provisional else str(rating.figure)

    def has_reset_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("ratings.change_rating")

    @admin.action(description=_("Reset the selected ratings to the start"), permissions=["reset"])
    def reset_ratings(self, request: HttpRequest, queryset: QuerySet[Rating]) -> None:
        done = 0
        for rating in queryset.select_related("user"):
            done += (
                services.reset(rating.user, rating.game, rating.mode, by=request.user) is not None
            )
        message = ngettext("%(n)d rating reset.", "%(n)d ratings reset.", done) % {"n": done}
        self.message_user(request, message, messages.SUCCESS)

    def get_urls(self) -> list[Any]:
        view = self.admin_site.admin_view(self.distribution)
        return [path("distribution/", view, name="ratings_distribution"), *super().get_urls()]

    def distribution(self, request: HttpRequest) -> HttpResponse:
        """How the ratings spread, per game and mode: players counted in bands of 100."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        boards = [
            {"title": services.mode_title(game.id, mode.key), "bands": bands}
            for game in registry.GAMES.values()
            for mode in game.modes
            if (bands := services.distribution(game.id, mode.key))
        ]
        context = {
            **self.admin_site.each_context(request),
            "title": _("How the ratings spread"),
            "opts": self.model._meta,
            "boards": boards,
            "band": services.BAND,
        }
        return TemplateResponse(request, "admin/ratings/distribution.html", context)


@admin.register(RatingReset)
class RatingResetAdmin(ReadOnly, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "reset_at",
        "user",
        "game",
        "mode",
        "figure_before",
        "matches_before",
        "reset_by",
    )
    list_filter = ("game", ModeFilter, "reset_at")
    search_fields = ("user__username", "reset_by__username")
    list_select_related = ("user", "reset_by")


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("at", "match", "user", "game", "mode", "figure_before", "figure_after")
    list_filter = ("game", ModeFilter, "at")
    search_fields = ("user__username",)
    list_select_related = ("user", "match")
