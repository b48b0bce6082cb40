import asyncio

import pytest

from sahrat.testing.live import LiveSite
from sahrat.testing.table_client import TableClient

from .faults import round_facts


@pytest.fixture
def patient_site(tmp_path):
    """A site whose players get a minute to come back, longer than a restart takes."""
    with LiveSite(tmp_path, SAHRAT_AWAY_GRACE_SECONDS="60") as site:
        yield site


def test_clients_reconnect_after_a_daphne_crash_and_play_on_from_the_same_action(patient_site):
    live_site = patient_site
    table = live_site.start_table(["rhea", "ravi"], {"players": 2})
    url = live_site.ws_url(f"/ws/table/{table}/")
    cookies = [live_site.session(n) for n in ("rhea", "ravi")]

    def clients() -> list[TableClient]:
        return [TableClient(url, live_site.url, c) for c in cookies]

    async def play(players, until) -> None:
        try:
            await asyncio.gather(*(p.run(until, timeout=60) for p in players))
        except TimeoutError as e:  # say where each player stood, and what was refused
            seen = [
                (p.state or {}).get("view") and (p.state["round_no"], p.state["view"]["turn_no"])
                for p in players
            ]
            errors = [p.errors[-3:] for p in players]
            raise AssertionError(f"play stalled at {seen}; last errors {errors}") from e

    first = clients()
    asyncio.run(play(first, lambda s: (s["view"] or {}).get("turn_no", 0) >= 4))
    before = round_facts(live_site, table)

    live_site.restart("daphne")  # killed mid-round (SIGKILL), then started again

    again = clients()
    asyncio.run(play(again, lambda s: True))  # reconnect: the first state, nothing more
    after = round_facts(live_site, table)
    assert after["actions"] == before["actions"] and after["hands"] == before["hands"]
    for old, new in zip(first, again, strict=True):
        seen, resumed = old.state, new.state
        assert resumed["view"]["hand"] == seen["view"]["hand"]
        assert (resumed["round_no"], resumed["view"]["turn_no"]) == (
            seen["round_no"],
            seen["view"]["turn_no"],
        )

    target = before["turn_no"] + 3
    asyncio.run(play(clients(), lambda s: (s["view"] or {}).get("turn_no", 0) >= target))
    assert round_facts(live_site, table)["turn_no"] >= target
