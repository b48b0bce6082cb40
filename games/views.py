"""Pages: a table's page (the live table once it plays, the lobby's waiting room before), its
start and leave actions, «play against bots», Verify («تحقق») per round, match history, a match's
score sheets and round replays.

Views only parse and authorize; state changes go through ``games.live`` (and the lobby's
services), data comes from ``games.verification`` and ``games.history``. History and Verify need
a login; a private match is a 404 for non-players.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_POST

from accounts.models import User
from lobby import services as lobby
from lobby import views as lobby_views
from lobby.models import Table
from ratings import services as ratings
from sahrat.numbers import plain_int
from sahrat.refusals import Refusal
from sahrat.replica import reads_from_replica

from . import history, live, registry, stats, verification
from .models import Match, Round
from .table_strings import table_strings

# --- a table's page and its actions -----------------------------------------------------------


@require_GET
def table(request: HttpRequest, table_id: int) -> HttpResponse:
    """A table: the live table once its match has started, the waiting room before. A private
    table is for its own players (and, while it waits, whoever has the invite link)."""
    table = get_object_or_404(Table.objects.prefetch_related("seats__user"), pk=table_id)
    match = Match.objects.filter(table=table).order_by("-pk").first()
    plays_here = table.has_player(request.user) or (
        match is not None and match.has_player(request.user)
    )
    if table.private and not plays_here:
        return render(request, "lobby/private.html", status=403)
    if match is None:
        return lobby_views.waiting_room(
            request, table, table.invite_token if table.private else None
        )
    seat = lobby_views.my_seat(request)
    return render(
        request,
        "games/table.html",
        {
            "table": table,
            "match": match,
            "game": match.game,
            "table_strings": table_strings(registry.get(match.game)),
            "seats": table.seat_map(),
            "seated_here": seat is not None and seat.table_id == table.pk,
            "mode_label": table.mode_label,
        },
    )


def _act(request: HttpRequest, table_id: int, action: str) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    try:
        if action == "leave":
            live.leave(request.user, table.pk)
            _say_why_the_match_ended(request, table)
            return redirect("lobby:index")
        live.start(request.user, table.pk)
    except Refusal as refusal:
        return lobby_views.after_table_action(request, table, refusal)
    return lobby_views.after_table_action(request, table)


def _say_why_the_match_ended(request: HttpRequest, table: Table) -> None:
    """The player who just left was the last at the table (at a bots table, the only one): the
    match ended there; the lobby says so and why."""
    match = Match.objects.filter(table=table).order_by("-pk").first()
    if (
        match is not None
        and match.abandoned_why == Match.Abandoned.LEFT
        and match.has_player(request.user)
    ):
        messages.info(
            request,
            _(
                "You left the match and no player was left at the table, so it ended with no "
                "winner. It does not count in your statistics."
            ),
        )


@login_required
@require_POST
def leave(request: HttpRequest, table_id: int) -> HttpResponse:
    return _act(request, table_id, "leave")


@login_required
@require_POST
def start(request: HttpRequest, table_id: int) -> HttpResponse:
    return _act(request, table_id, "start")


#: the turn clocks «Play against bots» offers (the form's value → seconds, None: no clock):
#: relaxed by default, for a learner whose turn is a draw, some melds and a throw
BOT_CLOCKS: dict[str, int | None] = {"45": 45, "20": 20, "off": None}
DEFAULT_BOT_CLOCK = "45"


@login_required
@require_POST
def play_bots(request: HttpRequest) -> HttpResponse:
    """«العب ضد الآليين»: a free table of the chosen game and mode (``mode`` "<game>:<mode>",
    a mode or one of the game's ``bot_extras``, Banakil with partners by default) and turn
    clock (``clock``: ``BOT_CLOCKS``), bots in the other seats, started at once."""
    seat = lobby_views.my_seat(request)
    if seat is not None:
        messages.info(request, _("You are already sitting at a table: here it is."))
        return redirect(seat.table)
    game_id, _sep, mode_key = request.POST.get("mode", "").partition(":")
    game = registry.GAMES.get(game_id) or registry.get(registry.DEFAULT)
    ways = (*game.modes, *game.bot_extras)
    mode = next((m for m in ways if m.key == mode_key), game.modes[0])
    clock = BOT_CLOCKS.get(request.POST.get("clock", ""), BOT_CLOCKS[DEFAULT_BOT_CLOCK])
    options = {**mode.options, "bots": True, "turn_seconds": clock}
    try:
        table = lobby.create_table(request.user, options, game.id)
        lobby.fill_with_bots(request.user, table)
        live.start(request.user, table.pk)
    except Refusal as refusal:
        messages.error(request, refusal.message)
        seat = lobby_views.my_seat(request)
        return redirect(seat.table if seat is not None else "lobby:index")
    return redirect(table)


# --- Verify, history, replay -----------------------------------------------------------------


CARD_KEYS = (
    ("card_name", "joker", "card_back", "face_joker", "face_banakil")
    + tuple(f"suit_{s}" for s in "SHDC")
    + tuple(f"rank_{r}" for r in "A23456789TJQK")
)


def card_strings() -> dict[str, str]:
    """The card names of the table page (static/table/cards.js reads them)."""
    strings = table_strings()
    return {k: strings[k] for k in CARD_KEYS}


def verify_strings(names: list[str]) -> dict[str, Any]:
    """Every word static/verify/page.js shows, in the reader's language."""
    return {
        **card_strings(),
        "names": names,
        "pass": _("✓ PASS"),
        "fail": _("✗ FAIL"),
        "overall_pass": _("The deal is the one committed before the round: every item matches."),
        "overall_fail": _(
            "FAILED: what the server recorded does not match the deal its secret gives."
        ),
        "engine_webcrypto": _(
            "{passed} of {total} items match. Computed by your browser (WebCrypto SHA-256 and "
            "HMAC), not by the server."
        ),
        "engine_pure": _(
            "{passed} of {total} items match. Computed by your browser with its own "
            "JavaScript SHA-256 (this page is not in a secure context), not by the server."
        ),
        "item_commitment": _(
            "SHA-256 of the secret equals the commitment published before the deal"
        ),
        "item_deck": _("The shuffled deck ({count} cards, top first)"),
        "item_widow": _("The widow: the three cards after the hands"),
        "item_turn_up": _("The turn-up: the card after the hands, face up, that names trump"),
        "item_stock": _("The stock as dealt ({count} cards, drawn from the top first)"),
        "item_kitty": _("The kitty: the four cards after the hands"),
        "item_hand": _("Hand of seat {seat} · {name} as dealt ({count} cards)"),
        "item_first_dealer": _("The first dealer of the match"),
        "item_restock": _("Restock {k}: the table pile from the action log, reshuffled"),
        "item_secret": _("The secret is not revealed yet"),
        "item_algorithm": _("Unknown shuffle algorithm"),
        "item_error": _("Could not check: {detail}"),
        "derived": _("Derived in your browser"),
        "recorded": _("Recorded by the server"),
        "first_dealer_values": _("derived: seat {derived} · recorded: seat {recorded}"),
        "restock_pile": _(
            "The pile but its top card, {n} cards, oldest throw first, shuffled into the new stock:"
        ),
    }


@login_required
@require_GET
def verify_index(request: HttpRequest) -> HttpResponse:
    """Paste a round id (or a Verify link) and go to its page."""
    raw = (request.GET.get("round") or "").strip().rstrip("/").rsplit("/", 1)[-1]
    error = False
    if raw:
        round_id = plain_int(raw)
        if round_id is not None and Round.objects.filter(pk=round_id).exists():
            return redirect("games:verify", round_id=round_id)
        error = True
    return render(request, "games/verify_index.html", {"value": raw, "error": error})


@login_required
@require_GET
@reads_from_replica
def verify_by_number(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """The table knows its match and round number: /verify/matches/<id>/rounds/<number>/."""
    match = history.viewable_match(request.user, match_id)
    rnd = Round.objects.filter(match=match, number=number).first()
    if rnd is None:
        raise Http404("no such round")
    return redirect("games:verify", round_id=rnd.pk)


@login_required
@require_GET
@reads_from_replica
def verify(request: HttpRequest, round_id: int) -> HttpResponse:
    rnd = history.viewable_round(request.user, round_id)
    record = verification.round_record(rnd)
    names = history.seat_names(rnd.match.seat_states)
    context = {
        "round": rnd,
        "match": rnd.match,
        "record": record,
        "names": names,
        "server_check": verification.check(record),
        "json_url": reverse("games:verify_json", args=[rnd.pk]),
        "json_name": json_name(rnd),
        "strings": verify_strings(names),
    }
    return render(request, "games/verify.html", context)


def json_name(rnd: Round) -> str:
    return f"sahrat-match{rnd.match_id}-round{rnd.number}.json"


@login_required
@require_GET
@reads_from_replica
def verify_json(request: HttpRequest, round_id: int) -> HttpResponse:
    """The round as JSON for ``tools/verify_round.py`` (a download)."""
    rnd = history.viewable_round(request.user, round_id)
    response = JsonResponse(verification.round_record(rnd), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{json_name(rnd)}"'
    return response


@login_required
@require_GET
@reads_from_replica
def history_index(request: HttpRequest) -> HttpResponse:
    mode = request.GET.get("mode") or ""
    result = request.GET.get("result") or ""
    lines = history.history(request.user, mode or None, result or None)
    return render(
        request,
        "games/history.html",
        {
            "lines": lines,
            "mode": mode,
            "result": result,
            "modes": [
                (_(game.title), [(m.key, _(m.label)) for m in game.modes])
                for game in registry.GAMES.values()
            ],
            "results": history.RESULTS,
        },
    )


@login_required
@require_GET
@reads_from_replica
def match_detail(request: HttpRequest, match_id: int) -> HttpResponse:
    match = history.viewable_match(request.user, match_id)
    summary = history.summary_of(match)
    names = history.seat_names(summary["seats"])
    shown = history.seat_names(summary["seats"], standing_in=True)

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""

    sides = [match.side_of(n) for n in range(match.players)]
    alone = match.sides == match.players  # each seat plays for itself (three-handed)
    labels = names if alone else [_("Team A"), _("Team B")]
    rounds = [
        {
            **r,
            "dealer_name": name(r["dealer"]),
            "out_name": name(r.get("out_seat")),
            "declarer_name": name(r.get("declarer")),
            "timeouts_by": [(name(n), k) for n, k in enumerate(r["timeouts"]) if k],
            "bot_turns_by": [(name(n), k) for n, k in enumerate(r["bot_turns"]) if k],
            "hands_by_side": [
                [p for n, p in enumerate(r.get("hand_points") or []) if sides[n] == t]
                for t in range(match.sides)
            ],
        }
        for r in summary["rounds"]
    ]
    changes = ratings.changes_of(match.pk)
    users = [s.user for s in match.seat_states]
    teams = [
        {
            "team": t,
            "label": labels[t],
            "players": [
                {"name": shown[n], "rating": changes.get(users[n] or 0)}
                for n in range(match.players)
                if sides[n] == t
            ],
            "total": summary["totals"][t],
            "winner": summary["winner"] == t,
        }
        for t in range(match.sides)
    ]
    return render(
        request,
        "games/match.html",
        {
            "match": match,
            "summary": summary,
            "rounds": rounds,
            "teams": teams,
            "side_labels": labels,
            "game_rows": f"games/{match.game}/match_round.html",
            "outcome": history.outcome(match, request.user),
        },
    )


def replay_strings(game: registry.Game) -> dict[str, str]:
    """Every word the replay shows, in the reader's language: the card names, the frame's own
    words (static/history/frame.js) and the game's board words from its registry entry."""
    return {
        **card_strings(),
        "step": _("step {i} of {n}"),
        "turn": _("to play"),
        "dealer": _("dealer"),
        "cards": _("cards: {n}"),
        "team_a": _("Team A"),
        "team_b": _("Team B"),
        "team_n": _("Team {n}"),
        "list_separator": pgettext("list separator", ", "),
        **{key: _(word) for key, word in game.replay_words.items()},
    }


@login_required
@require_GET
@reads_from_replica
def replay(request: HttpRequest, round_id: int) -> HttpResponse:
    rnd = history.viewable_round(request.user, round_id)
    steps = history.replay_steps(rnd, request.user)
    match = rnd.match
    data = {
        "game": match.game,
        "round": rnd.pk,
        "number": rnd.number,
        "match": rnd.match_id,
        "players": match.players,
        "sides": [match.side_of(n) for n in range(match.players)],
        "dealer": rnd.dealer,
        "names": history.seat_names(rnd.match.seat_states),
        "stand_in_names": history.seat_names(
            [dataclasses.replace(s, bot=True) for s in rnd.match.seat_states], standing_in=True
        ),
        "steps": steps,
    }
    return render(
        request,
        "games/replay.html",
        {
            "round": rnd,
            "match": rnd.match,
            "replay": data,
            "steps": len(steps),
            "hides_draws": any(d["card"] is None for s in steps for d in s.get("draws", ())),
            "strings": replay_strings(match.game_entry),
            "board": f"games/{match.game}/replay_board.html",
            "script": f"history/{match.game}.js",
        },
    )


# --- the rules, and the offline verifier ------------------------------------------------------


def rule_options(game: registry.Game) -> list[dict[str, str]]:
    """Every table option of a game for its rules page: its label, its default and what it may
    be, in the reader's language. A default that depends on the mode is given per mode."""
    by_mode = [(_(mode.label), game.options(mode.options)) for mode in game.modes]
    rows = []
    for spec in game.specs:
        label = _(game.option_labels.get(spec.name, spec.name))
        if spec.kind is bool and spec.optional:  # rated: the table decides unless told
            default = _(game.choice_labels.get((spec.name, None), str(spec.default)))
            allowed = _("on or off")
        elif spec.kind is bool:
            default, allowed = (_("on") if spec.default else _("off")), _("on or off")
        elif spec.choices:
            default = _(game.choice_labels.get((spec.name, spec.default), str(spec.default)))
            allowed = pgettext("list separator", ", ").join(
                _(game.choice_labels.get((spec.name, c), str(c))) for c in spec.choices
            )
        else:
            default = str(spec.default)
            if spec.default in (0, "") and spec.engine and by_mode:
                default = " · ".join(
                    f"{mode}: {getattr(options, spec.name)}" for mode, options in by_mode
                )
            allowed = f"{spec.minimum}–{spec.maximum}" if spec.maximum is not None else ""
        if spec.name == "stake":
            default, allowed = "0", _("0 (a free table) or one of the stake levels")
        rows.append({"label": label, "default": default, "allowed": allowed})
    return rows


@require_GET
def rules_index(request: HttpRequest) -> HttpResponse:
    return redirect("games:rules", game=registry.DEFAULT)


@require_GET
def rules(request: HttpRequest, game: str) -> HttpResponse:
    """How to play a game («طريقة اللعب»), for players, in their language: public."""
    if game not in registry.GAMES:
        raise Http404("no such game")
    entry = registry.get(game)
    defaults = {mode.key: entry.options(mode.options).to_dict() for mode in entry.modes}
    return render(
        request,
        f"games/{game}/rules.html",
        {
            "game": entry,
            "game_title": _(entry.title),
            "options": rule_options(entry),
            "defaults": defaults,
            "games": [(g.id, _(g.title)) for g in registry.GAMES.values()],
        },
    )


#: the offline verifier, exactly as the repository has it (standard library only)
VERIFY_TOOL = settings.BASE_DIR / "tools" / "verify_round.py"


@require_GET
def verify_tool(request: HttpRequest) -> FileResponse:
    """``tools/verify_round.py`` as a download: what the Verify pages tell players to run."""
    return FileResponse(
        VERIFY_TOOL.open("rb"),
        as_attachment=True,
        filename="verify_round.py",
        content_type="text/x-python; charset=utf-8",
    )


# --- players' statistics and the leaderboard ---------------------------------------------------


#: the leaderboard's tabs: by rating (the default) and by wins over the last 30 days
BOARDS = ("rating", "wins")


@require_GET
@reads_from_replica
def leaderboard(request: HttpRequest) -> HttpResponse:
    """The best ratings (``board`` rating, the default) or the most wins over the last 30 days
    (``board`` wins, cached a few minutes), per game and mode (``game``, ``mode``): public."""
    game = request.GET.get("game") or registry.DEFAULT
    if game not in registry.GAMES:
        game = registry.DEFAULT
    entry = registry.get(game)
    modes = [m.key for m in entry.modes]
    mode = request.GET.get("mode") or modes[0]
    if mode not in modes:
        mode = modes[0]
    kind = request.GET.get("board") if request.GET.get("board") in BOARDS else BOARDS[0]
    return render(
        request,
        "games/leaderboard.html",
        {
            "kind": kind,
            "ratings": ratings.leaderboard(game, mode) if kind == "rating" else None,
            "board": stats.leaderboard(game, mode) if kind == "wins" else None,
            "game": game,
            "mode": mode,
            "games": [(g.id, _(g.title)) for g in registry.GAMES.values()],
            "modes": [(m.key, _(m.label)) for m in entry.modes],
            "days": stats.WINDOW.days,
            "top": stats.TOP,
            "rating_top": ratings.TOP,
        },
    )


@require_GET
@reads_from_replica
def player(request: HttpRequest, username: str) -> HttpResponse:
    """A player's public page: their name and statistics per game and mode."""
    person = get_object_or_404(User, username=username, is_active=True)
    return render(
        request,
        "games/player.html",
        {"person": person, "stats": stats.player_stats(person)},
    )
