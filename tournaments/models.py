"""Tournaments («بطولات»): an admin's event of one game and mode in one format (arena, Swiss or
duplicate), its entrants (a player, or a pair that stays together), its rounds, its pairings
(each made once: keyed) and its results.

Nothing below (games, lobby, accounts) imports this app; it creates and watches tables only
through the live layer's functions. Pairing and scoring are pure modules
(``tournaments.swiss``, ``tournaments.arena``, ``tournaments.duplicate``)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from games import registry

#: the (game, mode) pairs whose sides are two partners sitting opposite at a four-seat table:
#: the modes duplicate is played in (pairs that stay together, north-south against east-west)
PARTNERSHIP_MODES = frozenset({("banakil", "2v2"), ("pinochle", "single"), ("pinochle", "double")})


def table_shape(game: str, mode: str) -> tuple[int, int]:
    """A table of the mode as (sides at it, players in a side), from the game's own count of
    seats and sides: (2, 1) one against one, (2, 2) partners, (3, 1) three-handed and
    cutthroat, (2, 3) six-handed's two teams of three, (4, 2) eight-handed's four pairs. An
    event's side is an entrant of that many players; side t's j-th player sits at seat
    t + sides × j, so the game's side of every seat (``seat % sides``) is the entrant's place
    at the table."""
    entry = registry.get(game)
    found = next(m for m in entry.modes if m.key == mode)
    options = entry.options(dict(found.options))
    sides = int(entry.sides(options))
    return sides, int(options.players) // sides


def new_join_code() -> str:
    return secrets.token_urlsafe(9)


def default_prize_split() -> list[int]:
    return [50, 30, 20]


class Tournament(models.Model):
    class Format(models.TextChoices):
        ARENA = "arena", _("arena")
        SWISS = "swiss", _("Swiss")
        DUPLICATE = "duplicate", _("duplicate")

    class State(models.TextChoices):
        UPCOMING = "upcoming", _("upcoming")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")

    name = models.CharField(_("name"), max_length=80)
    game = models.CharField(
        _("game"), max_length=20, choices=registry.choices(), default=registry.DEFAULT
    )
    #: the game's mode key (``registry.Mode.key``), e.g. partners or one against one
    mode = models.CharField(_("mode"), max_length=20)
    format = models.CharField(_("format"), max_length=10, choices=Format.choices)
    starts_at = models.DateTimeField(_("starts at"), db_index=True)
    #: arena: how long it runs
    minutes = models.PositiveIntegerField(_("minutes"), null=True, blank=True)
    #: Swiss and duplicate: how many rounds
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    #: duplicate: boards (deals) per round
    boards_per_round = models.PositiveSmallIntegerField(_("boards per round"), default=3)
    #: arena: matches that end later than this after the end do not count
    grace_seconds = models.PositiveIntegerField(_("grace (seconds)"), default=60)
    rated = models.BooleanField(_("rated"), default=False)
    entry_fee = models.PositiveIntegerField(_("entry fee"), default=0, help_text=_("0 = free"))
    #: percent of the pot (less the house fee) to the first, second, third… place
    prize_split = models.JSONField(_("prize split"), default=default_prize_split)
    house_fee_percent = models.PositiveSmallIntegerField(
        _("house fee percent"), default=10, validators=[MaxValueValidator(100)]
    )
    capacity = models.PositiveIntegerField(_("capacity"), validators=[MinValueValidator(2)])
    turn_seconds = models.PositiveSmallIntegerField(_("turn seconds"), default=30)
    #: the game's own table options for every match of the event, over the mode's (e.g. a
    #: lower ``target`` for a quick arena); checked by the game as a table's options are
    table_options = models.JSONField(_("table options"), default=dict, blank=True)
    private = models.BooleanField(_("private"), default=False)
    join_code = models.CharField(_("join code"), max_length=20, default=new_join_code)
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.UPCOMING, db_index=True
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(house_fee_percent__lte=100), name="tournament_fee_at_most_all"
            ),
            models.CheckConstraint(
                condition=~models.Q(format="arena") | models.Q(minutes__isnull=False),
                name="arena_has_minutes",
            ),
            models.CheckConstraint(
                condition=models.Q(format="arena") | models.Q(rounds__isnull=False),
                name="swiss_and_duplicate_have_rounds",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def shape(self) -> tuple[int, int]:
        """(sides at a table, players in a side): ``table_shape``."""
        return table_shape(self.game, self.mode)

    @property
    def side_size(self) -> int:
        return self.shape[1]

    @property
    def partnership(self) -> bool:
        """Whether a side is a team that registers together (two partners, or six-handed's
        three), its players sitting apart round the table."""
        return self.side_size > 1

    def clean(self) -> None:
        from django.core.exceptions import ValidationError

        errors: dict[str, Any] = {}
        try:
            # only the modes played at tables: an event's matches are tables
            modes = {mode.key for mode in registry.get(self.game).modes if mode.at_tables}
        except registry.UnknownGame:
            modes = set()
            errors["game"] = _("Sahrat does not have that game.")
        if modes and self.mode not in modes:
            errors["mode"] = _("That game has no such mode.")
        elif modes:
            game = registry.get(self.game)
            mode = next(m for m in game.modes if m.key == self.mode)
            if not isinstance(self.table_options, dict):
                errors["table_options"] = _("The table options are a mapping of option to value.")
            else:
                try:
                    game.options({**self.table_options, **mode.options})
                except game.invalid_options as bad:
                    errors["table_options"] = str(bad)
        if self.format == self.Format.ARENA and not self.minutes:
            errors["minutes"] = _("An arena needs its length in minutes.")
        if self.format == self.Format.DUPLICATE and (self.game, self.mode) not in PARTNERSHIP_MODES:
            errors["format"] = _("Duplicate is played by pairs: choose a partnership mode.")
        if self.format != self.Format.ARENA and not self.rounds:
            errors["rounds"] = _("A Swiss or duplicate event needs its rounds.")
        split = self.prize_split
        if (
            not isinstance(split, list)
            or not all(isinstance(p, int) and p >= 0 for p in split)
            or sum(split) != 100
        ):
            errors["prize_split"] = _("The prize split is a list of percents that add up to 100.")
        if errors:
            raise ValidationError(errors)


class Entrant(models.Model):
    """A registration: one player, or a pair (duplicate and partnership modes) that stays
    together for the event. The fee is paid per player (``Registration``)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entrants", verbose_name=_("tournament")
    )
    name = models.CharField(_("name"), max_length=120, blank=True)
    #: partnership events: the code the first player of a pair passes to their partner, who
    #: registers with it to join the pair (empty for a one-player side)
    pair_code = models.CharField(_("pair code"), max_length=20, blank=True, db_index=True)
    #: arena: a paused entrant is not paired until they return
    paused = models.BooleanField(_("paused"), default=False)
    #: marked at the start when absent (Swiss: a loss for that round; arena: paired when back)
    absent = models.BooleanField(_("absent"), default=False)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "pk"]
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")

    def __str__(self) -> str:
        return self.name or str(self.pk)


