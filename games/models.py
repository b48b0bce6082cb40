"""Matches, rounds and the append-only action log from which every round replays exactly.

The game's engine (``games.registry``) holds the rules; these rows hold what happened. A round's
state is its deal (secret + client seed) plus its actions; ``Round.state`` holds the engine's JSON
of that as of the deal and the end, and a move only appends its action row (``Round.engine_state``
joins the two while the round is played). ``Match.record`` is the engine's match (first
dealer and each round's points), from which the dealer, the end and the winner come.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.models import player_id
from games import registry
from games.fair import ALGORITHM
from games.seats import SeatState


class Match(models.Model):
    """One match («صكة») at a table: rounds until a side reaches the target."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        ABANDONED = "abandoned", _("abandoned")

    class Abandoned(models.TextChoices):
        """Why a match was abandoned: its players stood up, or were away (missing their turns,
        or gone) all at once."""

        LEFT = "left", _("Every player left the table.")
        AWAY = "away", _("Every player missed their turns or left.")

    table = models.ForeignKey(
        "lobby.Table", on_delete=models.CASCADE, related_name="matches", verbose_name=_("table")
    )
    game = models.CharField(_("game"), max_length=20, default=registry.DEFAULT, db_index=True)
    #: how the game is played (``registry.Mode.key``: partners, one against one…), from the
    #: options when the match is saved: history, statistics and the leaderboard filter on it
    mode = models.CharField(_("mode"), max_length=20, blank=True)
    options = models.JSONField(_("options"))
    players = models.PositiveSmallIntegerField(_("players"))
    #: one ``SeatState`` per seat, as JSON (read and change it through ``seat_states``)
    seats = models.JSONField(_("seats"), default=list)
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), null=True, blank=True)
    #: the engine's match (``to_json``): the first dealer and every recorded round's points
    record = models.JSONField(_("record"), null=True, blank=True)
    #: each side's total (decimal strings), copied from the engine's match after every round
    totals = models.JSONField(_("totals"), default=list)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLAYING, db_index=True
    )
    #: the winning side (a team, or a seat where each plays for themselves)
    winner = models.PositiveSmallIntegerField(_("winner"), null=True, blank=True)
    #: an abandoned match: why (``Abandoned``); empty otherwise
    abandoned_why = models.CharField(
        _("why abandoned"), max_length=10, choices=Abandoned.choices, blank=True
    )
    #: the next round's secret, fixed when a round ends so its commitment can be shown on the
    #: score sheet; it moves to the next round when that opens (shown to nobody until revealed)
    next_secret = models.CharField(_("next round's secret"), max_length=64, blank=True)
    next_commitment = models.CharField(_("next round's commitment"), max_length=64, blank=True)
    #: set deals (duplicate boards): round n is dealt from ``deals[n-1]``'s ``secret`` and
    #: ``client_seed`` (no player seeds), the match ends after the last, and the secrets are
    #: revealed by whoever set them (``live.reveal``), not at each round's end. Empty: a match
    #: of fresh secrets and the players' seeds.
    deals = models.JSONField(_("set deals"), default=list, blank=True)
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        indexes = [
            models.Index(fields=["game", "mode", "status", "finished_at"], name="match_by_mode")
        ]

    def __str__(self) -> str:
        return str(_("Match %(id)s") % {"id": self.pk})

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.mode:
            self.mode = self.game_entry.mode_of(self.game_options)
            fields = kwargs.get("update_fields")
            if fields is not None:
                kwargs["update_fields"] = {*fields, "mode"}
        super().save(*args, **kwargs)

    @property
    def mode_label(self) -> str:
        """How this match was played, in the reader's language."""
        return next((str(_(m.label)) for m in self.game_entry.modes if m.key == self.mode), "")

    @property
    def game_title(self) -> str:
        return str(_(self.game_entry.title))

    def has_player(self, user: Any) -> bool:
        """Did this user sit at this match (even if they left)? Never an anonymous visitor:
        bots' seats have no user."""
        user_id = player_id(user)
        return user_id is not None and any(seat.user == user_id for seat in self.seat_states)

    @property
    def game_entry(self) -> registry.Game:
        return registry.get(self.game)

    @cached_property
    def game_options(self) -> Any:
        return self.game_entry.options(self.options)

    @property
    def against_bots(self) -> bool:
        """A bots table: one player, every other seat a bot's from the start. Nobody waits on
        the player there, so missed turns never end the match (a bot stands in)."""
        return sum(s.human for s in self.seat_states) == 1 and self.players > 1

    @property
    def rated(self) -> bool:
        """Does this match move its players' ratings (its table's ``rated`` option, as stored
        when the match began: a match from before ratings has none, and is not rated)?"""
        return self.options.get("rated") is True

    @property
    def seat_states(self) -> list[SeatState]:
        """Each seat's state, read from ``seats``. A move reads them several times, so they are
        parsed again only once ``seats`` differs from what they were read from (the states are
        frozen; each call gets a list of its own)."""
        seats = self.seats
        read = self.__dict__.get("_seat_states")
        if read is None or read[0] != seats:
            read = ([dict(s) for s in seats], [SeatState.from_dict(s) for s in seats])
            self.__dict__["_seat_states"] = read
        return list(read[1])

    def set_seats(self, states: list[SeatState]) -> None:
        self.seats = [s.to_dict() for s in states]

    def side_of(self, seat: int) -> int:
        return self.game_entry.side_of(self.game_options, seat)

    @property
    def sides(self) -> int:
        return self.game_entry.sides(self.game_options)

    def engine_match(self) -> Any:
        """The engine's match, rebuilt from ``record`` (None before the first deal)."""
        return None if self.record is None else self.game_entry.match_from_json(self.record)


