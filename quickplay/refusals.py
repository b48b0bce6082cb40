"""Why quick play says no: a stable ``code`` and a message in the reader's language."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from sahrat.refusals import Refusal

MESSAGES: dict[str, Promise] = {
    "already_queued": _("You are already waiting for a table in quick play."),
    "unknown_game": _("Sahrat does not have that game."),
    "unknown_mode": _("That game is not played that way in quick play."),
    "bad_stake": _("A coin table's stake must be one of the stake levels."),
    "not_enough_coins": _("You do not have enough coins for this stake."),
    "already_playing": _("You are sitting at a table. Leave it before quick play."),
    "not_queued": _("You are not waiting in quick play."),
}


class QuickPlayRefusal(Refusal):
    """A quick-play action that was refused; nothing changed."""

    MESSAGES = MESSAGES
