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
    AUDITED_RULES,
    CoinAccount,
    CoinEntry,
    CoinRuleChange,
    CoinSettings,
    CoinTransaction,
    EarningRule,
    StakeLevel,
    User,
    rule_key,
)


class AuditedRuleAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Records every added, changed or deleted value as a ``CoinRuleChange``."""

    audited: tuple[str, ...] = ()

    def _name(self, obj: Any) -> str:
        return rule_key(obj)

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


#: the values of each rule the audit trail records, by the rule's model name
AUDITED_FIELDS: dict[str, tuple[str, ...]] = {
    "coinsettings": CoinSettingsAdmin.audited,
    "stakelevel": StakeLevelAdmin.audited,
    "earningrule": EarningRuleAdmin.audited,
}


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class RuleFilter(admin.SimpleListFilter):
    """The audit trail by kind of rule, named in the reader's language."""

    title = _("rule")
    parameter_name = "rule"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, Any]]:
        return [(name, model._meta.verbose_name) for name, model in AUDITED_RULES.items()]

    def queryset(self, request: Any, queryset: Any) -> Any:
        if self.value() in AUDITED_RULES:
            return queryset.filter(rule__startswith=f"{self.value()}:")
        return queryset


def _label(model: type[Any], field: str) -> str:
    return str(model._meta.get_field(field).verbose_name)


class FieldFilter(admin.SimpleListFilter):
    """The audit trail by changed value (a rule's field), named in the reader's language."""

    title = _("field")
    parameter_name = "field"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, Any]]:
        return [
            (f"{name}.{field}", f"{model._meta.verbose_name}: {_label(model, field)}")
            for name, model in AUDITED_RULES.items()
            for field in AUDITED_FIELDS[name]
        ]

    def queryset(self, request: Any, queryset: Any) -> Any:
        name, _dot, field = (self.value() or "").partition(".")
        if name in AUDITED_RULES and field in AUDITED_FIELDS[name]:
            return queryset.filter(rule__startswith=f"{name}:", field=field)
        return queryset


@admin.register(CoinRuleChange)
class CoinRuleChangeAdmin(ReadOnlyAdmin):
    list_display = (
        "changed_at",
        "changed_by",
        "rule_shown",
        "field_shown",
        "old_shown",
        "new_shown",
    )
    list_filter = (RuleFilter, FieldFilter, "changed_by")
    search_fields = ("rule", "field", "old", "new")
    date_hierarchy = "changed_at"
    fields = ("changed_at", "changed_by", "rule_shown", "field_shown", "old_shown", "new_shown")

    @admin.display(description=_("rule"), ordering="rule")
    def rule_shown(self, change: CoinRuleChange) -> str:
        return change.rule_label

    @admin.display(description=_("field"), ordering="field")
    def field_shown(self, change: CoinRuleChange) -> str:
        return change.field_label

    @admin.display(description=_("old value"))
    def old_shown(self, change: CoinRuleChange) -> str:
        return change.old_label

    @admin.display(description=_("new value"))
    def new_shown(self, change: CoinRuleChange) -> str:
        return change.new_label


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
    list_display = ("number", "created_at", "kind", "rule", "match_id", "coins_moved")
    list_filter = ("kind", "rule", "created_at")
    search_fields = ("key", "entries__account__user__username")
    date_hierarchy = "created_at"
    inlines = [EntryInline]
    change_list_template = "admin/accounts/cointransaction/change_list.html"

    @admin.display(description=_("number"), ordering="pk")
    def number(self, txn: CoinTransaction) -> int:
        return txn.pk

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
    list_display = ("number", "kind", "owner", "balance", "fee_percent", "created_at")
    list_filter = ("kind",)
    search_fields = ("user__username", "user__display_name")

    @admin.display(description=_("number"), ordering="pk")
    def number(self, account: CoinAccount) -> int:
        return account.pk

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
