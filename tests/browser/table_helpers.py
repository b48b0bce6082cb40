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

#: the SIZES of one device, in the order a test turns through them: a laptop's window from
#: 1366×768 to 1280×720, a phone from upright to sideways (what a real phone does)
DEVICES = {
    "desktop": ("desktop-1366", "desktop-1280"),
    "phone": ("phone-portrait", "phone-landscape"),
}

#: Resolves once the page has settled: the window has the wanted size (if given), no short
#: animation is running (a card's flight, the deal; not a turn's clock, a fading toast or an
#: endless pulse) and
#: the layout (scroll sizes, the hand's cards, the seats, the buttons) stayed the same over two
#: animation frames. Otherwise, after 10 s, it resolves to what still moved.
SETTLE = """async (size) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  // a card's flight or the deal lasts a second or so; a turn's clock and a fading toast are
  // transitions (the clock's run for its whole turn, a step a second), and pulses never end
  const short = (a) => !(a instanceof CSSTransition)
    && (a.effect?.getComputedTiming().endTime ?? Infinity) <= 3000;
  const layout = () => {
    const se = document.scrollingElement;
    const boxes = [...document.querySelectorAll('.hand .hcard, .seat, button')].map((el) => {
      const r = el.getBoundingClientRect();
      return [r.left, r.top, r.width, r.height].map(Math.round).join(',');
    });
    return [innerWidth, innerHeight, se.scrollWidth, se.scrollHeight, ...boxes].join(' ');
  };
  const deadline = performance.now() + 10000;
  let last = null, same = 0, sized = false, moving = [], frames = 0;
  while (performance.now() < deadline) {
    await frame();
    frames += 1;
    sized = !size || (innerWidth === size[0] && innerHeight === size[1]);
    moving = document.getAnimations().filter((a) => a.playState === 'running' && short(a));
    const now = layout();
    same = sized && !moving.length && now === last ? same + 1 : 0;
    if (same >= 2) return true;
    last = now;
  }
  return {sized, frames, moving: moving.map((a) => a.animationName || a.transitionProperty
    || a.effect?.target?.className || '?'), last: last?.slice(0, 300)};
}"""


def open_table(
    browser: Any,
    site: LiveSite,
    username: str,
    table_id: int,
    size: str,
    lang: str,
    init_script: str | None = None,
    motion: bool = False,
) -> Any:
    """A page logged in as ``username`` on the table, in ``lang``, at one of SIZES; ``init_script``
    runs in the page before the table's own scripts, from the first load on. The page asks for
    less motion unless ``motion`` (``new_page``)."""
    page = new_page(browser, site, username, size, lang, init_script, motion)
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
    motion: bool = False,
) -> Any:
    """A blank page logged in as ``username``, in ``lang``, at one of SIZES (a phone's with
    touch and a phone's pixel ratio); a page that asks for less motion unless ``motion``."""
    width, height = SIZES[size]
    phone = size.startswith("phone")
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2 if phone else 1,
        has_touch=phone,
        is_mobile=phone,
        reduced_motion="no-preference" if motion else "reduce",
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


def settle(page: Any, size: str | None = None) -> None:
    """Wait until the page has settled (see SETTLE), at ``size`` (one of SIZES) if given."""
    settled = page.evaluate(SETTLE, list(SIZES[size]) if size else None)
    assert settled is True, f"the page did not settle{f' at {size}' if size else ''}: {settled}"


def resize(page: Any, size: str) -> None:
    """Turn the page's window to another of SIZES of the same device (``DEVICES``), as a laptop
    window or a phone turned sideways would, and wait for the layout to settle."""
    assert any(size in sizes for sizes in DEVICES.values()), size
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    settle(page, size)


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
