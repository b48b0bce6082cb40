"""Ratings: one per player per game and mode, a history row per rated match per player, and the
admin's resets (audited). The model and the shown figure: ``ratings.scale``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from . import scale


class OfPlayerMode(models.Model):
    """A row about one player in one game and mode (``registry.Mode.key``)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="%(class)ss",
        verbose_name=_("player"),
    )
    game = models.CharField(_("game"), max_length=20)
    mode = models.CharField(_("mode"), max_length=20)

    class Meta:
        abstract = True


class Moved(OfPlayerMode):
    """A change to a player's rating: what it was before."""

    mu_before = models.FloatField(_("mu before"))
    sigma_before = models.FloatField(_("sigma before"))
    figure_before = models.IntegerField(_("rating before"))

    class Meta:
        abstract = True


class Rating(OfPlayerMode):
    """A player's rating in one game and mode. A player with no row has the starting rating."""

    mu = models.FloatField(_("skill (mu)"), default=scale.START_MU)
    sigma = models.FloatField(_("uncertainty (sigma)"), default=scale.START_SIGMA)
    #: the shown figure of (mu, sigma), kept so the leaderboard orders in the database
    figure = models.IntegerField(_("rating"), default=scale.START)
    #: rated matches since the rating started (or was last reset)
    matches = models.PositiveIntegerField(_("rated matches"), default=0)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        ordering = ["game", "mode", "-figure"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "mode"], name="one_rating_per_mode")
        ]
        indexes = [models.Index(fields=["game", "mode", "-figure"], name="rating_board")]

    def __str__(self) -> str:
        return f"{self.user} · {self.game} {self.mode}: {self.figure}"

    @property
    def skill(self) -> scale.Skill:
        return scale.Skill(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return scale.is_provisional(self.sigma)

    def set_skill(self, skill: scale.Skill) -> None:
        self.mu, self.sigma, self.figure = skill.mu, skill.sigma, skill.figure


class RatingChange(Moved):
    """What one rated match did to one player's rating: written once, with the match's archive
    (one per match and player: a second archive run finds it and writes nothing)."""

    match = models.ForeignKey(
        "games.Match",
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("match"),
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    mu_after = models.FloatField(_("mu after"))
    sigma_after = models.FloatField(_("sigma after"))
    figure_after = models.IntegerField(_("rating after"))
    #: when the match ended (the chart's time axis)
    at = models.DateTimeField(_("at"))

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="one_rating_change_per_match")
        ]
        indexes = [models.Index(fields=["user", "game", "mode", "at"], name="rating_history")]

    def __str__(self) -> str:
        return f"{self.user} · {self.match_id}: {self.figure_before} → {self.figure_after}"

    @property
    def change(self) -> int:
        return self.figure_after - self.figure_before


class RatingReset(Moved):
    """The audit trail of the admin's resets: who reset whose rating in which game and mode,
    when, and what it was."""

    reset_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("reset by"),
    )
    reset_at = models.DateTimeField(_("reset at"), default=timezone.now, db_index=True)
    matches_before = models.PositiveIntegerField(_("rated matches before"))

    class Meta:
        ordering = ["-reset_at", "-pk"]
        verbose_name = _("rating reset")
        verbose_name_plural = _("rating resets")

    def __str__(self) -> str:
        return f"{self.user} · {self.game} {self.mode}: {self.figure_before} → {scale.START}"
