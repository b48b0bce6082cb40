"""tools/verify_round.py and the server's own check agree with the engine on random Pinochle
hands of every variant (the deck, packet-dealt hands, the widow, the first dealer), and a
changed card or a wrong secret fails."""

import json

import pytest

from games.verification import check

from .pinochle_hands import random_hands
from .test_the_offline_verifier_fails_a_tampered_round import run


@pytest.fixture(scope="module")
def hands() -> list[dict]:
    return random_hands(1201, 50)


def test_fifty_random_hands_pass_offline_and_on_the_server(hands, tmp_path):
    for record in hands:
        done = run(record, tmp_path)
        assert done.returncode == 0, done.stdout
        assert "PASS  deck" in done.stdout
        if record["options"]["variant"] == "three":
            assert "PASS  widow" in done.stdout
        items = check(record)
        assert items and all(ok for _name, ok in items)
        assert {"commitment", "deck"} <= {name for name, _ok in items}


def test_a_changed_card_fails_and_a_wrong_secret_fails(hands, tmp_path):
    changed = json.loads(json.dumps(hands[2]))  # three-handed: the widow too
    widow = changed["recorded"]["widow"]
    widow[0], changed["recorded"]["hands"][0][0] = changed["recorded"]["hands"][0][0], widow[0]
    done = run(changed, tmp_path)
    assert done.returncode == 1
    assert "FAIL  widow" in done.stdout and "FAIL  hand of seat 1" in done.stdout
    assert not all(ok for _name, ok in check(changed))
    wrong = {**hands[0], "secret": "%064x" % (int(hands[0]["secret"], 16) ^ 1)}
    done = run(wrong, tmp_path)
    assert done.returncode == 1 and "FAIL  commitment" in done.stdout
