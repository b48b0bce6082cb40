"""The tournaments list (upcoming, running, finished) and a tournament's page: registration,
the start, the entrants, the current round's pairings and the standings."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import registry

from . import duplicate_runs, services
from .models import Pairing, Registration, Tournament
from .refusals import TournamentRefusal
from .standings import rows as standings_rows

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


def _visible(request: HttpRequest, tournament_id: int) -> tuple[Tournament, bool]:
    """The tournament if this reader may see it (public, or its code, or registered), and
    whether they are registered; else 404."""
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
    return tournament, registered


@require_GET
def traveller(request: HttpRequest, tournament_id: int, number: int, board: int) -> HttpResponse:
    """A duplicate board's traveller: every table's result on it, shown only once every table
    has finished it; the replay and Verify links once the round is over (the secrets are
    revealed and the tables opened then)."""
    tournament, _registered = _visible(request, tournament_id)
    made = tournament.round_set.filter(number=number).first()
    if (
        tournament.format != Tournament.Format.DUPLICATE
        or made is None
        or not 1 <= board <= len(made.board_secrets)
    ):
        raise Http404
    rows = duplicate_runs.traveller(made, board)
    done = made.state == made.State.DONE
    return render(
        request,
        "tournaments/traveller.html",
        {
            "tournament": tournament,
            "round": made,
            "board": board,
            "commitment": made.board_commitments[board - 1],
            "secret": made.board_secrets[board - 1] if done else None,
            "rows": None
            if rows is None
            else [{**vars(row), "pairing": row.pairing, "net": row.ns - row.ew} for row in rows],
            "round_done": done,
        },
    )


@require_GET
def detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament, registered = _visible(request, tournament_id)
    code = request.GET.get("code", "")
    standings = standings_rows(tournament)
    current = tournament.round_set.order_by("-number").first()
    names = {e.pk: str(e) for e in tournament.entrants.all()}
    pairings = Pairing.objects.filter(round=current)
    if current is None:
        pairings = pairings.none()
    elif tournament.format == Tournament.Format.ARENA:
        pairings = pairings.filter(results__isnull=True, side_b__isnull=False)
    tables = [{"names": [names.get(side, "") for side in p.sides]} for p in pairings.distinct()]
    entrant = None
    if registered and request.user.pk is not None:
        entrant = (
            Registration.objects.select_related("entrant")
            .get(tournament=tournament, user_id=request.user.pk)
            .entrant
        )
    your_table = None
    if entrant is not None and current is not None:
        your_table = next(
            (
                p.table_id
                for p in Pairing.objects.filter(
                    round=current, table_id__isnull=False, results__isnull=True
                ).order_by("-pk")
                if entrant.pk in p.sides
            ),
            None,
        )
    my_matches = []
    if entrant is not None:
        for p in (
            Pairing.objects.filter(tournament=tournament)
            .select_related("round")
            .prefetch_related("results")
            .order_by("pk")
        ):
            if entrant.pk not in p.sides:
                continue
            mine = [r for r in p.results.all() if r.entrant_id == entrant.pk]
            others = " · ".join(names.get(side, "") for side in p.sides if side != entrant.pk)
            if p.side_b_id is None and tournament.format == Tournament.Format.DUPLICATE:
                outcome = _("absent")
            elif tournament.format == Tournament.Format.DUPLICATE:
                outcome = (
                    _("%(boards)s boards played") % {"boards": len(mine)} if mine else _("in play")
                )
            elif not mine:
                outcome = _("in play")
            elif p.side_b_id is None:
                outcome = _("bye") if mine[0].points else _("absent")
            else:
                outcome = _outcome(mine[0].points, len(p.sides), tournament.format)
            my_matches.append(
                {
                    "round": p.round.number if p.round else None,
                    "opponent": others,
                    "outcome": outcome,
                    "table_id": p.table_id
                    if len(mine) < max(1, len(p.round.board_secrets) if p.round else 1)
                    else None,
                    "match_id": p.match_id,
                }
            )
    pair_code = ""
    if entrant is not None and entrant.players.count() < tournament.side_size:
        pair_code = entrant.pair_code
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
            "pairings": tables,
            "your_table": your_table,
            "pair_code": pair_code,
            "entrant": entrant,
            "my_matches": my_matches,
            "players": tournament.registrations.count(),
            "running": tournament.state == State.RUNNING,
            "boards": range(1, len(current.board_secrets) + 1) if current else [],
        },
    )


def _outcome(points: int, sides: int, format: str) -> str:
    """A finished table's outcome for one side: won, drawn or lost; at a Swiss table of more
    than two sides, its points of the most it could have had (in whole points, halves as .5)."""
    most = 2 * (sides - 1) if format == Tournament.Format.SWISS else 2
    if points >= most:
        return _("won")
    if points == 0:
        return _("lost")
    if sides == 2 or format != Tournament.Format.SWISS:
        return _("drawn")
    return _("%(points)s of %(most)s points") % {"points": f"{points / 2:g}", "most": most // 2}


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


def _pause(request: HttpRequest, tournament_id: int, paused: bool) -> HttpResponse:
    try:
        services.pause(tournament_id, request.user, paused)
    except TournamentRefusal as refusal:
        messages.error(request, refusal.message)
        if refusal.code == "no_such_tournament":
            return redirect("tournaments:index")
    else:
        messages.success(
            request,
            _("You are paused: you will not be paired until you return.")
            if paused
            else _("You are back: you will be paired as soon as someone is free."),
        )
    return redirect("tournaments:detail", tournament_id=tournament_id)


@login_required
@require_POST
def pause(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _pause(request, tournament_id, True)


@login_required
@require_POST
def come_back(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _pause(request, tournament_id, False)
