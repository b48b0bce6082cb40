"""A lobby page whose socket missed a push (lost while the socket was closed, or on the
server's side) shows the table all the same once its socket opens again: the page reads the
list again. Here the page's socket drops the pushes it gets until the test closes it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from sahrat.testing.live import LiveSite

#: every socket the page opens, in ``window.lobbySockets``; while ``window.dropPushes`` is set
#: the page's message listeners never hear a message (counted in ``window.dropped``)
DROPPING_SOCKETS = """
window.lobbySockets = [];
window.dropPushes = false;
window.dropped = 0;
window.WebSocket = class extends window.WebSocket {
  constructor(...args) {
    super(...args);
    window.lobbySockets.push(this);
  }
  addEventListener(type, listener, ...rest) {
    if (type !== "message") return super.addEventListener(type, listener, ...rest);
    const heard = (e) => (window.dropPushes ? window.dropped++ : listener(e));
    return super.addEventListener(type, heard, ...rest);
  }
};
"""
OPEN = "(n) => window.lobbySockets.length === n && window.lobbySockets[n - 1].readyState === 1"


def test_a_table_whose_push_was_lost_shows_once_the_socket_opens_again(
    table_site: LiveSite, browser: Any, shot: Any
) -> None:
    context = browser.new_context()
    context.add_cookies([{"name": "django_language", "value": "en", "url": table_site.url}])
    page = context.new_page()
    page.add_init_script(DROPPING_SOCKETS)
    page.goto(table_site.url + "/")
    page.wait_for_function(OPEN, arg=1)

    page.evaluate("window.dropPushes = true")
    table = table_site.query(
        "from django.contrib.auth import get_user_model\n"
        "from lobby import services\n"
        "u = get_user_model().objects.get_or_create(username='lostpush')[0]\n"
        "result = services.create_table(u, {'players': 4}, 'banakil').pk\n"
    )
    card = page.locator(f"#table-{table}")
    try:
        page.wait_for_function("window.dropped > 0")  # its push came, and was not heard
        expect(card).to_have_count(0)

        page.evaluate("window.dropPushes = false; window.lobbySockets[0].close()")
        page.wait_for_function(OPEN, arg=2)
        expect(card).to_be_visible(timeout=10_000)
        shot(page, "lobby-read-again-after-reconnect-en")
    finally:
        table_site.python(
            "from django.contrib.auth import get_user_model\n"
            "from games import live\n"
            f"live.leave(get_user_model().objects.get(username='lostpush'), {table})\n"
        )
    context.close()
