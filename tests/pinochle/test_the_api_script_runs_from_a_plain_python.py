"""The public-API test file is also a plain script: it runs without pytest and prints a hand."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).with_name("test_the_public_api_works_as_written.py")


def test_the_api_checks_run_as_a_plain_script():
    out = subprocess.run(
        [sys.executable, str(SCRIPT)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert out.returncode == 0, out.stderr
    assert "checks passed" in out.stdout
    assert "bots played the hand" in out.stdout
