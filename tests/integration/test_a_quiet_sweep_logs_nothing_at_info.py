"""Celery beat's sweep runs every ``SAHRAT_SWEEP_SECONDS`` (2 s): beat's "Sending due task"
and the worker's "received" and "succeeded" lines for it filled the log (2,000 lines in 70
minutes). A sweep that finds nothing to do logs nothing; one that reissues work still warns."""

import json
import time
import urllib.request


def test_sweeps_that_find_nothing_leave_no_line_in_the_log(live_site):
    before = len(live_site.log("serve"))
    ages = []
    for _ in range(8):  # sweeps every 0.5 s here: a handful of them
        time.sleep(0.5)
        with urllib.request.urlopen(live_site.url + "/health/ready/", timeout=5) as answer:
            ready = json.loads(answer.read())
        assert ready["tasks"] == "ok", ready
        ages.append(ready["last_sweep_seconds_ago"])
    assert min(ages) < 1.5  # the sweep ran during the test
    written = live_site.log("serve")[before:]
    lines = [line for line in written.splitlines() if "sweep" in line.lower()]
    assert lines == []
