"""`manage.py check --deploy` is clean with production settings (DEBUG off, a real secret)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_finds_nothing_with_production_settings(tmp_path):
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": "x7!" + "k" * 60 + "Zq9#",
        "ALLOWED_HOSTS": "sahrat.example",
        "CSRF_TRUSTED_ORIGINS": "https://sahrat.example",
        "SECURE_HSTS_PRELOAD": "true",  # an opt-in of each deployment (docs/operations.md)
        "SAHRAT_VAR_DIR": str(tmp_path),
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout
