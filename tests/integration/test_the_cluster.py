"""The whole topology of deploy/ on one machine (``make cluster``): HAProxy in front of two
daphne, two Celery workers and beat, PgBouncer in transaction pooling before the PostgreSQL
primary, a streaming replica for the read-only pages, two channel-layer Redis shards and a
Redis for Celery and the cache. Started once for this module (about a minute on a quiet
machine, see docs/operations.md); each test plays real tables over real websockets through it.

Under CI=true a missing engine (haproxy, pgbouncer, PostgreSQL, redis-server) is a failure;
elsewhere the module is skipped with a loud warning."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from sahrat.testing.cluster import ClusterSite, missing_binaries
from sahrat.testing.pytest_plugin import not_installed
from sahrat.testing.table_client import TableClient, match_over

GOING_AWAY = 1001
SOCKETS_MAX = 40


@pytest.fixture(scope="module")
def cluster() -> Iterator[ClusterSite]:
    missing = missing_binaries()
    if missing:
        not_installed(
            f"the cluster's engines are not installed: {', '.join(missing)}",
            "apt-get install haproxy pgbouncer postgresql",
        )
    # a replica that failed is tried again after a second (the default is 5 s); a daphne is
    # full at 40 sockets (the busy test fills both; the others open a few)
    with ClusterSite(
        SAHRAT_REPLICA_RETRY_SECONDS="1", SAHRAT_SOCKETS_MAX_PER_PROCESS=str(SOCKETS_MAX)
    ) as site:
        yield site


def get(site: ClusterSite, path: str, cookie: str = "") -> tuple[int, str, str]:
    """GET through HAProxy: status, the database that served the reads, the body."""
    request = urllib.request.Request(site.url + path, headers={"Cookie": cookie})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return (
                response.status,
                response.headers.get("X-Sahrat-Read-From", ""),
                (response.read().decode()),
            )
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("X-Sahrat-Read-From", ""), ""


def on_replica(site: ClusterSite, username: str) -> bool:
    return bool(site.sql("replica", "SELECT 1 FROM accounts_user WHERE username = %s", username))


def clients_for(site: ClusterSite, table: int, names: list[str], **kw: Any) -> list[TableClient]:
    return [
        TableClient(site.ws_url(f"/ws/table/{table}/"), site.url, site.session(n), **kw)
        for n in names
    ]


def play_beside(
    work: Callable[[], None],
    clients: list[TableClient],
    until: Callable[[dict[str, Any]], bool],
    *,
    timeout: float,
) -> None:
    """The clients play until ``until`` holds for each, while ``work`` runs in a thread
    beside them (a restart, a shard stopped)."""

    async def play() -> None:
        thread = threading.Thread(target=work)
        thread.start()
        await asyncio.gather(*(c.run(until, timeout=timeout) for c in clients))
        thread.join()

    asyncio.run(play())


def assert_every_action_stored_once(site: ClusterSite, table: int) -> int:
    """The table's action log on the primary: each round's sequence numbers 1…n, none twice,
    none missing. Returns how many actions."""
    rows = site.action_log([table])
    assert rows
    for _round, count, distinct, low, high in rows:
        assert count == distinct == high - low + 1, rows
    return sum(row[1] for row in rows)


def test_four_players_play_a_whole_match_through_haproxy_pgbouncer_and_the_primary(cluster):
    names = ["cla", "clb", "clc", "cld"]
    table = cluster.start_table(names, {"target": 10})
    clients = clients_for(cluster, table, names)

    async def play() -> None:
        await asyncio.gather(*(c.run(match_over, timeout=240) for c in clients))

    asyncio.run(play())
    final = [c.state for c in clients]
    assert all(s["match"]["status"] == "finished" for s in final)
    assert len({tuple(s["match"]["totals"]) for s in final}) == 1
    assert max(float(t) for t in final[0]["match"]["totals"]) >= 10
    assert assert_every_action_stored_once(cluster, table) > 0
    # HAProxy spread the four sockets over both daphne (least connections)
    stats = [line.split(",") for line in cluster.haproxy("show stat").splitlines()[1:]]
    served = {row[1]: int(row[7]) for row in stats if row[0] == "daphne" and "-" in row[1]}
    assert len(served) == 2 and all(total > 0 for total in served.values()), served
    # the moves went through PgBouncer, in transaction pooling
    pools = cluster.pgbouncer("SHOW POOLS")
    assert [(p["database"], p["pool_mode"]) for p in pools if p["user"] == "sahrat"] == [
        ("sahrat", "transaction")
    ]
    stats = {s["database"]: s for s in cluster.pgbouncer("SHOW STATS")}
    assert int(stats["sahrat"]["total_xact_count"]) > 100
    # the whole match reached the replica by streaming
    deadline = time.monotonic() + 10
    while not cluster.sql(
        "replica", "SELECT 1 FROM games_match WHERE table_id = %s AND status = 'finished'", table
    ):
        assert time.monotonic() < deadline, "the replica never got the finished match"
        time.sleep(0.2)


def test_the_player_page_reads_the_replica_but_a_writer_the_primary_and_so_does_all_when_it_stops(
    cluster,
):
    # 1. the page reads the replica: with its replay paused, a player made on the primary is
    #    not there yet; resumed, the row streams over and the page finds it
    cluster.sql("replica_admin", "SELECT pg_wal_replay_pause()")
    try:
        cluster.session("rep_new")  # made through PgBouncer, on the primary
        assert cluster.sql("primary", "SELECT 1 FROM accounts_user WHERE username = 'rep_new'")
        assert get(cluster, "/players/rep_new/")[:2] == (404, "replica")
        # 2. read-your-writes: a player who just wrote (any POST) reads the primary
        cookie = cluster.session("rep_writer")
        status, served, _ = get(cluster, "/players/rep_writer/", cookie)
        assert (status, served) == (404, "replica")
        csrf = "c" * 32
        request = urllib.request.Request(
            cluster.url + "/i18n/setlang/",
            data=f"language=en&next=/&csrfmiddlewaretoken={csrf}".encode(),
            headers={"Cookie": f"{cookie}; csrftoken={csrf}"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200
        assert get(cluster, "/players/rep_writer/", cookie)[:2] == (200, "primary")
        assert get(cluster, "/players/rep_writer/")[:2] == (404, "replica")  # anyone else
    finally:
        cluster.sql("replica_admin", "SELECT pg_wal_replay_resume()")
    deadline = time.monotonic() + 10
    while not on_replica(cluster, "rep_new"):
        assert time.monotonic() < deadline, "the replica did not catch up"
        time.sleep(0.1)
    status, served, body = get(cluster, "/players/rep_new/")
    assert (status, served) == (200, "replica") and "Rep_new" in body

    # 3. the replica stops: the same request is served by the primary, at once
    cluster.supervisorctl("stop", "pg-replica")
    try:
        started = time.monotonic()
        for _ in range(4):  # both daphne, each finding its replica connection gone
            assert get(cluster, "/players/rep_new/")[:2] == (200, "primary")
        assert time.monotonic() - started < 5
    finally:
        cluster.supervisorctl("start", "pg-replica")
    deadline = time.monotonic() + 30
    while get(cluster, "/players/rep_new/")[1] != "replica":  # back once it answers again
        assert time.monotonic() < deadline, "the pages never went back to the replica"
        time.sleep(0.5)


def test_a_daphne_killed_with_sigkill_has_its_table_moving_again_within_five_seconds(cluster):
    names = ["kla", "klb", "klc", "kld"]
    table = cluster.start_table(names, {"target": 2000})
    clients = clients_for(cluster, table, names, reconnect=True)
    killed: dict[str, float] = {}

    def until(state: dict[str, Any]) -> bool:
        return "at" in killed and time.monotonic() > killed["at"] + 8

    async def kill_one() -> None:
        while not all(c.state for c in clients):  # every socket open and playing
            await asyncio.sleep(0.1)
        await asyncio.sleep(2)
        daphne = cluster.daphnes()[0]
        killed["mark"] = max((c.state["round_no"], c.state["event"]) for c in clients)
        killed["at"] = time.monotonic()
        os.kill(cluster.pid(daphne), signal.SIGKILL)

    async def play() -> None:
        await asyncio.gather(kill_one(), *(c.run(until, timeout=120) for c in clients))

    asyncio.run(play())
    cut = [c for c in clients if any(t >= killed["at"] for t, _code in c.closes)]
    assert cut, "no socket was on the killed daphne"
    for client in cut:
        # its first state after the kill that is newer than the table was at the kill
        moved = next(
            t
            for t, m in client.messages
            if t > killed["at"]
            and m["type"] == "state"
            and (m["round_no"], m["event"]) > killed["mark"]
        )
        assert moved - killed["at"] < 5, f"the table moved again after {moved - killed['at']:.1f} s"
        print(f"kill -9: the table moved again {moved - killed['at']:.2f} s after")
    assert_every_action_stored_once(cluster, table)
    # supervisord starts it again; HAProxy takes it back once its checks pass
    deadline = time.monotonic() + 90
    while "DOWN" in cluster.haproxy("show stat"):
        assert time.monotonic() < deadline, "the killed daphne did not come back"
        time.sleep(0.5)


def test_a_rolling_restart_while_a_table_plays_loses_no_action_and_every_socket_reconnects(
    cluster,
):
    names = ["rra", "rrb", "rrc", "rrd"]
    table = cluster.start_table(names, {"target": 2000})
    clients = clients_for(cluster, table, names, reconnect=True)
    restarted: dict[str, Any] = {}

    def until(state: dict[str, Any]) -> bool:
        return "at" in restarted and time.monotonic() > restarted["at"] + 4

    def restart() -> None:
        while not all(c.state for c in clients):
            time.sleep(0.1)
        restarted["before"] = max((c.state["round_no"], c.state["event"]) for c in clients)
        restarted["began"] = time.monotonic()
        restarted["out"] = cluster.restart()
        restarted["after"] = max((c.state["round_no"], c.state["event"]) for c in clients)
        restarted["at"] = time.monotonic()

    play_beside(restart, clients, until, timeout=400)
    print(restarted["out"], f"restart took {restarted['at'] - restarted['began']:.1f} s")
    for client in clients:
        # every socket was told "going away" and opened again (through the other daphne)
        assert GOING_AWAY in [code for _t, code in client.closes], client.closes
        assert len(client.opens) == len(client.closes) + 1
        for closed, _code in client.closes:
            back = min(t for t in client.opens if t > closed)
            assert back - closed < 3, f"a socket came back after {back - closed:.1f} s"
        assert not [e for e in client.errors if e["code"] != "stale_turn"], client.errors
    gaps = [min(t for t in c.opens if t > at) - at for c in clients for at, _code in c.closes]
    print(f"sockets back after {min(gaps):.2f}-{max(gaps):.2f} s ({len(gaps)} reconnects)")
    # the table played through the restart and after it
    final = max((c.state["round_no"], c.state["event"]) for c in clients)
    assert restarted["before"] < restarted["after"] < final
    assert assert_every_action_stored_once(cluster, table) > 0


def shard_of_table(cluster: ClusterSite, table: int) -> int | None:
    """The channel-layer shard that carries the table's group (as its Redis lists the
    subscriptions), None when none does."""
    for shard, url in enumerate(cluster.info["channels"]):
        with redis.Redis.from_url(url) as client:
            if client.pubsub_channels(f"*__group__table.{table}"):
                return shard
    return None


def test_a_channel_shard_stopped_while_a_table_plays_loses_no_action_and_every_page_resyncs(
    cluster,
):
    names = ["sha", "shb", "shc", "shd"]
    table = cluster.start_table(names, {"target": 2000, "turn_seconds": 60})
    clients = clients_for(cluster, table, names, reconnect=True)
    outage: dict[str, Any] = {}

    def until(state: dict[str, Any]) -> bool:
        return "back" in outage and time.monotonic() > outage["back"] + 6

    def stop_a_shard() -> None:
        while not all(c.state for c in clients):  # every socket open and playing
            time.sleep(0.1)
        time.sleep(1)
        shard = shard_of_table(cluster, table)
        assert shard is not None, "the table's group is on no channel shard"
        port = cluster.info["channels"][shard].rsplit(":", 1)[1].split("/")[0]
        program = f"redis-channels:redis-channels-{port}"
        outage["stopped"] = time.monotonic()
        cluster.supervisorctl("stop", program)
        time.sleep(3)  # the table plays on: what goes to the stopped shard is lost
        cluster.supervisorctl("start", program)
        outage["back"] = time.monotonic()
        outage["table_at_back"] = current_event(cluster, table)

    play_beside(stop_a_shard, clients, until, timeout=120)
    # three seconds after the shard is back every page holds at least the state the table was
    # at when it came back (the sockets that listen through it resynced)...
    for client in clients:
        seen = [
            (m["round_no"], m["event"])
            for t, m in client.messages
            if m["type"] == "state" and t <= outage["back"] + 3
        ]
        assert max(seen) >= outage["table_at_back"], (max(seen), outage["table_at_back"])
    # ...and the table never stood still: no seat waited for a turn it never heard of until
    # the clock (60 s) played it
    first_seen: dict[tuple[int, int], float] = {}
    for client in clients:
        for t, m in client.messages:
            if m["type"] == "state":
                order = (m["round_no"], m["event"])
                first_seen[order] = min(t, first_seen.get(order, t))
    after = sorted(t for t in first_seen.values() if t > outage["stopped"])
    gaps = [b - a for a, b in zip([outage["stopped"], *after], after, strict=False)]
    print(f"a shard stopped for 3 s: the table's longest wait for a new state {max(gaps):.2f} s")
    assert max(gaps) < 6, f"the table stood still for {max(gaps):.1f} s"
    assert [e for c in clients for e in c.errors if e["code"] != "stale_turn"] == []
    assert assert_every_action_stored_once(cluster, table) > 0


def current_event(cluster: ClusterSite, table: int) -> tuple[int, int]:
    """The table's latest round's (number, event) on the primary."""
    rows = cluster.sql(
        "primary",
        "SELECT r.number, r.event_no FROM games_round r JOIN games_match m ON m.id = r.match_id "
        "WHERE m.table_id = %s ORDER BY r.number DESC LIMIT 1",
        table,
    )
    return rows[0][0], rows[0][1]


def haproxy_states(cluster: ClusterSite) -> dict[str, str]:
    """Each daphne's status in HAProxy's ``daphne`` backend: UP, DOWN, …"""
    rows = [line.split(",") for line in cluster.haproxy("show stat").splitlines()[1:]]
    return {row[1]: row[17] for row in rows if row[0] == "daphne" and row[1].startswith("daphne-")}


def refusals(cluster: ClusterSite) -> float:
    """Sockets the daphnes refused themselves (4503), summed over the site (/metrics)."""
    with urllib.request.urlopen(cluster.info["daphne"][0] + "/metrics", timeout=10) as response:
        text = response.read().decode()
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("sahrat_sockets_refused_total{")
    )


def test_with_every_daphne_full_haproxy_refuses_newcomers_and_lets_them_in_once_there_is_room(
    cluster,
):
    async def scenario() -> None:
        # a lobby page open through HAProxy before the site fills up
        held = await connect(cluster.ws_url("/ws/lobby/"), origin=cluster.url)
        # each daphne filled to its socket limit by lobby sockets opened straight to it
        filling = []
        for url in cluster.info["daphne"]:
            ws_url = "ws" + url.removeprefix("http") + "/ws/lobby/"
            filling += await asyncio.gather(
                *(connect(ws_url, origin=url) for _ in range(SOCKETS_MAX))
            )
        try:
            # a full daphne answers 503 to HAProxy's check, which marks it down
            deadline = time.monotonic() + 10
            while set((states := haproxy_states(cluster)).values()) != {"DOWN"}:
                assert time.monotonic() < deadline, states
                await asyncio.sleep(0.2)
            before = await asyncio.to_thread(refusals, cluster)
            # a newcomer's socket: HAProxy's 503 and retry hint, before any daphne is asked
            with pytest.raises(InvalidStatus) as refused:
                await connect(cluster.ws_url("/ws/lobby/"), origin=cluster.url)
            response = refused.value.response
            assert response.status_code == 503
            assert response.headers["Retry-After"] == "5"
            # a page: the same answer, a page in both languages that tries again by itself
            status, _served, _body = await asyncio.to_thread(get, cluster, "/")
            assert status == 503
            with pytest.raises(urllib.error.HTTPError) as page:
                await asyncio.to_thread(urllib.request.urlopen, cluster.url + "/lobby/", None, 10)
            assert page.value.headers["Retry-After"] == "5"
            assert page.value.headers["Cache-Control"] == "no-store"
            body = page.value.read().decode()
            assert "سهرات مزدحمة الآن" in body and "Sahrat is busy right now" in body
            assert "location.reload()" in body
            assert await asyncio.to_thread(refusals, cluster) == before  # no daphne was asked
            # the page already open plays on through its daphne
            await held.send("{}")
            assert json.loads(await asyncio.wait_for(held.recv(), 10))["code"] == "read_only"
        finally:
            for ws in filling:
                await ws.close()
        # room again: back up after two passed checks, and the newcomer gets in
        deadline = time.monotonic() + 15
        while set((states := haproxy_states(cluster)).values()) != {"UP"}:
            assert time.monotonic() < deadline, states
            await asyncio.sleep(0.2)
        async with connect(cluster.ws_url("/ws/lobby/"), origin=cluster.url) as newcomer:
            await newcomer.send("{}")
            assert json.loads(await asyncio.wait_for(newcomer.recv(), 10))["code"] == "read_only"
        await held.close()

    asyncio.run(scenario())
