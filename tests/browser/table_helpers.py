"""Helpers for the live table's browser tests: a started table, a logged-in page on it in one
language and size, and a driver that plays the human seats' turns on the server (with the
engine's own bot) while the pages watch."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from typing import Any

from sahrat.testing.live import ROOT, LiveSite

VIEW_READY = "window.sahratTable && window.sahratTable.state && window.sahratTable.state.view"

SIZES = {
    "desktop-1366": (1366, 768),
    "desktop-1280": (1280, 720),
    "phone-portrait": (390, 844),
    "phone-landscape": (844, 390),
}


def open_table(
    browser: Any,
    site: LiveSite,
    username: str,
    table_id: int,
    size: str,
    lang: str,
    init_script: str | None = None,
) -> Any:
    """A page logged in as ``username`` on the table, in ``lang``, at one of SIZES; ``init_script``
    runs in the page before the table's own scripts, from the first load on."""
    page = new_page(browser, site, username, size, lang, init_script)
    page.goto(f"{site.url}/tables/{table_id}/")
    page.wait_for_function(VIEW_READY, timeout=30_000)
    return page


def new_page(
    browser: Any,
    site: LiveSite,
    username: str,
    size: str,
    lang: str,
    init_script: str | None = None,
) -> Any:
    """A blank page logged in as ``username``, in ``lang``, at one of SIZES (a phone's with
    touch and a phone's pixel ratio)."""
    width, height = SIZES[size]
    phone = size.startswith("phone")
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2 if phone else 1,
        has_touch=phone,
        is_mobile=phone,
    )
    cookie = site.session(username).split("=", 1)[1]
    context.add_cookies(
        [
            {"name": "sessionid", "value": cookie, "url": site.url},
            {"name": "django_language", "value": lang, "url": site.url},
        ]
    )
    if init_script:
        context.add_init_script(init_script)
    return context.new_page()


def state(page: Any) -> Any:
    return page.evaluate("window.sahratTable.state")


def drive(
    site: LiveSite,
    table_id: int,
    until: str = "round",
    pause: float = 0.1,
    only: list[str] | None = None,
) -> Any:
    """Play the human seats' turns (``only`` these usernames, if given) on the server, as the
    engine's bot would, until the round (``until="round"``) or the match is over; bots and
    the deal are the site's own. Returns the running process (wait() on it)."""
    code = textwrap.dedent(
        f"""
        import time
        import django
        django.setup()
        from django.contrib.auth import get_user_model
        from games import live
        from games.banakil import bots
        from games.models import Match
        from games.refusals import GameRefusal

        users = {{}}
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            match = Match.objects.filter(table_id={table_id}).order_by("-pk").first()
            if match.status != "playing":
                break
            rnd = match.rounds.order_by("-number").first()
            if rnd.status == "finished":
                if {until!r} == "round":
                    break
                live.next_round(match.pk, rnd.number + 1)  # no need to wait for the break
                continue
            if rnd.status != "playing" or rnd.turn_seat is None:
                time.sleep(0.05)
                continue
            seat = match.seats[rnd.turn_seat]
            if seat["bot"] or seat["user"] is None:
                time.sleep(0.02)
                continue
            user = users.get(seat["user"]) or get_user_model().objects.get(pk=seat["user"])
            users[seat["user"]] = user
            if {only!r} is not None and user.username not in {only!r}:
                time.sleep(0.05)
                continue
            view = live.snapshot({table_id}, user)["view"]
            try:
                live.play({table_id}, user, bots.next_action(view), rnd.turn_no)
            except GameRefusal:
                pass
            time.sleep({pause})
        """
    )
    env = {**site.env, "DJANGO_SETTINGS_MODULE": "sahrat.settings"}
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env)


def card_name(page: Any, code: str) -> str:
    """A card's name as the page shows it, from the page's own strings."""
    return str(
        page.evaluate(
            """(code) => {
                const t = JSON.parse(document.getElementById('table-strings').textContent);
                if (code === 'JK') return t.joker;
                return t.card_name.replace('{rank}', t['rank_' + code[0]])
                    .replace('{suit}', t['suit_' + code[1]]);
            }""",
            code,
        )
    )


def screenshots_dir() -> str:
    path = ROOT / "var" / "screenshots"
    os.makedirs(path, exist_ok=True)
    return str(path)
