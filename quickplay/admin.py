from django.contrib import admin

from .models import QueueEntry


@admin.register(QueueEntry)
class QueueEntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Quick play's queue, read-only: the matcher and the players change it."""

    list_display = ("user", "game", "mode", "stake", "rating", "state", "reason", "joined_at")
    list_filter = ("state", "game", "mode")
    search_fields = ("user__username",)
    readonly_fields = [f.name for f in QueueEntry._meta.fields]

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False
