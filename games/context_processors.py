"""What every page's header and footer say Sahrat is: evenings of Gulf card games, named from
the registry (a new game needs no template change)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext, pgettext

from . import registry


def names_list(names: list[str]) -> str:
    """ "Banakil and Pinochle", «بناكل وبينوكل»; "A, B and C" for three."""
    if len(names) < 2:
        return "".join(names)
    head = pgettext("list separator", ", ").join(names[:-1])
    return gettext("{first} and {last}").format(first=head, last=names[-1])


def brand(request: HttpRequest) -> dict[str, Any]:
    """``brand_games``: every game Sahrat plays, by name, in the reader's language."""
    return {"brand_games": names_list([gettext(g.title) for g in registry.GAMES.values()])}