class Registration(models.Model):
    """One player in one tournament (at most once), as (part of) an entrant."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="registrations",
        verbose_name=_("tournament"),
    )
    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="players", verbose_name=_("entrant")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="tournament_registrations",
        verbose_name=_("player"),
    )
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"], name="one_registration_per_player"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.tournament}"


class Round(models.Model):
    """A Swiss or duplicate round (an arena has one running round). Duplicate: the round's board
    secrets are committed (their hashes) before it starts and revealed after it."""

    class State(models.TextChoices):
        PAIRED = "paired", _("paired")
        PLAYING = "playing", _("playing")
        DONE = "done", _("done")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="round_set", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.PAIRED)
    #: duplicate: one secret per board (hex), hidden until the round is done
    board_secrets = models.JSONField(_("board secrets"), default=list, blank=True)
    #: duplicate: their sha256 commitments, shown from the start
    board_commitments = models.JSONField(_("board commitments"), default=list, blank=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} #{self.number}"


class Pairing(models.Model):
    """Who plays whom at one table (or a bye when ``side_b`` is empty). ``key`` makes it once:
    a retried pairing task finds its key and pairs nobody twice."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pairings", verbose_name=_("tournament")
    )
    round = models.ForeignKey(
        Round,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="pairings",
        verbose_name=_("round"),
    )
    key = models.CharField(_("key"), max_length=120, unique=True)
    side_a = models.ForeignKey(
        Entrant, on_delete=models.PROTECT, related_name="+", verbose_name=_("side A")
    )
    side_b = models.ForeignKey(
        Entrant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("side B"),
    )
    #: a table of more than two sides (three-handed, eight-handed): the further sides' entrant
    #: ids, in their order at the table after A and B
    more_sides = models.JSONField(_("more sides"), default=list, blank=True)
    #: the table the live layer opened for it, and its match (ids: the tables are the live
    #: layer's); set once, under the pairing's lock
    table_id = models.BigIntegerField(_("table"), null=True, blank=True)
    match_id = models.BigIntegerField(_("match"), null=True, blank=True)
    created_at = models.DateTimeField(_("paired at"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "pk"]
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")

    def __str__(self) -> str:
        return self.key

    @property
    def sides(self) -> list[int]:
        """Every side at the table in its order (side A first; a bye or absence: A alone)."""
        return [self.side_a_id, *([self.side_b_id] if self.side_b_id else []), *self.more_sides]


class Result(models.Model):
    """A side's outcome in a pairing (Swiss, arena) or on a board (duplicate): ``points`` in the
    format's scale, and the raw game ``score`` (duplicate's matchpoints compare it)."""

    pairing = models.ForeignKey(
        Pairing, on_delete=models.CASCADE, related_name="results", verbose_name=_("pairing")
    )
    entrant = models.ForeignKey(
        Entrant, on_delete=models.PROTECT, related_name="results", verbose_name=_("entrant")
    )
    #: duplicate: the board's number within the round (0 for a whole match)
    board = models.PositiveSmallIntegerField(_("board"), default=0)
    score = models.IntegerField(_("game score"), default=0)
    #: Swiss: 1, ½ or 0 in half points (2, 1, 0); arena: the awarded points
    points = models.IntegerField(_("points"), default=0)
    counted = models.BooleanField(_("counted"), default=True)
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")
        constraints = [
            models.UniqueConstraint(
                fields=["pairing", "entrant", "board"], name="one_result_per_side_and_board"
            )
        ]

    def __str__(self) -> str:
        return f"{self.pairing} {self.entrant}: {self.points}"
