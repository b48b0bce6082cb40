"""A player's ratings where other apps' pages show them (the profile, the public player page):
``{% ratings_of person as lines %}`` and ``{% rating_chart lines as chart %}`` (the chart's
data, for ``json_script``)."""

from __future__ import annotations

from typing import Any

from django import template

from ratings.services import Line
from ratings.services import ratings_of as lines_of

register = template.Library()


@register.simple_tag
def ratings_of(user: Any) -> list[Line]:
    """The player's rating per game and mode, with its history."""
    return lines_of(user)


@register.simple_tag
def rating_chart(lines: list[Line]) -> list[dict[str, Any]]:
    """Every line as the chart draws it: its title, figure and history (ISO time, figure)."""
    return [line.to_json() for line in lines]
