"""The tournaments list (upcoming, running, finished) and a tournament's page: registration,
the start, the entrants, the current round's pairings and the standings."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import registry

from . import services, swiss_rounds
from .models import Pairing, Registration, Tournament
from .refusals import TournamentRefusal

State = Tournament.State


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    public = Tournament.objects.filter(private=False)
    return render(
        request,
        "tournaments/index.html",
        {
            "groups": [
                (
                    _("Upcoming"),
                    "upcoming",
                    public.filter(state=State.UPCOMING).order_by("starts_at"),
                ),
                (_("Running"), "running", public.filter(state=State.RUNNING)),
                (_("Finished"), "finished", public.filter(state=State.FINISHED)[:20]),
            ],
        },
    )


@require_GET
def detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    try:
        tournament = Tournament.objects.get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise Http404 from None
    code = request.GET.get("code", "")
    registered = (
        request.user.is_authenticated
        and Registration.objects.filter(tournament=tournament, user_id=request.user.pk).exists()
    )
    if tournament.private and code != tournament.join_code and not registered:
        raise Http404
    standings = []
    if tournament.format == Tournament.Format.SWISS:
        names = dict(tournament.entrants.values_list("pk", "name"))
        standings = [
            {
                "place": s.place,
                "name": names[s.side],
                "points": s.points / 2,
                "buchholz": s.buchholz / 2,
            }
            for s in swiss_rounds.standings(tournament)
        ]
    current = tournament.round_set.order_by("-number").first()
    pairings = (
        Pairing.objects.filter(round=current).select_related("side_a", "side_b") if current else []
    )
    your_table = None
    if registered and current is not None and request.user.pk is not None:
        mine = Registration.objects.get(tournament=tournament, user_id=request.user.pk).entrant_id
        your_table = (
            Pairing.objects.filter(round=current, table_id__isnull=False)
            .filter(Q(side_a_id=mine) | Q(side_b_id=mine))
            .values_list("table_id", flat=True)
            .first()
        )
    pair_code = ""
    if registered and tournament.partnership and request.user.pk is not None:
        mine_entrant = Registration.objects.select_related("entrant").get(
            tournament=tournament, user_id=request.user.pk
        )
        if mine_entrant.entrant.players.count() < 2:
            pair_code = mine_entrant.entrant.pair_code
    game = registry.get(tournament.game)
    mode = next((m for m in game.modes if m.key == tournament.mode), None)
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "game_title": _(game.title),
            "mode_label": _(mode.label) if mode else tournament.mode,
            "entrants": tournament.entrants.order_by("pk"),
            "registered": registered,
            "open": tournament.state == State.UPCOMING,
            "code": code,
            "standings": standings,
            "round": current,
            "pairings": pairings,
            "your_table": your_table,
            "pair_code": pair_code,
        },
    )


@login_required
@require_POST
def register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    code = request.POST.get("code", "")
    try:
        services.register(tournament_id, request.user, code, request.POST.get("pair_code", ""))
    except TournamentRefusal as refusal:
        messages.error(request, refusal.message)
        if refusal.code == "no_such_tournament":
            return redirect("tournaments:index")
    else:
        messages.success(request, _("You are registered."))
    url = redirect("tournaments:detail", tournament_id=tournament_id).url
    return redirect(f"{url}?code={code}" if code else url)
