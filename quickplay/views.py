"""Quick play's pages: join from the lobby's panel, the waiting page and its status, cancel."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import registry

from . import services
from .refusals import QuickPlayRefusal


@login_required
@require_POST
def join(request: HttpRequest) -> HttpResponse:
    """«العب الآن»: ``mode`` is "<game>:<mode>", ``stake`` 0 or a stake level."""
    game_id, _sep, mode_key = request.POST.get("mode", "").partition(":")
    try:
        stake = int(request.POST.get("stake", "0") or 0)
    except ValueError:
        stake = -1
    try:
        if stake < 0:
            raise QuickPlayRefusal("bad_stake")
        services.join(request.user, game_id, mode_key, stake)
    except QuickPlayRefusal as refusal:
        messages.error(request, refusal.message)
        return redirect("lobby:index")
    return redirect("quickplay:wait")


@login_required
def wait(request: HttpRequest) -> HttpResponse:
    status = services.status(request.user)
    if status["state"] == "seated" and "url" in status:
        return redirect(status["url"])
    if status["state"] != "waiting":
        if status.get("message"):  # the matcher let go of the player: say why
            messages.error(request, status["message"])
        return redirect("lobby:index")
    game = registry.get(status["game"])
    mode = next(m for m in game.modes if m.key == status["mode"])
    title = f"{_(game.title)} · {_(mode.label)}"
    return render(request, "quickplay/wait.html", {"status": status, "title": title})


@login_required
def status(request: HttpRequest) -> JsonResponse:
    """The player's place in the queue (and a sign they are still on the waiting page)."""
    return JsonResponse(services.status(request.user))


@login_required
@require_POST
def cancel(request: HttpRequest) -> HttpResponse:
    if services.cancel(request.user):
        messages.info(request, _("You left the queue."))
    return redirect("lobby:index")