class MatchPlayer(models.Model):
    """A player who sat at a match: history and statistics find a user's matches here."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="match_players", verbose_name=_("match")
    )
    user = models.ForeignKey(
        "accounts.User",
        on_delete=models.CASCADE,
        related_name="match_seats",
        verbose_name=_("player"),
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    side = models.PositiveSmallIntegerField(_("side"))
    #: filled when the match is archived (statistics add them up in the database): rounds this
    #: seat went out in («تخلّص»), of them all in one turn («نزلة وحدة»), and the stake result
    went_out = models.PositiveSmallIntegerField(_("rounds gone out"), default=0)
    nazlas = models.PositiveSmallIntegerField(_("all in one turn"), default=0)
    coins = models.IntegerField(_("coins at the stake"), default=0)

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_player_per_match_seat")
        ]
        indexes = [models.Index(fields=["user", "match"], name="match_player_by_user")]
        verbose_name = _("match player")
        verbose_name_plural = _("match players")

    def __str__(self) -> str:
        return str(
            _("%(player)s at seat %(seat)s of match %(match)s")
            % {"player": self.user, "seat": self.seat + 1, "match": self.match_id}
        )


class Round(models.Model):
    """One round («جولة»). Its secret is fixed (and its commitment published) before the deal;
    the secret is shown to nobody until ``revealed_at``."""

    class Status(models.TextChoices):
        SEEDING = "seeding", _("collecting seeds")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("match")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    dealer = models.PositiveSmallIntegerField(_("dealer"), null=True, blank=True)
    algorithm = models.CharField(_("shuffle algorithm"), max_length=32, default=ALGORITHM)
    secret = models.CharField(_("secret"), max_length=64)
    commitment = models.CharField(_("commitment"), max_length=64)
    #: each seat's seed, None until sent; joined in seat order into client_seed at the deal
    seeds = models.JSONField(_("seeds"), default=list)
    client_seed = models.CharField(_("client seed"), max_length=300, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.SEEDING, db_index=True
    )
    turn_no = models.PositiveIntegerField(_("turn number"), default=0)
    turn_seat = models.PositiveSmallIntegerField(_("seat to play"), null=True, blank=True)
    deadline = models.DateTimeField(_("turn deadline"), null=True, blank=True)
    #: when the round's pending clock task wakes (one at a time: a turn that starts before it
    #: wakes leaves it be, and it re-arms for the turn then running; see ``schedule.arm_clock``)
    clock_at = models.DateTimeField(_("clock task due"), null=True, blank=True)
    #: every change anyone can see bumps it; each message carries it so clients see gaps
    event_no = models.PositiveIntegerField(_("event number"), default=0)
    action_count = models.PositiveIntegerField(_("actions"), default=0)
    #: the engine's to_dict(), written at the deal and at the end of the round; while the round
    #: is played, the actions since are the Action rows (``engine_state`` joins the two)
    state = models.JSONField(_("state"), null=True, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    dealt_at = models.DateTimeField(_("dealt at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    revealed_at = models.DateTimeField(_("secret revealed at"), null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_round_number_per_match")
        ]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return str(_("Round %(n)s of match %(id)s") % {"n": self.number, "id": self.match_id})

    def engine(self) -> registry.Round:
        """Rebuild the engine's round (a replay: every check on)."""
        return self.match.game_entry.round_from_json(self.engine_state())

    def engine_state(self) -> dict[str, Any]:
        """The engine's JSON as of now: the stored ``state`` with the actions logged since it
        was written (a move appends its Action row and leaves the state as it was)."""
        assert self.state is not None, "the round has not been dealt"
        state: dict[str, Any] = self.state
        written = len(state["actions"])
        if written >= self.action_count:
            return state
        later = (  # only up to this row's count: a reader without the lock may see more
            Action.objects.filter(round=self, seq__gt=written, seq__lte=self.action_count)
            .order_by("seq")
            .values_list("seat", "payload")
        )
        return {**state, "actions": state["actions"] + [[seat, act] for seat, act in later]}


