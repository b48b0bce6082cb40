"""Why the lobby says no: a stable ``code`` for clients and a message in the reader's language."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from sahrat.refusals import Refusal

MESSAGES: dict[str, Promise] = {
    "seat_taken": _("That seat is taken."),
    "table_full": _("This table is full."),
    "already_seated": _("You are already sitting at a table. Leave it first."),
    "not_enough_coins": _("You do not have enough coins for this table's stake."),
    "bad_stake": _("A coin table's stake must be one of the stake levels."),
    "bad_option": _("A table option has a bad value."),
    "unknown_option": _("Unknown table option."),
    "unknown_game": _("Sahrat does not have that game."),
    "no_such_seat": _("There is no such seat at this table."),
    "not_seated": _("You are not sitting at this table."),
    "table_not_open": _("This table is no longer taking players."),
    "invite_needed": _("This table is private: you need its invite link."),
    "bots_not_allowed": _("Bots cannot sit at this table (coin table, or bots are off)."),
    "no_empty_seat": _("There is no empty seat to fill."),
    "table_not_full": _("The table starts when every seat is taken."),
}


class LobbyRefusal(Refusal):
    """A lobby action that was refused; nothing changed."""

    MESSAGES = MESSAGES
    SHOW_DETAIL = True
