from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import FieldDoesNotExist
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .names import skeleton


def player_id(user: Any) -> int | None:
    """The id of a logged-in player; ``None`` for an anonymous visitor (or nobody).

    A bot's seat has no user (NULL) and an anonymous visitor's ``pk`` is ``None`` too, so a
    check like ``seats.filter(user_id=user.pk)`` would seat every visitor in every bot's chair.
    Every "is this user seated here" asks this first and stops at ``None``.
    """
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    pk = getattr(user, "pk", None)
    return pk if isinstance(pk, int) else None


class User(AbstractUser):
    """A player. Custom from the first migration so the coin wallet and profile can grow here."""

    class Language(models.TextChoices):
        ARABIC = "ar", "العربية"
        ENGLISH = "en", "English"

    email = models.EmailField(_("email address"), blank=True)
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    #: a seed of the player's own for every deal they sit at (the fair shuffle's client seed);
    #: blank: the web client makes a fresh random one each round
    seed = models.CharField(
        _("my seed"),
        max_length=64,
        blank=True,
        validators=[
            RegexValidator(
                r"^[A-Za-z0-9_-]{0,64}$", _("A seed is at most 64 letters, digits, _ or -.")
            )
        ],
        help_text=_(
            "Optional: your own text mixed into every deal you sit at, so you know the shuffle "
            "could not be prepared without it. Leave it blank for a fresh random seed each round."
        ),
    )
    preferred_language = models.CharField(
        _("preferred language"), max_length=2, choices=Language.choices, default=Language.ARABIC
    )
    #: what the username and the shown name look like (``accounts.names.skeleton``): unique,
    #: so two look-alike names never both land, whichever path writes them
    username_key = models.CharField(
        _("username as it looks"), max_length=600, unique=True, editable=False
    )
    name_key = models.CharField(
        _("shown name as it looks"), max_length=600, unique=True, editable=False
    )

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")

    def __str__(self) -> str:
        return self.display_name or self.username

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.username_key = skeleton(self.username)
        self.name_key = skeleton(self.shown_name)
        fields = kwargs.get("update_fields")
        if fields is not None and {"username", "display_name"} & set(fields):
            kwargs["update_fields"] = {*fields, "username_key", "name_key"}
        super().save(*args, **kwargs)


# --- coins («عملات»): a double-entry ledger and the admin's coin rules ---------------------------


class CoinAccount(models.Model):
    """Where coins sit: a player's wallet, the house (table fees), one pot per coin match (the
    stakes), one reserve per coin match with side bets (each player's reserve for Pinochle's
    checks), and the source every earned coin comes from. ``balance`` caches the sum of the
    account's entries (the audit checks it); only the source may go below zero, by exactly the
    coins ever issued."""

    class Kind(models.TextChoices):
        WALLET = "wallet", _("wallet")
        HOUSE = "house", _("house (table fees)")
        POT = "pot", _("match pot")
        RESERVE = "reserve", _("match reserve (checks)")
        SOURCE = "source", _("earnings source")
        EVENT = "event", _("event pot (entry fees)")

    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    user = models.OneToOneField(
        User,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="coin_account",
        verbose_name=_("user"),
    )
    #: pots and reserves only: the match whose stakes (or reserves) it holds (an id: the ledger
    #: knows no game); one of each kind per match
    match_id = models.BigIntegerField(_("match"), null=True, blank=True)
    #: event pots only: the event (a tournament) whose entry fees it holds (an id: the ledger
    #: knows no tournament); one per event
    event_id = models.BigIntegerField(_("event"), null=True, blank=True)
    balance = models.BigIntegerField(_("balance"), default=0)
    #: pots only: the table fee in force when the stakes went in (the match is settled by it)
    fee_percent = models.PositiveSmallIntegerField(_("fee percent"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("coin account")
        verbose_name_plural = _("coin accounts")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(balance__gte=0) | models.Q(kind="source"),
                name="coin_balance_never_negative",
            ),
            models.CheckConstraint(
                condition=models.Q(balance__lte=0) | ~models.Q(kind="source"),
                name="coin_source_only_issues",
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(
                        kind="wallet", user__isnull=False, match_id__isnull=True, event_id=None
                    )
                    | models.Q(
                        kind__in=["pot", "reserve"],
                        user__isnull=True,
                        match_id__isnull=False,
                        event_id=None,
                    )
                    | models.Q(
                        kind__in=["house", "source"],
                        user__isnull=True,
                        match_id__isnull=True,
                        event_id=None,
                    )
                    | models.Q(
                        kind="event", user__isnull=True, match_id__isnull=True, event_id__gt=0
                    )
                ),
                name="coin_account_owner_fits_kind_or_event",
            ),
            models.UniqueConstraint(
                fields=["kind"],
                condition=models.Q(kind__in=["house", "source"]),
                name="one_house_and_one_source",
            ),
            models.UniqueConstraint(
                fields=["kind", "match_id"],
                condition=models.Q(match_id__isnull=False),
                name="one_pot_and_one_reserve_per_match",
            ),
            models.UniqueConstraint(
                fields=["event_id"],
                condition=models.Q(event_id__isnull=False),
                name="one_pot_per_event",
            ),
        ]

    def __str__(self) -> str:
        if self.kind == self.Kind.WALLET:
            return str(_("wallet of %(user)s") % {"user": self.user})
        if self.kind == self.Kind.POT:
            return str(_("pot of match %(id)s") % {"id": self.match_id})
        if self.kind == self.Kind.RESERVE:
            return str(_("reserve of match %(id)s") % {"id": self.match_id})
        if self.kind == self.Kind.EVENT:
            return str(_("pot of event %(id)s") % {"id": self.event_id})
        return str(self.get_kind_display())


