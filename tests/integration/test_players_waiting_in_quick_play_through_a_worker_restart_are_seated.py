"""Quick play's queue lives in the database: two players wait for Banakil with partners while the
Celery worker (the matcher's home) is killed and restarted; two more join after it is back, and
all four are seated at one table. The waiting pages' polls (the status URL, as wait.js asks it)
run throughout, over real HTTP."""

from __future__ import annotations

import threading
import time
import urllib.request

JOIN = (
    "from django.contrib.auth import get_user_model\n"
    "from quickplay import services\n"
    "services.join(get_user_model().objects.get(username={name!r}), 'banakil', '2v2')\n"
)


def test_players_waiting_through_a_worker_restart_are_not_lost(live_site):
    names = ["qw_amal", "qw_badr", "qw_dana", "qw_fahd"]
    cookies = {name: live_site.session(name) for name in names}
    stop = threading.Event()

    def poll(name: str) -> None:  # the waiting page, once a second
        while not stop.is_set():
            request = urllib.request.Request(
                live_site.url + "/play-now/status/", headers={"Cookie": cookies[name]}
            )
            try:
                urllib.request.urlopen(request, timeout=5).read()
            except OSError:
                pass
            stop.wait(1)

    pollers = [threading.Thread(target=poll, args=(n,), daemon=True) for n in names]
    for poller in pollers:
        poller.start()
    try:
        for name in names[:2]:
            live_site.python(JOIN.format(name=name))
        live_site.restart("worker")
        waiting = live_site.query(
            "from quickplay.models import QueueEntry\n"
            "result = list(QueueEntry.objects.filter(state='waiting')"
            ".values_list('user__username', flat=True))\n"
        )
        assert sorted(waiting) == names[:2]
        for name in names[2:]:
            live_site.python(JOIN.format(name=name))
        deadline = time.monotonic() + 30
        while True:
            seated = live_site.query(
                "from quickplay.models import QueueEntry\n"
                "result = sorted({(e.user.username, e.table_id, e.state) for e in"
                " QueueEntry.objects.select_related('user')})\n"
            )
            if all(state == "seated" for _n, _t, state in seated) or time.monotonic() > deadline:
                break
            time.sleep(0.5)
    finally:
        stop.set()
    assert [name for name, _t, _s in seated] == names
    assert {state for _n, _t, state in seated} == {"seated"}
    assert len({table for _n, table, _s in seated}) == 1
    status = live_site.query(
        f"from lobby.models import Table\nresult = Table.objects.get(pk={seated[0][1]}).status\n"
    )
    assert status == "playing"