class Action(models.Model):
    """One applied action, exactly the engine's dict. Append-only."""

    class Actor(models.TextChoices):
        PLAYER = "player", _("player")
        BOT = "bot", _("bot")
        TIMEOUT = "timeout", _("time-out")

    # no index of its own: the unique (round, seq) below begins with it and serves every read
    # by round; a second index would cost every move an insert more (and its WAL, replayed on
    # the replica)
    round = models.ForeignKey(
        Round,
        on_delete=models.CASCADE,
        related_name="actions",
        verbose_name=_("round"),
        db_index=False,
    )
    seq = models.PositiveIntegerField(_("sequence number"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    payload = models.JSONField(_("action"))
    actor = models.CharField(_("played by"), max_length=8, choices=Actor.choices)
    user = models.ForeignKey(
        "accounts.User",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("player"),
    )
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        ordering = ["round", "seq"]
        constraints = [models.UniqueConstraint(fields=["round", "seq"], name="one_action_per_seq")]
        verbose_name = _("action")
        verbose_name_plural = _("actions")

    def __str__(self) -> str:
        return str(
            _("%(round)s, action %(seq)s (seat %(seat)s)")
            % {"round": self.round, "seq": self.seq, "seat": self.seat + 1}
        )

    def as_pair(self) -> tuple[int, dict[str, Any]]:
        return self.seat, self.payload


class Archive(models.Model):
    """A finished or abandoned match, kept for history: every round's log (zlib-compressed JSON)
    and a summary the history pages read. Its existence marks the match archived."""

    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, related_name="archive", verbose_name=_("match")
    )
    status = models.CharField(_("status"), max_length=10, choices=Match.Status.choices)
    #: zlib of the JSON list of rounds: secret, commitment, client_seed, dealer, state, actions
    log = models.BinaryField(_("compressed log"))
    summary = models.JSONField(_("summary"))
    archived_at = models.DateTimeField(_("archived at"), auto_now_add=True)

    class Meta:
        verbose_name = _("archive")
        verbose_name_plural = _("archives")

    def __str__(self) -> str:
        return str(_("Archive of match %(id)s") % {"id": self.match_id})
