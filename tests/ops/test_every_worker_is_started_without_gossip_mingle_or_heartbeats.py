"""The workers of every way the site runs (``manage.py serve``, supervisord's and systemd's
units) start without gossip, mingle and heartbeats: nothing here uses them, mingle delays each
start by a second (a rolling restart waits for it), and gossip and heartbeats cost each worker
CPU every second (decision 149)."""

from pathlib import Path

from sahrat.management.commands.serve import WORKER_QUIET

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def test_the_deployed_worker_command_lines_carry_the_same_flags_as_serve():
    assert WORKER_QUIET == ("--without-gossip", "--without-mingle", "--without-heartbeat")
    for unit in ("supervisor/sahrat.conf", "systemd/sahrat-worker@.service"):
        lines = [
            line
            for line in (DEPLOY / unit).read_text().splitlines()
            if "celery -A sahrat worker" in line
        ]
        assert len(lines) == 1, unit
        assert all(flag in lines[0].split() for flag in WORKER_QUIET), unit
