"""Lobby pages: the list of open tables, a new table, a waiting table (the waiting room), and its
actions. Thin: parse the request, call a service, show the result or the refusal.

A table that plays belongs to the live layer: its page, leaving and starting are in
``games.views``, which shows this module's waiting room while the table waits.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, F, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.coins import coin_balance
from games import registry
from ratings import services as ratings
from sahrat.numbers import plain_int
from sahrat.refusals import Refusal

from . import services
from .forms import TableForm
from .models import Seat, Table
from .refusals import LobbyRefusal


def lobby_tables(params: Any) -> QuerySet[Table]:
    """Open public tables, filtered by ``game``, ``mode`` (seats: 4|3|2), ``kind``
    (free|coin), ``open`` (1)."""
    tables = (
        Table.objects.filter(status=Table.Status.WAITING, private=False)
        .annotate(taken=Count("seats"))
        .prefetch_related("seats__user")
    )
    game = params.get("game", "")
    if game in registry.GAMES:
        tables = tables.filter(game=game)
    mode = params.get("mode", "")
    if mode in ("2", "3", "4"):
        tables = tables.filter(players=int(mode))
    kind = params.get("kind", "")
    if kind == "free":
        tables = tables.filter(stake=0)
    elif kind == "coin":
        tables = tables.filter(stake__gt=0)
    if params.get("open"):
        tables = tables.filter(taken__lt=F("players"))
    return tables


def with_ratings(tables: Iterable[Table]) -> list[Table]:
    """The tables, each with its seated players' average rating in its game and mode
    (``rating_average``; None with nobody seated): one query per game and mode."""
    listed = list(tables)
    found = ratings.averages(
        (t.pk, t.game, t.mode, [s.user_id for s in t.seats.all() if s.user_id]) for t in listed
    )
    for table in listed:
        table.rating_average = found[table.pk]
    return listed


def my_seat(request: HttpRequest) -> Seat | None:
    if not request.user.is_authenticated:
        return None
    return Seat.objects.filter(user_id=request.user.pk).select_related("table").first()


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    filters = {
        "game": request.GET.get("game", ""),
        "mode": request.GET.get("mode", ""),
        "kind": request.GET.get("kind", ""),
        "open": request.GET.get("open", ""),
    }
    context = {
        "tables": with_ratings(lobby_tables(request.GET)),
        "filters": filters,
        "my_seat": my_seat(request),
        "games": [(game.id, _(game.title)) for game in registry.GAMES.values()],
        # «Play against bots»: each game's ways of playing ("<game>:<mode>"), then the same
        # with a house rule on (the game's ``bot_extras``)
        "bot_modes": [
            (f"{game.id}:{mode.key}", f"{_(game.title)} · {_(mode.label)}")
            for game in registry.GAMES.values()
            for mode in (*game.modes, *game.bot_extras)
            if mode.at_tables
        ],
    }
    return render(request, "lobby/index.html", context)


@require_GET
def table_card(request: HttpRequest, table_id: int) -> HttpResponse:
    """One table's card, fetched by the lobby page when the socket says the table changed."""
    table = get_object_or_404(Table, pk=table_id, private=False)
    [table] = with_ratings([table])
    return render(request, "lobby/_table_card.html", {"table": table, "my_seat": my_seat(request)})


@login_required
def create(request: HttpRequest) -> HttpResponse:
    game = request.GET.get("game") or request.POST.get("game") or registry.DEFAULT
    if game not in registry.GAMES:
        game = registry.DEFAULT
    form = TableForm(request.POST or None, game=game)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.create_table(request.user, form.cleaned_data["game_options"], game)
        except LobbyRefusal as refusal:
            form.add_error(None, refusal.message)
        else:
            return redirect(table)
    return render(
        request,
        "lobby/create.html",
        {
            "form": form,
            "game": game,
            "games": [(g.id, _(g.title)) for g in registry.GAMES.values()],
            "coins": coin_balance(request.user),
        },
    )


#: where each seat sits around the felt, counted from the viewer's own seat, as the live table
#: draws it: the next seat in play order on the right in every language, partners across
PLACES = {
    2: ("bottom", "top"),
    3: ("bottom", "right", "left"),
    4: ("bottom", "right", "top", "left"),
}


