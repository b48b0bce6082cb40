"""Why a tournament says no: a stable ``code`` for clients and a message in the reader's
language."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from sahrat.refusals import Refusal

MESSAGES: dict[str, Promise] = {
    "already_registered": _("You are already registered for this tournament."),
    "registration_closed": _("Registration for this tournament has closed."),
    "entry_fee_unpaid": _("You do not have enough coins for this tournament's entry fee."),
    "tournament_full": _("This tournament is full."),
    "no_such_tournament": _("There is no such tournament."),
    "admins_only": _("Only the site's admins can create a tournament."),
    "join_code_needed": _("This tournament is private: you need its join code."),
    "not_cancellable": _("This tournament has finished or was already cancelled."),
    "no_such_pair": _("No pair of this tournament has that pair code."),
    "pair_full": _("That pair or team already has all its players."),
    "pairs_only": _("This tournament has no pairs: register without a pair code."),
    "arena_only": _("Only an arena can be paused."),
    "tournament_over": _("This tournament is over."),
    "not_registered": _("You are not registered for this tournament."),
    "duplicate_needs_pairs": _(
        "Duplicate is played by pairs of partners: choose Banakil partners or partnership Pinochle."
    ),
}


class TournamentRefusal(Refusal):
    """A tournament action that was refused; nothing changed."""

    MESSAGES = MESSAGES
