import asyncio
from collections.abc import Iterator

import pytest

from sahrat.testing.live import LiveSite
from sahrat.testing.table_client import TableClient


@pytest.fixture
def live_site(tmp_path) -> Iterator[LiveSite]:
    """A site of its own whose grace period after a disconnect is short (1 s)."""
    with LiveSite(tmp_path, SAHRAT_AWAY_GRACE_SECONDS="1") as site:
        yield site


def seat_state(live_site, table: int) -> list[dict]:
    return live_site.query(
        f"from games.models import Match\nresult = Match.objects.get(table_id={table}).seats"
    )


def test_a_disconnected_player_is_played_by_a_bot_and_gets_the_seat_back(live_site):
    names = ["lea", "lou", "lia", "lex"]
    table = live_site.start_table(names, {"target": 500})
    url = live_site.ws_url(f"/ws/table/{table}/")
    players = [TableClient(url, live_site.url, live_site.session(n)) for n in names]
    gone = players[2]

    async def play_a_while(clients, until, timeout=60) -> None:
        await asyncio.gather(*(c.run(until, timeout=timeout) for c in clients))

    # everyone plays until the round is under way, then lia's connection drops
    asyncio.run(play_a_while(players, lambda s: (s["view"] or {}).get("turn_no", 0) >= 3))
    others = [p for p in players if p is not gone]

    bot_on_turn = set()  # the turns at which seat 2 was on turn with the bot in it

    def bot_played_seat_2(state) -> bool:
        """A turn of seat 2's began with the bot in it, and has passed. (A throw of seat 2's in
        the last actions may be lia's own, from before the grace ran out.)"""
        view = state["view"] or {}
        if not state["seats"][2]["bot"]:
            return False
        if view.get("turn") == 2:
            bot_on_turn.add((state["round_no"], view["turn_no"]))
            return False
        return any(
            round_no == state["round_no"] and turn_no < view.get("turn_no", 0)
            for round_no, turn_no in bot_on_turn
        )

    # after the grace period (1 s here) a bot plays lia's seat with her hand
    asyncio.run(play_a_while(others, bot_played_seat_2))
    assert seat_state(live_site, table)[2]["bot"] is True
    bot_actions = live_site.query(
        "from games.models import Action\n"
        f"result = list(Action.objects.filter(round__match__table_id={table}, seat=2)"
        ".values_list('actor', flat=True).distinct())"
    )
    assert "bot" in bot_actions

    # lia comes back: the seat is hers again by her next turn, and she plays it
    back = TableClient(url, live_site.url, live_site.session("lia"))

    def lia_moved_again(state) -> bool:
        return len(back.sent) >= 1 and not state["seats"][2]["bot"]

    async def return_and_play() -> None:
        async def others_play() -> None:
            await asyncio.gather(*(c.run(lambda s: lia_moved_again(s), timeout=90) for c in others))

        await asyncio.gather(back.run(lia_moved_again, timeout=90), others_play())

    asyncio.run(return_and_play())
    assert back.sent, "lia played her seat again"
    # (her socket is closed now, so after the grace a bot may stand in again: read the log)
    actors = live_site.query(
        "from games.models import Action\n"
        f"result = list(Action.objects.filter(round__match__table_id={table}, seat=2)"
        ".order_by('round__number', 'seq').values_list('actor', 'user__username'))"
    )
    first_bot = actors.index(["bot", None])
    assert ["player", "lia"] in actors[first_bot:], "a move of lia's after the bot's"
