"""Matches and rounds in the admin, read-only: they change only through the live layer. Seats are
named as every page names them; a round's secret shows only once it is revealed."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html_join
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from lobby.admin import GameFilter
from lobby.models import option_lines

from . import registry
from .history import seat_names
from .models import Match, MatchPlayer, Round


class ReadOnly:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ModeFilter(admin.SimpleListFilter):
    title = _("mode")
    parameter_name = "mode"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, Any]]:
        modes = {m.key: m.label for game in registry.GAMES.values() for m in game.modes}
        return [(key, _(label)) for key, label in modes.items()]

    def queryset(self, request: Any, queryset: Any) -> Any:
        return queryset.filter(mode=self.value()) if self.value() else queryset


def _side(match: Match, side: int | None) -> str:
    if side is None:
        return "—"
    if match.sides == 2 and match.players == 4:
        return gettext("Team A") if side == 0 else gettext("Team B")
    return seat_names(match.seat_states)[side]


class MatchPlayerInline(ReadOnly, admin.TabularInline):  # type: ignore[type-arg]
    model = MatchPlayer
    fields = ("seat_number", "user", "side_shown", "went_out", "nazlas", "coins")
    readonly_fields = fields
    extra = 0

    @admin.display(description=_("seat"))
    def seat_number(self, player: MatchPlayer) -> int:
        return player.seat + 1

    @admin.display(description=_("side"))
    def side_shown(self, player: MatchPlayer) -> str:
        return _side(player.match, player.side)


class RoundInline(ReadOnly, admin.TabularInline):  # type: ignore[type-arg]
    model = Round
    fields = ("number", "status", "dealer_shown", "action_count", "dealt_at", "finished_at")
    readonly_fields = fields
    extra = 0
    show_change_link = True

    @admin.display(description=_("dealer"))
    def dealer_shown(self, rnd: Round) -> str:
        return _seat(rnd.match, rnd.dealer)


def _seat(match: Match, seat: int | None) -> str:
    if seat is None:
        return "—"
    return seat_names(match.seat_states)[seat]


@admin.register(Match)
class MatchAdmin(ReadOnly, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "number",
        "game_shown",
        "mode_shown",
        "table",
        "status",
        "seats_shown",
        "totals_shown",
        "winner_shown",
        "started_at",
        "finished_at",
    )
    list_filter = (GameFilter, ModeFilter, "status", "table__private")
    search_fields = ("id", "table__id", "match_players__user__username")
    date_hierarchy = "started_at"
    fields = (
        "game_shown",
        "mode_shown",
        "table",
        "status",
        "seats_shown",
        "totals_shown",
        "winner_shown",
        "options_shown",
        "started_at",
        "finished_at",
    )
    readonly_fields = fields
    inlines = [MatchPlayerInline, RoundInline]

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).select_related("table")

    @admin.display(description=_("number"), ordering="pk")
    def number(self, match: Match) -> int:
        return match.pk

    @admin.display(description=_("game"), ordering="game")
    def game_shown(self, match: Match) -> str:
        return match.game_title

    @admin.display(description=_("mode"), ordering="mode")
    def mode_shown(self, match: Match) -> str:
        return match.mode_label

    @admin.display(description=_("seats"))
    def seats_shown(self, match: Match) -> str:
        return pgettext("list separator", ", ").join(
            seat_names(match.seat_states, standing_in=True)
        )

    @admin.display(description=_("totals"))
    def totals_shown(self, match: Match) -> Any:
        """Each side's total isolated, in the page's reading order (side A first)."""
        totals = [(registry.score_text(t),) for t in match.totals]
        return format_html_join(" – ", "<bdi>{}</bdi>", totals)

    @admin.display(description=_("winner"), ordering="winner")
    def winner_shown(self, match: Match) -> str:
        return _side(match, match.winner)

    @admin.display(description=_("options"))
    def options_shown(self, match: Match) -> Any:
        lines = option_lines(match.game_entry, match.options)
        return format_html_join("", "<div>{}: <strong>{}</strong></div>", lines)


@admin.register(Round)
class RoundAdmin(ReadOnly, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("__str__", "status", "dealer_shown", "action_count", "dealt_at", "finished_at")
    list_filter = ("status",)
    search_fields = ("id", "match__id")
    fields = (
        "match",
        "number",
        "status",
        "dealer_shown",
        "algorithm",
        "commitment",
        "client_seed",
        "secret_shown",
        "action_count",
        "created_at",
        "dealt_at",
        "finished_at",
        "revealed_at",
    )
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).select_related("match")

    @admin.display(description=_("dealer"))
    def dealer_shown(self, rnd: Round) -> str:
        return _seat(rnd.match, rnd.dealer)

    @admin.display(description=_("secret"))
    def secret_shown(self, rnd: Round) -> str:
        """Hidden until the round is over and revealed: nobody, staff included, sees a deal's
        secret while the round is played."""
        return rnd.secret if rnd.revealed_at else gettext("hidden until the round ends")
