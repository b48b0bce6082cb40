"""Two supervisors on one var/ would share its database and Redis socket: the second one
stops at once and says which process runs already and how to stop it; the first keeps
serving."""

import subprocess
import sys
import urllib.request

from .serving import ROOT, serve_env, start_serve, stop, wait_until_serving


def test_a_second_serve_names_the_running_one_and_leaves_it_alone(tmp_path):
    var = tmp_path / "var"
    first, port = start_serve(var, tmp_path / "first.log")
    try:
        wait_until_serving(first, port, tmp_path / "first.log")
        second = subprocess.run(
            [sys.executable, "manage.py", "serve", "--port", "1", "--no-setup"],
            cwd=ROOT,
            env=serve_env(var),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 1
        assert f"already runs from {var} (pid {first.pid})" in second.stderr, second.stderr
        assert f"kill {first.pid}" in second.stderr
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=5) as page:
            assert page.status == 200
    finally:
        stop(first)
    assert first.returncode == 0
