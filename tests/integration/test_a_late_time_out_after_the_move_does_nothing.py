import time

from .faults import round_facts


def test_a_time_out_task_for_a_turn_already_played_changes_nothing(shared_site):
    table = shared_site.start_table(["lat", "lot"], {"players": 2})
    for _ in range(50):
        facts = round_facts(shared_site, table)
        if facts["status"] == "playing":
            break
        time.sleep(0.2)
    shared_site.python(  # the player on turn moves (a throw ends the starter's first turn)
        "from django.contrib.auth import get_user_model\n"
        "from games import live\n"
        f"s = live.snapshot({table}, get_user_model().objects.get(username='lat'))\n"
        "v = s['view']; seat = v['turn']\n"
        "name = 'lat' if seat == s['you'] else 'lot'\n"
        "u = get_user_model().objects.get(username=name)\n"
        f"v = live.snapshot({table}, u)['view']\n"
        f"live.play({table}, u, {{'type': 'throw', 'card': v['hand'][0]}}, v['turn_no'])\n"
    )
    played = round_facts(shared_site, table)
    shared_site.python(  # the old turn's clock runs now, late, through the real worker
        "from games.tasks import turn_timeout\n"
        f"turn_timeout.apply_async(({facts['id']}, {facts['turn_no']})).get(timeout=10)\n"
    )
    time.sleep(0.5)
    assert round_facts(shared_site, table)["actions"] == played["actions"]
