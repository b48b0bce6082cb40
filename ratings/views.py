"""The players' page on ratings («التصنيف»): how a match moves a rating, in their language."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games import registry

from . import scale


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "ratings/rules.html",
        {
            "games": [(g.id, _(g.title)) for g in registry.GAMES.values()],
            "start": scale.START,
            "points_per_mu": scale.POINTS_PER_MU,
            "provisional_sigma": scale.PROVISIONAL_SIGMA,
            "start_sigma": round(scale.START_SIGMA, 2),
        },
    )
