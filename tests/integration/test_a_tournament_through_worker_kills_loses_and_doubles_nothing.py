"""A Swiss evening of four players over two rounds on a real site (daphne, a Celery worker and
beat running the tournaments' sweep every half second), with the worker killed while each
round is in play: the event still finishes with each round paired once, each pairing at one
table with one result per side, every entry fee in the pot once and the pot paid out once."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from sahrat.testing.live import LiveSite
from tests.browser.table_helpers import drive

NAMES = ["tw_amal", "tw_badr", "tw_dana", "tw_fahd"]

SETUP = (
    "import datetime\n"
    "from django.utils import timezone\n"
    "from django.contrib.auth import get_user_model\n"
    "from accounts import coins\n"
    "from tournaments import presence, services\n"
    "User = get_user_model()\n"
    "boss, _ = User.objects.get_or_create(username='tw_boss', defaults={'is_staff': True})\n"
    "t = services.create(boss, name='Kill night', game='banakil', mode='1v1', format='swiss',"
    " rounds=2, entry_fee=100, capacity=4, table_options={'target': 30},"
    " starts_at=timezone.now() + datetime.timedelta(hours=1))\n"
    f"for name in {NAMES!r}:\n"
    "    u, _ = User.objects.get_or_create(username=name, defaults={'display_name': name})\n"
    "    coins.grant_signup(u)\n"
    "    services.register(t.pk, u)\n"
    "    presence.connected(t.pk, u.pk)  # their event page is open\n"
    "t.starts_at = timezone.now()\n"
    "t.save(update_fields=['starts_at'])\n"
    "result = t.pk\n"
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    with LiveSite(tmp_path_factory.mktemp("tourney"), SAHRAT_TOURNAMENT_SECONDS="0.5") as live:
        yield live


def tables_of_round(site: LiveSite, event: int, number: int) -> list[int]:
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        found = site.query(
            "from tournaments.models import Pairing\n"
            f"ps = Pairing.objects.filter(tournament_id={event}, round__number={number})\n"
            "result = [p.table_id for p in ps]\n"
        )
        if len(found) == 2 and all(found):
            return list(found)
        time.sleep(0.3)
    raise AssertionError(f"round {number} was not seated:\n{site.log('serve')[-3000:]}")


def test_killing_the_worker_mid_round_loses_and_doubles_nothing(site: Any) -> None:
    event = site.query(SETUP)
    for number in (1, 2):
        tables = tables_of_round(site, event, number)
        site.restart("worker")  # killed while the round plays; the sweeps queue up meanwhile
        players = [drive(site, table, until="match", pause=0.01) for table in tables]
        for player in players:
            assert player.wait(120) == 0
    deadline = time.monotonic() + 40
    while (
        site.query(
            "from tournaments.models import Tournament\n"
            f"result = Tournament.objects.get(pk={event}).state\n"
        )
        != "finished"
    ):
        assert time.monotonic() < deadline, site.log("serve")[-3000:]
        time.sleep(0.3)
    found = site.query(
        "from accounts import coins\n"
        "from accounts.models import CoinTransaction\n"
        "from tournaments.models import Pairing, Result, Round\n"
        f"ps = Pairing.objects.filter(tournament_id={event})\n"
        "result = {\n"
        f"  'rounds': list(Round.objects.filter(tournament_id={event})"
        ".values_list('number', 'state')),\n"
        "  'pairings': ps.count(),\n"
        "  'tables': len({p.table_id for p in ps}),\n"
        "  'results': sorted(Result.objects.filter(pairing__in=ps)"
        ".values_list('pairing_id', flat=True)),\n"
        f"  'entries': CoinTransaction.objects.filter(key__startswith='entry:{event}:').count(),\n"
        f"  'prizes': CoinTransaction.objects.filter(key='prize:{event}').count(),\n"
        f"  'pot': coins.event_pot({event}).balance,\n"
        "  'audit': coins.audit().ok,\n"
        "}\n"
    )
    assert found["rounds"] == [[1, "done"], [2, "done"]]
    assert found["pairings"] == 4 and found["tables"] == 4
    pairings = sorted(set(found["results"]))
    assert len(pairings) == 4 and found["results"] == sorted(pairings * 2)  # two sides each
    assert found["entries"] == 4 and found["prizes"] == 1 and found["pot"] == 0
    assert found["audit"]
