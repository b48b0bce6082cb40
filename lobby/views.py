"""Lobby pages. Thin: parse the request, call a service, show the result or the refusal."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, F, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.wallet import coin_balance
from games.banakil.options import SPECS
from games.models import Match

from . import services
from .forms import TableForm
from .labels import MODE_LABELS, OPTION_LABELS
from .models import Seat, Table
from .refusals import LobbyRefusal
from .table_strings import table_strings


def lobby_tables(params: Any) -> QuerySet[Table]:
    """Open public tables, filtered by ``mode`` (4|2), ``kind`` (free|coin), ``open`` (1)."""
    tables = (
        Table.objects.filter(status=Table.Status.WAITING, private=False)
        .annotate(taken=Count("seats"))
        .prefetch_related("seats__user")
    )
    mode = params.get("mode", "")
    if mode in ("2", "4"):
        tables = tables.filter(players=int(mode))
    kind = params.get("kind", "")
    if kind == "free":
        tables = tables.filter(stake=0)
    elif kind == "coin":
        tables = tables.filter(stake__gt=0)
    if params.get("open"):
        tables = tables.filter(taken__lt=F("players"))
    return tables


def _my_seat(request: HttpRequest) -> Seat | None:
    if not request.user.is_authenticated:
        return None
    return Seat.objects.filter(user=request.user).select_related("table").first()


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    filters = {
        "mode": request.GET.get("mode", ""),
        "kind": request.GET.get("kind", ""),
        "open": request.GET.get("open", ""),
    }
    context = {
        "tables": lobby_tables(request.GET),
        "filters": filters,
        "my_seat": _my_seat(request),
        "mode_labels": MODE_LABELS,
    }
    return render(request, "lobby/index.html", context)


@require_GET
def table_card(request: HttpRequest, table_id: int) -> HttpResponse:
    """One table's card, fetched by the lobby page when the socket says the table changed."""
    table = get_object_or_404(Table, pk=table_id, private=False)
    return render(request, "lobby/_table_card.html", {"table": table, "my_seat": _my_seat(request)})


@login_required
@require_POST
def play_bots(request: HttpRequest) -> HttpResponse:
    """«العب ضد الآليين»: a free 4-player table, bots in the other seats, started at once."""
    seat = _my_seat(request)
    if seat is not None:
        messages.info(request, _("You are already sitting at a table: here it is."))
        return redirect(seat.table)
    try:
        table = services.create_table(request.user, {"players": 4, "bots": True})
        services.fill_with_bots(request.user, table)
        services.start(request.user, table)
    except LobbyRefusal as refusal:
        messages.error(request, refusal.message)
        seat = _my_seat(request)
        return redirect(seat.table if seat is not None else "lobby:index")
    return redirect(table)


@login_required
def create(request: HttpRequest) -> HttpResponse:
    form = TableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.create_table(request.user, form.cleaned_data["game_options"])
        except LobbyRefusal as refusal:
            form.add_error(None, refusal.message)
        else:
            return redirect(table)
    return render(
        request,
        "lobby/create.html",
        {
            "form": form,
            "coins": coin_balance(request.user),
            "specs": SPECS,
        },
    )


#: where each seat sits around the felt, counted from the viewer's own seat, as the live table
#: draws it: the next seat in play order on the right in every language, partners across
PLACES = {2: ("bottom", "top"), 4: ("bottom", "right", "top", "left")}


def seat_places(table: Table, mine: int | None) -> list[dict[str, Any]]:
    """The waiting room's seats in the live table's layout: the viewer at the bottom (seat 1
    for a visitor), each with its place, its team (partners: seats 1 and 3 against 2 and 4)
    and whether it is the viewer's partner."""
    me = mine if mine is not None else 0
    places = PLACES.get(table.players) or tuple(f"p{n}" for n in range(table.players))
    return [
        {
            "number": n,
            "seat": seat,
            "place": places[(n - me) % table.players],
            "team": n % 2,
            "mine": mine == n,
            "partner": mine is not None and mine != n and (mine - n) % 2 == 0,
        }
        for n, seat in enumerate(table.seat_map())
    ]


def _table_page(request: HttpRequest, table: Table, token: str | None) -> HttpResponse:
    seat = _my_seat(request)
    here = seat is not None and seat.table_id == table.pk
    options = [
        (OPTION_LABELS.get(spec.name, spec.name), table.options.get(spec.name), spec.kind is bool)
        for spec in SPECS
        if spec.name not in ("players", "stake", "private")
    ]
    live = Match.objects.filter(table=table).exists()
    return render(
        request,
        "lobby/table.html",
        {
            "table": table,
            "live": live,
            "table_strings": table_strings() if live else None,
            "seats": table.seat_map(),
            "places": seat_places(table, seat.number if seat is not None and here else None),
            "my_seat": seat,
            "seated_here": here,
            "token": token,
            "options": options,
            "mode_label": MODE_LABELS.get(table.players, ""),
            "bots_allowed": services._bots_allowed(table),
        },
    )


@require_GET
def table(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.prefetch_related("seats__user"), pk=table_id)
    seated_here = table.seats.filter(user_id=request.user.pk).exists()
    if table.private and not seated_here:
        return render(request, "lobby/private.html", status=403)
    return _table_page(request, table, table.invite_token if table.private else None)


@require_GET
def invite(request: HttpRequest, token: str) -> HttpResponse:
    table = get_object_or_404(Table.objects.prefetch_related("seats__user"), invite_token=token)
    return _table_page(request, table, token)


def _act(request: HttpRequest, table_id: int, action: str) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    token = request.POST.get("token") or None
    try:
        if action == "sit":
            raw = request.POST.get("seat", "")
            number = int(raw) if raw.isdigit() else None
            services.sit(request.user, table, number, token=token)
        elif action == "leave":
            services.leave(request.user, table)
            return redirect("lobby:index")
        elif action == "bots":
            services.fill_with_bots(request.user, table)
        elif action == "start":
            services.start(request.user, table)
    except LobbyRefusal as refusal:
        messages.error(request, refusal.message)
        nxt = request.POST.get("next", "")
        if url_has_allowed_host_and_scheme(nxt, {request.get_host()}, request.is_secure()):
            return redirect(nxt)
    if table.private and token:
        return redirect(table.get_invite_url())
    return redirect(table)


@login_required
@require_POST
def sit(request: HttpRequest, table_id: int) -> HttpResponse:
    return _act(request, table_id, "sit")


@login_required
@require_POST
def leave(request: HttpRequest, table_id: int) -> HttpResponse:
    return _act(request, table_id, "leave")


@login_required
@require_POST
def fill_bots(request: HttpRequest, table_id: int) -> HttpResponse:
    return _act(request, table_id, "bots")


@login_required
@require_POST
def start(request: HttpRequest, table_id: int) -> HttpResponse:
    return _act(request, table_id, "start")