def seat_places(table: Table, mine: int | None) -> list[dict[str, Any]]:
    """The waiting room's seats in the live table's layout: the viewer at the bottom (seat 1
    for a visitor), each with its place, its side (partners: seats 1 and 3 against 2 and 4)
    and whether it is the viewer's partner."""
    me = mine if mine is not None else 0
    places = PLACES.get(table.players) or tuple(f"p{n}" for n in range(table.players))
    game, options = table.game_entry, table.game_options
    sides = [game.side_of(options, n) for n in range(table.players)]
    return [
        {
            "number": n,
            "seat": seat,
            "place": places[(n - me) % table.players],
            "team": sides[n],
            "mine": mine == n,
            "partner": mine is not None and mine != n and sides[mine] == sides[n],
        }
        for n, seat in enumerate(table.seat_map())
    ]


def waiting_room(request: HttpRequest, table: Table, token: str | None) -> HttpResponse:
    """The page of a table that waits for players (``token``: the invite, private tables)."""
    seat = my_seat(request)
    here = seat is not None and seat.table_id == table.pk
    game = table.game_entry
    options = []
    for spec in game.specs:
        if spec.name in ("players", "stake", "private"):
            continue
        value = table.options.get(spec.name)
        if (spec.name, value) in game.choice_labels:  # a choice's words (no clock…)
            value = _(game.choice_labels[spec.name, value])
        options.append((_(game.option_labels.get(spec.name, spec.name)), value, spec.kind))
    return render(
        request,
        "lobby/table.html",
        {
            "table": table,
            "seats": table.seat_map(),
            "places": seat_places(table, seat.number if seat is not None and here else None),
            "my_seat": seat,
            "seated_here": here,
            "token": token,
            "options": [(label, value, kind is bool) for label, value, kind in options],
            "mode_label": table.mode_label,
            "bots_allowed": services.bots_allowed(table),
        },
    )


@require_GET
def invite(request: HttpRequest, token: str) -> HttpResponse:
    table = get_object_or_404(Table.objects.prefetch_related("seats__user"), invite_token=token)
    if table.status != Table.Status.WAITING:
        return redirect(table)
    return waiting_room(request, table, token)


def _act(request: HttpRequest, table_id: int, action: str) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    token = request.POST.get("token") or None
    try:
        if action == "sit":
            raw = request.POST.get("seat", "")
            number = plain_int(raw)
            if raw and number is None:
                raise LobbyRefusal("no_such_seat")
            if _needs_confirmation(request, table):
                return confirm_sit(request, table, raw, token)
            services.sit(request.user, table, number, token=token)
        elif action == "bots":
            services.fill_with_bots(request.user, table)
    except LobbyRefusal as refusal:
        return after_table_action(request, table, refusal)
    return after_table_action(request, table)


def after_table_action(
    request: HttpRequest, table: Table, refusal: Refusal | None = None
) -> HttpResponse:
    """Where a table's form sends the player back: a refusal is shown and the page the form
    names (``next``, on this site) comes first; else the table, by its invite when the form
    came from the invite link."""
    if refusal is not None:
        messages.error(request, refusal.message)
        nxt = request.POST.get("next", "")
        if url_has_allowed_host_and_scheme(nxt, {request.get_host()}, request.is_secure()):
            return redirect(nxt)
    if table.private and request.POST.get("token"):
        return redirect(table.get_invite_url())
    return redirect(table)


def _needs_confirmation(request: HttpRequest, table: Table) -> bool:
    """Sitting at a coin table stakes coins: the page asks first (``confirm=1`` says yes). A
    player who cannot sit anyway (already seated, too few coins) gets the refusal at once."""
    if not table.is_coin_table or request.POST.get("confirm") == "1":
        return False
    return my_seat(request) is None and coin_balance(request.user) >= table.coins_to_sit


def confirm_sit(request: HttpRequest, table: Table, seat: str, token: str | None) -> HttpResponse:
    """«This table's stake is N coins; they leave your wallet when the match starts. Sit
    down?» with the same sit form, confirmed."""
    nxt = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(nxt, {request.get_host()}, request.is_secure()):
        nxt = ""
    back = nxt or (table.get_invite_url() if table.private and token else "")
    return render(
        request,
        "lobby/confirm_sit.html",
        {
            "table": table,
            "seat": seat,
            "token": token or "",
            "next": nxt,
            "back": back or table.get_absolute_url(),
            "coins": coin_balance(request.user),
        },
    )


@login_required
@require_POST
def sit(request: HttpRequest, table_id: int) -> HttpResponse:
    return _act(request, table_id, "sit")


@login_required
@require_POST
def fill_bots(request: HttpRequest, table_id: int) -> HttpResponse:
    return _act(request, table_id, "bots")