class EarningKind(models.TextChoices):
    """The earning rules' kinds (``EarningRule.kind``, and ``CoinTransaction.rule`` of an
    earning)."""

    SIGNUP = "signup", _("sign-up grant")
    FREE_MATCH = "free_match", _("a completed match at a free table")
    DAILY_ROUND = "daily_round", _("daily bonus for playing a round")


class CoinTransaction(models.Model):
    """One movement of coins: balanced entries (they sum to zero) under a unique idempotency
    ``key``, so a retried stake, payout, refund or grant is found, never paid twice."""

    class Kind(models.TextChoices):
        STAKE = "stake", _("stake")
        PAYOUT = "payout", _("payout")
        REFUND = "refund", _("stake back")
        RESERVE = "reserve", _("check reserve")
        CHECKS = "checks", _("checks settled")
        EARN = "earn", _("earned")
        ENTRY = "entry", _("entry fee")
        PRIZE = "prize", _("prize")
        FEE_BACK = "fee_back", _("entry fee back")

    key = models.CharField(_("idempotency key"), max_length=120, unique=True)
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, db_index=True)
    #: earnings only: the earning rule's kind
    rule = models.CharField(
        _("earning rule"), max_length=16, choices=EarningKind.choices, blank=True, db_index=True
    )
    #: the match a stake, payout, refund, reserve, checks or match earning belongs to (an id: no
    #: game here)
    match_id = models.BigIntegerField(_("match"), null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(_("time"), default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("coin transaction")
        verbose_name_plural = _("coin transactions")

    def __str__(self) -> str:
        return str(
            _("Transaction %(id)s: %(kind)s") % {"id": self.pk, "kind": self.get_kind_display()}
        )


class CoinEntry(models.Model):
    """One leg of a transaction: ``amount`` coins into (positive) or out of (negative) an
    account, and that account's balance right after it. Append-only."""

    transaction = models.ForeignKey(
        CoinTransaction,
        on_delete=models.PROTECT,
        related_name="entries",
        verbose_name=_("transaction"),
    )
    account = models.ForeignKey(
        CoinAccount, on_delete=models.PROTECT, related_name="entries", verbose_name=_("account")
    )
    amount = models.BigIntegerField(_("amount"))
    balance_after = models.BigIntegerField(_("balance after"))

    class Meta:
        ordering = ["pk"]
        verbose_name = _("coin entry")
        verbose_name_plural = _("coin entries")
        indexes = [models.Index(fields=["account", "-id"], name="coin_entry_account_latest")]
        constraints = [
            models.CheckConstraint(condition=~models.Q(amount=0), name="coin_entry_not_zero"),
        ]

    def __str__(self) -> str:
        return f"{self.amount:+d} {self.account}"


class CoinSettings(models.Model):
    """The admin's coin settings (one row): the table fee («رسم الطاولة») in percent."""

    fee_percent = models.PositiveSmallIntegerField(
        _("table fee (percent)"),
        default=10,
        validators=[MinValueValidator(0), MaxValueValidator(100)],
        help_text=_("Taken from each coin match's pot; the winning team shares the rest."),
    )

    class Meta:
        verbose_name = _("coin settings")
        verbose_name_plural = _("coin settings")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(fee_percent__lte=100), name="coin_fee_at_most_100"
            ),
        ]

    def __str__(self) -> str:
        return str(_("Table fee %(fee)s%%") % {"fee": self.fee_percent})

    @classmethod
    def load(cls) -> CoinSettings:
        settings_row, _created = cls.objects.get_or_create(pk=1)
        return settings_row


