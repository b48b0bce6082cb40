"""Players in the admin, and the permission lists named in the reader's language (Django stores
each permission's name in English; the admin shows it from the model's translated name)."""

from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin as BaseGroupAdmin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.models import Group, Permission
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from .forms import AdminUserChangeForm, AdminUserCreationForm
from .models import User

PERMISSION_ACTIONS = {
    "add": _("Can add %(model)s"),
    "change": _("Can change %(model)s"),
    "delete": _("Can delete %(model)s"),
    "view": _("Can view %(model)s"),
}


def permission_label(permission: Permission) -> str:
    """ "Lobby | Can view table" in the reader's language; a custom permission keeps its name."""
    model = permission.content_type.model_class()
    action = permission.codename.split("_", 1)[0]
    if model is None or action not in PERMISSION_ACTIONS:
        return str(permission)
    text = PERMISSION_ACTIONS[action] % {"model": model._meta.verbose_name}
    return f"{model._meta.app_config.verbose_name} | {text}"


class TranslatedPermissions:
    def formfield_for_manytomany(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        field = super().formfield_for_manytomany(db_field, request, **kwargs)  # type: ignore[misc]
        if db_field.name in ("permissions", "user_permissions") and field is not None:
            field.label_from_instance = permission_label
        return field


@admin.register(User)
class UserAdmin(TranslatedPermissions, BaseUserAdmin):  # type: ignore[type-arg]
    form = AdminUserChangeForm
    add_form = AdminUserCreationForm
    list_display = (
        "username",
        "display_name",
        "email",
        "preferred_language",
        "is_staff",
        "is_active",
        "date_joined",
        "last_login",
    )
    list_filter = ("is_staff", "is_superuser", "is_active", "preferred_language")
    search_fields = ("username", "display_name", "email")
    ordering = ("-date_joined",)
    fieldsets = (
        *(BaseUserAdmin.fieldsets or ()),
        (_("Sahrat"), {"fields": ("display_name", "preferred_language")}),
    )


admin.site.unregister(Group)


@admin.register(Group)
class GroupAdmin(TranslatedPermissions, BaseGroupAdmin):
    pass


from . import coins_admin  # noqa: E402,F401  (the coin ledger and rules)
