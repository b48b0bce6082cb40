"""The table options as players name them (their words: docs/rules/banakil.md, "The players'
words")."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

OPTION_LABELS: dict[str, Promise] = {
    "players": _("Players"),
    "target": _("Match target (points)"),
    "turn_seconds": _("Turn time (seconds)"),
    "out_bonus": _("Go-out bonus"),
    "nazla_bonus": _("All-in-one-turn bonus"),
    "nazla_bonus_no_melds": _("All-in-one-turn bonus when the other team has no meld down"),
    "nazla_final_throw": _("All in one turn may end with a throw"),
    "pile_card_must_be_used": _("A card taken from the table pile must go down"),
    "partner_layoff_needs_own_meld": _("Lay off on partner's melds only after your own meld"),
    "bots": _("Bots may fill empty seats (free tables)"),
    "private": _("Private table (join by invite link)"),
    "stake": _("Stake in coins (0 = free table)"),
}

OPTION_HELP: dict[str, Promise] = {
    "target": _("Leave empty for the mode's default: 222 for partners, 150 for one against one."),
    "stake": _("A coin table never seats bots."),
}

MODE_LABELS: dict[int, Promise] = {
    4: _("Partners (4 players)"),
    2: _("One against one"),
}
