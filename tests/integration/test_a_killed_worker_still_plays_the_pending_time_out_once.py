import time
from datetime import datetime

from games.banakil import Round as EngineRound

from .faults import round_facts


def test_the_time_out_fires_once_after_the_worker_holding_it_is_killed(live_site):
    table = live_site.start_table(["kim", "kai"], {"players": 2, "turn_seconds": 5})
    for _ in range(50):  # the seed wait ends with nobody's seed
        facts = round_facts(live_site, table)
        if facts["status"] == "playing":
            break
        time.sleep(0.2)
    deadline = datetime.fromisoformat(
        live_site.query(
            f"from games.models import Round\n"
            f"result = Round.objects.get(pk={facts['id']}).deadline.isoformat()"
        )
    ).timestamp()
    live_site.kill("worker")  # it holds the pending time-out (an ETA task) and dies with it
    time.sleep(1)
    live_site.restart("worker")
    # the time-out is played once its deadline has passed, by the new worker or the sweep that
    # reissues lost table work: wait for it (a loaded machine restarts a worker slowly)
    limit = deadline + 30
    while True:
        after = round_facts(live_site, table)
        played = after["turn_no"] - facts["turn_no"]
        if played >= 1 or time.time() > limit:
            break
        time.sleep(0.2)
    assert played >= 1, "the killed worker's time-out was played after all"
    assert {actor for _s, actor, _p in after["actions"]} == {"timeout"}
    # Each turn played by the clock exactly once: the log is the chain of time-out moves, one
    # turn after the other (on a slow machine the next turns' clocks may have run out too).
    engine = live_site.query(
        f"from games.models import Round\nresult = Round.objects.get(pk={facts['id']}).state"
    )
    fresh = EngineRound.from_json({**engine, "actions": []})
    chain = []
    for _turn in range(played):
        for move in fresh.timeout_actions():
            fresh.apply(fresh.turn, move)
            chain.append(move)
    assert [payload for _seat, _actor, payload in after["actions"]] == chain
