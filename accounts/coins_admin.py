"""The coins in the admin: the rules (every change audited: who, when, old → new), the ledger
(read-only: coins move only through ``accounts.coins``) and the reconciliation report."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from . import coins
from .models import (
    CoinAccount,
    CoinEntry,
    CoinRuleChange,
    CoinSettings,
    CoinTransaction,
    EarningRule,
    StakeLevel,
    User,
)


class AuditedRuleAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Records every added, changed or deleted value as a ``CoinRuleChange``."""

    audited: tuple[str, ...] = ()

    def _name(self, obj: Any) -> str:
        return f"{obj._meta.verbose_name}: {obj}"

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        before = type(obj).objects.filter(pk=obj.pk).first() if change else None
        old = {name: getattr(before, name) for name in self.audited} if before else {}
        super().save_model(request, obj, form, change)
        for name in self.audited:
            new = getattr(obj, name)
            if before is None or old[name] != new:
                CoinRuleChange.objects.create(
                    changed_by=_staff(request),
                    rule=self._name(obj),
                    field=name,
                    old="" if before is None else str(old[name]),
                    new=str(new),
                )

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        for name in self.audited:
            CoinRuleChange.objects.create(
                changed_by=_staff(request),
                rule=self._name(obj),
                field=name,
                old=str(getattr(obj, name)),
                new="",
            )
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        for obj in queryset:
            self.delete_model(request, obj)


@admin.register(CoinSettings)
class CoinSettingsAdmin(AuditedRuleAdmin):
    audited = ("fee_percent",)
    list_display = ("__str__", "fee_percent")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return super().has_add_permission(request) and not CoinSettings.objects.exists()

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(StakeLevel)
class StakeLevelAdmin(AuditedRuleAdmin):
    audited = ("amount", "active")
    list_display = ("amount", "active")
    list_filter = ("active",)


@admin.register(EarningRule)
class EarningRuleAdmin(AuditedRuleAdmin):
    audited = ("amount", "daily_limit", "active")
    list_display = ("kind", "amount", "daily_limit", "active")
    list_filter = ("active",)


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(CoinRuleChange)
class CoinRuleChangeAdmin(ReadOnlyAdmin):
    list_display = ("changed_at", "changed_by", "rule", "field", "old", "new")
    list_filter = ("rule", "field", "changed_by")
    search_fields = ("rule", "field", "old", "new")
    date_hierarchy = "changed_at"


class EntryInline(admin.TabularInline):  # type: ignore[type-arg]
    model = CoinEntry
    fields = ("account", "amount", "balance_after")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(CoinTransaction)
class CoinTransactionAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "key", "kind", "rule", "match_id", "coins_moved")
    list_filter = ("kind", "rule", "created_at")
    search_fields = ("key", "entries__account__user__username")
    date_hierarchy = "created_at"
    inlines = [EntryInline]
    change_list_template = "admin/accounts/cointransaction/change_list.html"

    @admin.display(description=_("coins moved"))
    def coins_moved(self, txn: CoinTransaction) -> int:
        return sum(entry.amount for entry in txn.entries.all() if entry.amount > 0)

    def get_queryset(self, request: HttpRequest) -> QuerySet[CoinTransaction]:
        return super().get_queryset(request).prefetch_related("entries")

    def get_urls(self) -> list[Any]:
        report = path(
            "reconciliation/",
            self.admin_site.admin_view(self.reconciliation),
            name="accounts_coin_reconciliation",
        )
        return [report, *super().get_urls()]

    def reconciliation(self, request: HttpRequest) -> HttpResponse:
        """sum(wallets) + house + pots = every coin ever issued, and the checks behind it."""
        if not self.has_view_permission(request):
            from django.core.exceptions import PermissionDenied

            raise PermissionDenied
        context = {
            **self.admin_site.each_context(request),
            "title": _("Coin reconciliation"),
            "opts": self.model._meta,
            "report": coins.audit(),
        }
        return TemplateResponse(request, "admin/accounts/coin_reconciliation.html", context)


@admin.register(CoinAccount)
class CoinAccountAdmin(ReadOnlyAdmin):
    list_display = ("pk", "kind", "owner", "balance", "fee_percent", "created_at")
    list_filter = ("kind",)
    search_fields = ("user__username", "user__display_name")

    @admin.display(description=_("owner"))
    def owner(self, account: CoinAccount) -> str:
        if account.user_id:
            url = reverse("admin:accounts_user_change", args=[account.user_id])
            return format_html('<a href="{}">{}</a>', url, account.user)
        if account.match_id:
            return str(_("match %(id)s") % {"id": account.match_id})
        return ""


def _staff(request: HttpRequest) -> User:
    """The admin's user (the admin site lets only logged-in staff in)."""
    user = request.user
    assert isinstance(user, User)
    return user
