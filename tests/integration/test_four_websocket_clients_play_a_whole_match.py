"""Four players over real websockets play a Banakil match to its end, every move theirs: the
table has no clock (a free table may), so a loaded machine's slow client is never played for
by the clock."""

import asyncio

from sahrat.testing.table_client import TableClient, match_over


def test_four_players_over_real_websockets_play_a_match_to_its_end(shared_site):
    names = ["ina", "ben", "cai", "dia"]
    table = shared_site.start_table(names, {"target": 40, "turn_seconds": None})
    clients = [
        TableClient(
            shared_site.ws_url(f"/ws/table/{table}/"), shared_site.url, shared_site.session(n)
        )
        for n in names
    ]

    async def play() -> None:
        await asyncio.gather(*(c.run(match_over, timeout=240) for c in clients))

    asyncio.run(play())
    final = [c.state for c in clients]
    assert all(s["match"]["status"] == "finished" for s in final)
    assert len({tuple(s["match"]["totals"]) for s in final}) == 1
    totals = [float(t) for t in final[0]["match"]["totals"]]
    assert max(totals) >= 40 and totals[0] != totals[1]
    assert final[0]["match"]["winner"] == (0 if totals[0] > totals[1] else 1)
    for client in clients:
        assert not [e for e in client.errors if e["code"] != "stale_turn"], client.errors
    stored = shared_site.query(
        "from games.models import Match, Action\n"
        f"m = Match.objects.get(table_id={table})\n"
        "result = [m.status, *m.totals, "
        "sorted(set(Action.objects.filter(round__match=m).values_list('actor', flat=True)))]"
    )
    assert stored[0] == "finished" and stored[3] == ["player"]
    assert [float(stored[1]), float(stored[2])] == totals
