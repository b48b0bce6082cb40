"""Four players over real websockets (real daphne, Celery, Redis and database) play a whole
Pinochle match to its end; the clock plays a turn in the auction and one in a trick for a player
who lets them run out, and the match goes on."""

import asyncio

from sahrat.testing.table_client import TableClient, match_over


def test_four_players_over_real_websockets_play_a_pinochle_match(shared_site):
    names = ["pia", "pol", "pam", "pit"]
    table = shared_site.start_table(names, {"target": 40, "turn_seconds": 5}, game="pinochle")
    url = shared_site.ws_url(f"/ws/table/{table}/")
    skipped: set[str] = set()

    def once_in_each_phase(state) -> bool:
        """The first of pia's turns in the auction and the first in a trick: let the clock play."""
        phase = state["view"]["phase"]
        if phase in ("bidding", "play") and phase not in skipped:
            skipped.add(phase)
            return True
        return False

    clients = [
        TableClient(
            url,
            shared_site.url,
            shared_site.session(n),
            skip=once_in_each_phase if n == "pia" else None,
        )
        for n in names
    ]

    async def play() -> None:
        await asyncio.gather(*(c.run(match_over, timeout=400) for c in clients))

    asyncio.run(play())
    assert skipped == {"bidding", "play"}
    final = [c.state for c in clients]
    assert all(
        s["match"]["status"] == "finished" and s["match"]["game"] == "pinochle" for s in final
    )
    totals = [int(t) for t in final[0]["match"]["totals"]]
    assert len({tuple(s["match"]["totals"]) for s in final}) == 1 and max(totals) >= 40
    for client in clients:
        assert not [e for e in client.errors if e["code"] != "stale_turn"], client.errors
    actors = shared_site.query(
        "from games.models import Action\n"
        f"rows = Action.objects.filter(round__match__table_id={table}, actor='timeout')\n"
        "result = [[r.seat, r.payload['type']] for r in rows]"
    )
    kinds = {kind for _seat, kind in actors}
    assert {"pass", "play"} <= kinds or {"bid", "play"} <= kinds, actors
