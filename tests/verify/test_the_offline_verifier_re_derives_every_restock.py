"""tools/verify_round.py follows each restock's pile from the action log and re-shuffles it:
rounds played long enough to restock pass, and a changed restock fails."""

import json
import random

import pytest

from games.verification import check

from .rounds import random_round
from .test_the_offline_verifier_fails_a_tampered_round import run


@pytest.fixture(scope="module")
def restocked() -> list[dict]:
    rng = random.Random(1130)
    rounds = [random_round(rng, rng.choice([2, 4])) for _ in range(40)]
    chosen = [r for r in rounds if r["recorded"]["restocks"]]
    assert len(chosen) >= 3
    return chosen


def test_rounds_with_restocks_pass_offline_and_on_the_server(restocked, tmp_path):
    for record in restocked:
        done = run(record, tmp_path)
        assert done.returncode == 0, done.stdout
        assert "PASS  restock 1" in done.stdout
        assert all(ok for _name, ok in check(record))


def test_a_reordered_restock_fails(restocked, tmp_path):
    record = json.loads(json.dumps(restocked[0]))
    stock = record["recorded"]["restocks"][0]["stock"]
    swap = next(i for i, c in enumerate(stock) if c != stock[0])
    stock[0], stock[swap] = stock[swap], stock[0]
    done = run(record, tmp_path)
    assert done.returncode == 1 and "FAIL  restock 1" in done.stdout
    assert not all(ok for _name, ok in check(record))


def test_a_recorded_pile_that_the_log_does_not_give_fails(restocked, tmp_path):
    record = json.loads(json.dumps(restocked[0]))
    pile = record["recorded"]["restocks"][0]["pile"]
    pile[0], pile[-1] = pile[-1], pile[0]
    if pile[0] == pile[-1]:
        pile[0] = "JK" if pile[0] != "JK" else "AS"
    done = run(record, tmp_path)
    assert done.returncode == 1 and "FAIL  restock 1" in done.stdout
