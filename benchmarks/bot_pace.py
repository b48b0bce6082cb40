"""How long the bots take at a live table (issue #35, item 5): prints each bot turn's length
and each lap of three bot turns.

    .venv/bin/python benchmarks/bot_pace.py                          # the settings' pauses
    .venv/bin/python benchmarks/bot_pace.py --think 0.8 --step 0.8   # a full pause per action

A live site (daphne, a Celery worker and beat: ``sahrat.testing.live.LiveSite``) with the given
``SAHRAT_BOT_SECONDS`` (think) and ``SAHRAT_BOT_STEP_SECONDS`` (step) opens a Banakil table with
no clock, one player and three bots; the player goes away, so a bot stands in and bots play
every seat. After ``--seconds`` the action log's times give each turn's length: from the last
action of the turn before to the last action of this one (the think, the bot's choices and
every step). Turns that open a round (after the score sheet) are left out.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from sahrat.testing.live import LiveSite


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--think", type=float, default=0.7, help="SAHRAT_BOT_SECONDS")
    parser.add_argument("--step", type=float, default=0.3, help="SAHRAT_BOT_STEP_SECONDS")
    parser.add_argument("--level", default="medium", choices=("easy", "medium", "hard"))
    parser.add_argument("--seconds", type=float, default=40)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as tmp,
        LiveSite(
            Path(tmp),
            SAHRAT_BOT_SECONDS=str(args.think),
            SAHRAT_BOT_STEP_SECONDS=str(args.step),
            SAHRAT_ROUND_BREAK_SECONDS="1",
            SAHRAT_AWAY_GRACE_SECONDS="600",
        ) as site,
    ):
        table = site.start_table(
            ["pace"], {"turn_seconds": None, "bot_level": args.level}, bots=True
        )
        site.python(
            "from django.contrib.auth import get_user_model\nfrom games import live\n"
            f"live.went_away({table}, get_user_model().objects.get(username='pace').pk)\n"
        )
        time.sleep(args.seconds)
        rows = site.query(
            "from games.models import Action\n"
            f"rows = Action.objects.filter(round__match__table_id={table}).order_by('pk')\n"
            "result = [(a.round_id, a.seat, a.created_at.timestamp()) for a in rows]\n"
        )
    turns: list[tuple[int, int, float, int]] = []  # (round, seat, end, actions)
    for round_id, seat, at in rows:
        if turns and turns[-1][:2] == (round_id, seat):
            turns[-1] = (round_id, seat, at, turns[-1][3] + 1)
        else:
            turns.append((round_id, seat, at, 1))
    lengths = [
        (end - before[2], actions)
        for before, (rnd, _seat, end, actions) in zip(turns, turns[1:], strict=False)
        if rnd == before[0]
    ]
    seconds = [s for s, _n in lengths]
    laps = [sum(seconds[i : i + 3]) for i in range(0, len(seconds) - 2, 3)]
    print(f"think {args.think} s, step {args.step} s, {args.level} bots: {len(rows)} actions")
    print(
        f"  turns: {len(seconds)}, {statistics.mean(n for _s, n in lengths):.1f} actions a turn;"
        f" seconds a turn: median {statistics.median(seconds):.2f},"
        f" min {min(seconds):.2f}, max {max(seconds):.2f}"
    )
    print(
        f"  laps of three turns: {len(laps)}; seconds: median {statistics.median(laps):.2f},"
        f" min {min(laps):.2f}, max {max(laps):.2f}"
    )


if __name__ == "__main__":
    main()
