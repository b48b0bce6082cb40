"""The wallet page («المحفظة»): the balance and every coin in and out, newest first."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .coins import coin_balance, entry_reason, match_url, wallet_entries

PER_PAGE = 25


@login_required
@require_GET
def wallet(request: HttpRequest) -> HttpResponse:
    page = Paginator(wallet_entries(request.user), PER_PAGE).get_page(request.GET.get("page"))
    rows = [
        {
            "entry": entry,
            "reason": entry_reason(entry),
            "match": entry.transaction.match_id,
            "match_url": match_url(entry.transaction.match_id)
            if entry.transaction.match_id
            else "",
        }
        for entry in page.object_list
    ]
    return render(
        request,
        "accounts/wallet.html",
        {
            "coins": coin_balance(request.user),
            "page": page,
            "rows": rows,
        },
    )
