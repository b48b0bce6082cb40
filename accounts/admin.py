from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from .forms import AdminUserChangeForm, AdminUserCreationForm
from .models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):  # type: ignore[type-arg]  # no runtime generic here
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


from . import coins_admin  # noqa: E402,F401  (the coin ledger and rules)
