"""Matches, rounds and the append-only action log from which every round replays exactly.

The engine (``games.banakil``) holds the rules; these rows hold what happened. A round's state is
its deal (secret + client seed) plus its actions; ``Round.state`` caches the engine's JSON of that
so a move needs one row, not the whole log.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cached_property
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import player_id
from games.banakil import Options
from games.banakil import Round as EngineRound
from games.banakil.fair import ALGORITHM


class Match(models.Model):
    """One match («صكة») at a table: rounds until a team reaches the target."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        ABANDONED = "abandoned", _("abandoned")

    table = models.ForeignKey(
        "lobby.Table", on_delete=models.CASCADE, related_name="matches", verbose_name=_("table")
    )
    options = models.JSONField(_("options"))
    players = models.PositiveSmallIntegerField(_("players"))
    #: one entry per seat: {"user": id or None, "name": str, "bot": bool (a bot plays it now),
    #: "away": bool, "timeouts": consecutive time-outs}
    seats = models.JSONField(_("seats"), default=list)
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), null=True, blank=True)
    total_a = models.DecimalField(_("team A"), max_digits=9, decimal_places=1, default=Decimal(0))
    total_b = models.DecimalField(_("team B"), max_digits=9, decimal_places=1, default=Decimal(0))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLAYING, db_index=True
    )
    winner_team = models.PositiveSmallIntegerField(_("winning team"), null=True, blank=True)
    #: the next round's secret, fixed when a round ends so its commitment can be shown on the
    #: score sheet; it moves to the next round when that opens (shown to nobody until revealed)
    next_secret = models.CharField(max_length=64, blank=True)
    next_commitment = models.CharField(max_length=64, blank=True)
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return f"match {self.pk} at table {self.table_id}"

    @cached_property
    def game_options(self) -> Options:
        return Options.from_dict(self.options)

    def has_player(self, user: Any) -> bool:
        """Did this user sit at this match (even if they left)? Never an anonymous visitor:
        bots' seats have no user."""
        user_id = player_id(user)
        return user_id is not None and any(seat.get("user") == user_id for seat in self.seats)

    @property
    def totals(self) -> list[Decimal]:
        return [self.total_a, self.total_b]


class Round(models.Model):
    """One round («جولة»). Its secret is fixed (and its commitment published) before the deal;
    the secret is shown to nobody until ``revealed_at``."""

    class Status(models.TextChoices):
        SEEDING = "seeding", _("collecting seeds")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    dealer = models.PositiveSmallIntegerField(_("dealer"), null=True, blank=True)
    algorithm = models.CharField(max_length=32, default=ALGORITHM)
    secret = models.CharField(_("secret"), max_length=64)
    commitment = models.CharField(_("commitment"), max_length=64)
    #: each seat's seed, None until sent; joined in seat order into client_seed at the deal
    seeds = models.JSONField(default=list)
    client_seed = models.CharField(_("client seed"), max_length=300, blank=True)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.SEEDING, db_index=True
    )
    turn_no = models.PositiveIntegerField(default=0)
    turn_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    deadline = models.DateTimeField(_("turn deadline"), null=True, blank=True)
    #: every change anyone can see bumps it; each message carries it so clients see gaps
    event_no = models.PositiveIntegerField(default=0)
    action_count = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True)  # the engine's to_dict(): deal + actions
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    dealt_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    revealed_at = models.DateTimeField(_("secret revealed at"), null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_round_number_per_match")
        ]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"round {self.number} of match {self.match_id}"

    def engine(self) -> EngineRound:
        """Rebuild the engine's round from the snapshot (a replay: every check on)."""
        assert self.state is not None, "the round has not been dealt"
        return EngineRound.from_json(self.state)


class Action(models.Model):
    """One applied action, exactly the engine's dict. Append-only."""

    class Actor(models.TextChoices):
        PLAYER = "player", _("player")
        BOT = "bot", _("bot")
        TIMEOUT = "timeout", _("time-out")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    payload = models.JSONField()
    actor = models.CharField(max_length=8, choices=Actor.choices)
    user = models.ForeignKey(
        "accounts.User", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "seq"]
        constraints = [models.UniqueConstraint(fields=["round", "seq"], name="one_action_per_seq")]

    def __str__(self) -> str:
        return f"{self.round} #{self.seq} seat {self.seat}: {self.payload}"

    def as_pair(self) -> tuple[int, dict[str, Any]]:
        return self.seat, self.payload


class Archive(models.Model):
    """A finished or abandoned match, kept for history: every round's log (zlib-compressed JSON)
    and a summary the history pages read. Its existence marks the match archived."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="archive")
    status = models.CharField(_("status"), max_length=10, choices=Match.Status.choices)
    #: zlib of the JSON list of rounds: secret, commitment, client_seed, dealer, state, actions
    log = models.BinaryField(_("compressed log"))
    summary = models.JSONField(_("summary"))
    archived_at = models.DateTimeField(_("archived at"), auto_now_add=True)

    class Meta:
        verbose_name = _("archive")
        verbose_name_plural = _("archives")

    def __str__(self) -> str:
        return f"archive of match {self.match_id}"