class StakeLevel(models.Model):
    """A stake a coin table may be opened with."""

    amount = models.PositiveIntegerField(
        _("stake"), unique=True, validators=[MinValueValidator(1), MaxValueValidator(1_000_000)]
    )
    active = models.BooleanField(_("offered"), default=True)

    class Meta:
        ordering = ["amount"]
        verbose_name = _("stake level")
        verbose_name_plural = _("stake levels")
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="coin_stake_positive"),
        ]

    def __str__(self) -> str:
        return str(_("%(n)s coins") % {"n": self.amount})


class EarningRule(models.Model):
    """How players earn coins («عملات») by playing; coins are never sold."""

    Kind = EarningKind

    #: what a rule gives before an admin has touched it
    DEFAULTS: dict[str, dict[str, int]] = {
        "signup": {"amount": 500, "daily_limit": 0},
        "free_match": {"amount": 50, "daily_limit": 10},
        "daily_round": {"amount": 100, "daily_limit": 1},
    }

    kind = models.CharField(_("rule"), max_length=16, choices=Kind.choices, unique=True)
    amount = models.PositiveIntegerField(_("coins"), validators=[MaxValueValidator(1_000_000)])
    daily_limit = models.PositiveIntegerField(
        _("limit per player per day"),
        default=0,
        help_text=_(
            "Completed matches paid per player per day (0 = no limit). The sign-up "
            "grant is given once and the daily bonus once a day whatever this says."
        ),
    )
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["kind"]
        verbose_name = _("earning rule")
        verbose_name_plural = _("earning rules")

    def __str__(self) -> str:
        return str(self.get_kind_display())

    @classmethod
    def current(cls, kind: str) -> EarningRule:
        rule, _created = cls.objects.get_or_create(kind=kind, defaults=cls.DEFAULTS[kind])
        return rule


#: the models whose changes the audit trail records, by ``_meta.model_name``
AUDITED_RULES: dict[str, type[models.Model]] = {
    "coinsettings": CoinSettings,
    "stakelevel": StakeLevel,
    "earningrule": EarningRule,
}


def rule_key(rule: models.Model) -> str:
    """How the audit trail names a rule, whatever the reader's language: ``earningrule:signup``,
    ``stakelevel:250``, ``coinsettings:``; the pages show it translated (``rule_label``)."""
    if isinstance(rule, EarningRule):
        ident = rule.kind
    elif isinstance(rule, StakeLevel):
        ident = str(rule.amount)
    else:
        ident = ""
    return f"{rule._meta.model_name}:{ident}"


class CoinRuleChange(models.Model):
    """The audit trail of the coin rules: who changed what, when, from what to what. ``rule``
    and ``field`` are keys (``rule_key``, a field's name); ``rule_label`` and ``field_label``
    show them in the reader's language."""

    changed_by = models.ForeignKey(
        User,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("changed by"),
    )
    changed_at = models.DateTimeField(_("changed at"), default=timezone.now, db_index=True)
    rule = models.CharField(_("rule"), max_length=80)
    field = models.CharField(_("field"), max_length=40)
    old = models.CharField(_("old value"), max_length=200, blank=True)
    new = models.CharField(_("new value"), max_length=200, blank=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]
        verbose_name = _("coin rule change")
        verbose_name_plural = _("coin rule changes")

    def __str__(self) -> str:
        return f"{self.rule_label} · {self.field_label}: {self.old_label} → {self.new_label}"

    def _rule(self) -> tuple[type[models.Model] | None, str]:
        name, colon, ident = self.rule.partition(":")
        return (AUDITED_RULES.get(name) if colon else None), ident

    @property
    def rule_label(self) -> str:
        model, ident = self._rule()
        if model is None:
            return self.rule  # a change recorded before the keys: its text as written then
        what = ""
        if model is EarningRule:
            what = str(EarningKind(ident).label) if ident in EarningKind.values else ident
        elif model is StakeLevel:
            what = str(_("%(n)s coins") % {"n": ident})
        kind = str(model._meta.verbose_name)
        return f"{kind}: {what}" if what else kind

    def _field(self) -> models.Field[Any, Any] | None:
        model, _ident = self._rule()
        if model is None:
            return None
        try:
            field = model._meta.get_field(self.field)
        except FieldDoesNotExist:
            return None
        return field if isinstance(field, models.Field) else None

    @property
    def field_label(self) -> str:
        field = self._field()
        return self.field if field is None else str(field.verbose_name)

    def _value(self, value: str) -> str:
        if isinstance(self._field(), models.BooleanField) and value in ("True", "False"):
            return str(_("yes") if value == "True" else _("no"))
        return value

    @property
    def old_label(self) -> str:
        return self._value(self.old)

    @property
    def new_label(self) -> str:
        return self._value(self.new)
