from typing import Any

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import Seat, Table


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


class SeatInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Seat
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "id",
        "status",
        "players",
        "target",
        "stake",
        "private",
        "created_by",
        "created_at",
        "started_at",
    )
    list_filter = ("status", "players", "private", KindFilter)
    search_fields = (
        "id",
        "created_by__username",
        "created_by__display_name",
        "seats__user__username",
    )
    readonly_fields = ("invite_token", "created_at", "started_at", "finished_at")
    raw_id_fields = ("created_by",)
    date_hierarchy = "created_at"
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("table", "number", "user", "is_bot", "joined_at")
    list_filter = ("is_bot", "table__status")
    search_fields = ("user__username", "user__display_name", "table__id")
    raw_id_fields = ("table", "user")
