from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class QueueEntry(models.Model):
    """One player waiting in quick play for a table of a game, mode and stake. The queue's
    state is these rows (a restart loses no one); Redis only keeps who still looks at the
    waiting page (``liveness``)."""

    class State(models.TextChoices):
        WAITING = "waiting", _("waiting")
        SEATED = "seated", _("seated")
        CANCELLED = "cancelled", _("cancelled")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="queue_entries",
        verbose_name=_("player"),
    )
    game = models.CharField(_("game"), max_length=20)
    mode = models.CharField(_("mode"), max_length=20)
    stake = models.PositiveIntegerField(_("stake"), default=0)
    #: the shown rating when the player joined: the matcher's figure
    rating = models.IntegerField(_("rating"))
    joined_at = models.DateTimeField(_("joined at"), db_index=True)
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.WAITING, db_index=True
    )
    #: why it was cancelled (a refusal's code, "cancelled" or "gone")
    reason = models.CharField(_("reason"), max_length=30, blank=True)
    table = models.ForeignKey(
        "lobby.Table",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("table"),
    )
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)

    class Meta:
        ordering = ["joined_at"]
        verbose_name = _("quick-play entry")
        verbose_name_plural = _("quick-play entries")
        constraints = [
            # a player waits in one queue at a time
            models.UniqueConstraint(
                fields=["user"], condition=Q(state="waiting"), name="one_waiting_entry_per_user"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game}:{self.mode} {self.state}"
