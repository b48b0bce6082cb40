import asyncio
import time
from datetime import datetime

from sahrat.testing.table_client import TableClient


def test_the_clock_plays_the_time_out_move_within_a_second_of_the_deadline(shared_site):
    # a turn long enough for both watchers to connect on a busy machine before it ends
    table = shared_site.start_table(["tia", "tom"], {"players": 2, "turn_seconds": 12})
    watchers = [
        TableClient(
            shared_site.ws_url(f"/ws/table/{table}/"),
            shared_site.url,
            shared_site.session(n),
            plays=False,
        )
        for n in ("tia", "tom")
    ]
    dealt: dict[str, float] = {}

    def second_turn(state) -> bool:
        view = state["view"]
        if view is None:
            return False
        if view["turn_no"] == 1 and "deadline" not in dealt:
            deadline = datetime.fromisoformat(state["clock"]["deadline"]).timestamp()
            dealt["deadline"] = deadline
        return view["turn_no"] >= 2

    async def watch() -> None:
        await asyncio.gather(*(w.run(second_turn, timeout=30) for w in watchers))

    asyncio.run(watch())
    arrived = time.time() - (time.monotonic() - watchers[0].messages[-1][0])
    late = arrived - dealt["deadline"]
    assert 0 <= late < 1.0, f"the time-out move reached the seats {late:.3f} s after the deadline"
    actors = shared_site.query(
        "from games.models import Action\n"
        f"result = sorted(set(Action.objects.filter(round__match__table_id={table})"
        ".values_list('actor', flat=True)))"
    )
    assert actors == ["timeout"]
