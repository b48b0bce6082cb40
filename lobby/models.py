from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts.models import player_id
from games import registry


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


def option_lines(game: registry.Game, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A table's options as the admin and the rules page show them: (label, value), both in
    the reader's language (yes/no, a choice's label), in the game's order."""
    lines = []
    for spec in game.specs:
        if spec.name not in options:
            continue
        value = options[spec.name]
        if isinstance(value, bool):
            shown = str(_("yes") if value else _("no"))
        elif (spec.name, value) in game.choice_labels:
            shown = str(_(game.choice_labels[spec.name, value]))
        else:
            shown = str(value)
        lines.append((str(_(game.option_labels.get(spec.name, spec.name))), shown))
    return lines


class Table(models.Model):
    """A table in the lobby, of one game (``games.registry``). ``options`` is that game's
    ``Options.to_dict()``; the columns players/target/stake/private copy from it so the lobby
    can filter on them."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")

    game = models.CharField(_("game"), max_length=20, default=registry.DEFAULT, db_index=True)
    options = models.JSONField(_("options"), default=dict)
    players = models.PositiveSmallIntegerField(_("players"), default=4)
    target = models.PositiveIntegerField(_("target"), default=222)
    stake = models.PositiveIntegerField(_("stake"), default=0, help_text=_("0 = free table"))
    private = models.BooleanField(_("private"), default=False)
    invite_token = models.CharField(
        _("invite token"), max_length=32, unique=True, default=new_invite_token
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.WAITING, db_index=True
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    #: the finished table whose players asked to play again here («صكة ثانية»)
    rematch_of = models.OneToOneField(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rematch",
        verbose_name=_("rematch of"),
    )
    #: the page of the event the table was opened for (a tournament's): its players go back
    #: there when the match ends, and the table has no rematch
    event_url = models.CharField(_("event page"), max_length=200, blank=True, default="")
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    #: its seated players' average rating, when a page asked for it (``views.with_ratings``)
    rating_average: int | None = None

    def __str__(self) -> str:
        return str(_("Table %(n)s") % {"n": self.pk})

    def get_absolute_url(self) -> str:
        return reverse("games:table", args=[self.pk])

    def get_invite_url(self) -> str:
        return reverse("lobby:invite", args=[self.invite_token])

    @property
    def is_coin_table(self) -> bool:
        return self.stake > 0

    @property
    def rated(self) -> bool:
        """Does this table's match move its players' ratings (its ``rated`` option)?"""
        return self.options.get("rated") is True

    @property
    def mode(self) -> str:
        """How this table is played (``registry.Mode.key``)."""
        return self.game_entry.mode_of(self.game_options)

    @property
    def game_entry(self) -> registry.Game:
        return registry.get(self.game)

    @property
    def game_options(self) -> Any:
        return self.game_entry.options(self.options)

    @property
    def side_bets(self) -> registry.SideBets | None:
        """What side bets are worth here in coins (Pinochle's checks at a coin table: a check's
        worth and each player's check reserve); None: none in coins."""
        return self.game_entry.side_bets(self.game_options)

    @property
    def coins_to_sit(self) -> int:
        """What a player needs in the wallet to sit: the stake, and the check reserve beside it
        at a coin table with checks (both leave the wallet when the match starts)."""
        bets = self.side_bets
        return self.stake + (bets.reserve if bets is not None else 0)

    @property
    def mode_label(self) -> str:
        """How this table is played (partners, one against one, a variant), in the reader's
        language."""
        key = self.mode
        return next((str(_(m.label)) for m in self.game_entry.modes if m.key == key), key)

    @property
    def house_rules(self) -> list[str]:
        """The house rules this table plays (the game's ``house_rules``: the kitty, concession…)
        in the reader's language, for its card."""
        rules = self.game_entry.house_rules.items()
        return [str(_(words)) for (name, value), words in rules if self.option(name) == value]

    def copy_options(self, options: Any) -> None:
        self.options = options.to_dict()
        self.players = options.players
        self.target = options.target
        self.stake = options.stake
        self.private = options.private

    def seat_map(self) -> list[Seat | None]:
        """Every seat number in order, ``None`` where nobody sits."""
        taken = {seat.number: seat for seat in self.seats.all()}
        return [taken.get(n) for n in range(self.players)]

    def has_player(self, user: Any) -> bool:
        """Is this user seated here? Never for an anonymous visitor (bots' seats have no user)."""
        user_id = player_id(user)
        return user_id is not None and any(seat.user_id == user_id for seat in self.seats.all())

    def open_seats(self) -> int:
        return self.players - len(self.seats.all())

    @property
    def game_title(self) -> str:
        return str(_(self.game_entry.title))

    def option(self, name: str) -> Any:
        return self.options.get(name)


class Seat(models.Model):
    """An occupied seat: a player or a bot. An empty seat has no row."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    number = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="seats",
        verbose_name=_("player"),
    )
    is_bot = models.BooleanField(_("bot"), default=False)
    joined_at = models.DateTimeField(_("sat down at"), auto_now_add=True)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_player_per_seat"),
            # A player sits at one table at a time: seats are released when a table finishes.
            models.UniqueConstraint(
                fields=["user"], condition=Q(user__isnull=False), name="one_seat_per_user"
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False, is_bot=False) | Q(user__isnull=True, is_bot=True),
                name="seat_is_a_player_or_a_bot",
            ),
        ]

    def __str__(self) -> str:
        return str(_("%(table)s, seat %(n)s") % {"table": self.table, "n": self.number + 1})

    @property
    def shown_name(self) -> str:
        if self.is_bot:
            return str(_("Bot %(n)s") % {"n": self.number + 1})
        assert self.user is not None
        return str(self.user.shown_name)
