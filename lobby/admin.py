"""Tables in the admin: the list (filter by game, status, private, stake), each table's options
in the reader's language and its seats. Tables change through the lobby and the live layer, so
the admin only reads them and may delete a table that still waits."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy as _

from games import registry

from .models import Seat, Table, option_lines


class GameFilter(admin.SimpleListFilter):
    """By game, each named in the reader's language (the column holds the game's id)."""

    title = _("game")
    parameter_name = "game"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, Any]]:
        return [(game_id, _(title)) for game_id, title in registry.choices()]

    def queryset(self, request: Any, queryset: Any) -> Any:
        if self.value() in registry.GAMES:
            return queryset.filter(game=self.value())
        return queryset


class KindFilter(admin.SimpleListFilter):
    title = _("kind")
    parameter_name = "kind"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, Any]]:
        return [("free", _("free table")), ("coin", _("coin table"))]

    def queryset(self, request: Any, queryset: Any) -> Any:
        if self.value() == "free":
            return queryset.filter(stake=0)
        if self.value() == "coin":
            return queryset.filter(stake__gt=0)
        return queryset


class ReadOnly:
    """Seen, never added or changed here."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(ReadOnly, admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    extra = 0
    fields = ("seat_number", "user", "is_bot", "joined_at")
    readonly_fields = fields
    can_delete = False

    @admin.display(description=_("seat"))
    def seat_number(self, seat: Seat) -> int:
        return seat.number + 1


@admin.register(Table)
class TableAdmin(ReadOnly, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "number",
        "game_shown",
        "mode_shown",
        "status",
        "players",
        "stake",
        "private",
        "created_by",
        "created_at",
        "started_at",
    )
    list_filter = (GameFilter, "status", "private", KindFilter, "stake", "players")
    search_fields = (
        "id",
        "created_by__username",
        "created_by__display_name",
        "seats__user__username",
    )
    fields = (
        "game_shown",
        "mode_shown",
        "status",
        "players",
        "target",
        "stake",
        "private",
        "options_shown",
        "invite_token",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
    )
    readonly_fields = fields
    date_hierarchy = "created_at"
    inlines = [SeatInline]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """Only a table that still waits (no match, no coins at stake) may be deleted."""
        allowed = super().has_delete_permission(request, obj)
        return allowed and (obj is None or obj.status == Table.Status.WAITING)

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).select_related("created_by")

    @admin.display(description=_("number"), ordering="pk")
    def number(self, table: Table) -> int:
        return table.pk

    @admin.display(description=_("game"), ordering="game")
    def game_shown(self, table: Table) -> str:
        return table.game_title

    @admin.display(description=_("mode"))
    def mode_shown(self, table: Table) -> str:
        return table.mode_label

    @admin.display(description=_("options"))
    def options_shown(self, table: Table) -> Any:
        lines = option_lines(table.game_entry, table.options)
        return format_html_join("", "<div>{}: <strong>{}</strong></div>", lines)


@admin.register(Seat)
class SeatAdmin(ReadOnly, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("table", "seat_number", "user", "is_bot", "joined_at")
    list_filter = ("is_bot", "table__status")
    search_fields = ("user__username", "user__display_name", "table__id")
    fields = ("table", "seat_number", "user", "is_bot", "joined_at")
    readonly_fields = fields

    @admin.display(description=_("seat"), ordering="number")
    def seat_number(self, seat: Seat) -> int:
        return seat.number + 1
