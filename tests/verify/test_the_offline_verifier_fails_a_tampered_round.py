"""tools/verify_round.py (standard library only) on the round JSON the Verify page offers."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.verification import check

pytestmark = pytest.mark.django_db
TOOL = Path(__file__).resolve().parents[2] / "tools" / "verify_round.py"


def run(record, tmp_path):
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record))
    return subprocess.run(
        [sys.executable, "-I", str(TOOL), str(path)], capture_output=True, text=True
    )


def download(client, rnd):
    response = client.get(f"/verify/{rnd.pk}/round.json")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    return json.loads(response.content)


def test_every_round_of_a_played_match_passes_offline(played_match, client_for, alice, tmp_path):
    client = client_for(alice)
    for rnd in played_match.rounds.all():
        record = download(client, rnd)
        done = run(record, tmp_path)
        assert done.returncode == 0, done.stdout
        assert done.stdout.strip().endswith(f"PASS: round {rnd.number} of match {played_match.pk}")
        assert check(record) and all(ok for _name, ok in check(record))


def test_one_card_changed_in_the_recorded_deal_fails(played_match, client_for, alice, tmp_path):
    record = download(client_for(alice), played_match.rounds.first())
    deck = record["recorded"]["deck"]
    swap = next(i for i, c in enumerate(deck) if c != deck[0])
    deck[0], deck[swap] = deck[swap], deck[0]  # two cards trade places: still 106 real cards
    done = run(record, tmp_path)
    assert done.returncode == 1
    assert "FAIL  deck" in done.stdout and done.stdout.strip().splitlines()[-1].startswith("FAIL")
    assert not all(ok for _name, ok in check(record))


def test_a_changed_hand_card_fails(played_match, client_for, alice, tmp_path):
    record = download(client_for(alice), played_match.rounds.first())
    hand = record["recorded"]["hands"][2]
    hand[5] = "JK" if hand[5] != "JK" else "AS"
    done = run(record, tmp_path)
    assert done.returncode == 1 and "FAIL  hand of seat 3" in done.stdout


def test_a_secret_that_does_not_match_the_commitment_fails(
    played_match, client_for, alice, tmp_path
):
    record = download(client_for(alice), played_match.rounds.first())
    record["secret"] = "%064x" % (int(record["secret"], 16) ^ 0xFF)
    done = run(record, tmp_path)
    assert done.returncode == 1 and "FAIL  commitment" in done.stdout


def test_a_round_without_its_secret_cannot_pass(played_match, client_for, alice, tmp_path):
    record = download(client_for(alice), played_match.rounds.first())
    record["secret"] = None
    assert run(record, tmp_path).returncode == 1
