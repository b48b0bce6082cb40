"""Quick play's matcher under load (issue #31): 2,000 simulated players queued (rows in the
database, liveness in Redis), matched pass after pass as the Celery job does.

    .venv/bin/python benchmarks/quickplay.py                    # SQLite + an embedded Redis
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/sahrat_quick \\
    REDIS_URL=redis://127.0.0.1:6379/5 .venv/bin/python benchmarks/quickplay.py

With no DATABASE_URL it uses a fresh SQLite file and its own Redis in a temp dir; with one it
migrates that database (give it a database of your own: it adds users and tables). Players are
spread over Banakil's two modes with ratings ~N(1500, 200) and have waited 0-30 s. Each pass is
``services.match_pass`` (its CPU budget 0.8 s); printed: the grouping's CPU over the whole
queue, then per pass its CPU (process time), the players it seated, and the passes it took.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2000)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="quickplay-bench-"))
    os.environ.setdefault("SAHRAT_VAR_DIR", str(tmp))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sahrat.settings")
    redis_server = None
    if not os.environ.get("REDIS_URL"):
        from sahrat.embedded_redis import EmbeddedRedis

        redis_server = EmbeddedRedis(tmp / "redis.sock", tmp, persist=False)
        redis_server.start()
    try:
        run(args.players)
    finally:
        if redis_server is not None:
            redis_server.stop()


def run(players: int) -> None:
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.utils import timezone

    call_command("migrate", verbosity=0)
    from datetime import timedelta

    from accounts.models import User
    from quickplay import liveness, services
    from quickplay.models import QueueEntry
    from quickplay.window import Waiting, groups

    rng = random.Random(31)
    tag = f"qp{int(time.time())}"
    User.objects.bulk_create(
        [
            User(
                username=f"{tag}-{n}",
                display_name=f"{tag} {n}",
                username_key=f"{tag}-{n}",
                name_key=f"{tag} {n}",
                password="!",
            )
            for n in range(players)
        ]
    )
    users = list(User.objects.filter(username__startswith=f"{tag}-").values_list("pk", flat=True))
    now = timezone.now()
    entries = [
        QueueEntry(
            user_id=pk,
            game="banakil",
            mode=rng.choice(["2v2", "1v1"]),
            rating=int(rng.gauss(1500, 200)),
            joined_at=now - timedelta(seconds=rng.uniform(0, 30)),
        )
        for pk in users
    ]
    QueueEntry.objects.bulk_create(entries)
    for pk in users:
        liveness.seen(pk)

    waiting = [
        Waiting(e.pk, e.rating, e.joined_at.timestamp())
        for e in QueueEntry.objects.filter(user_id__in=users, mode="2v2")
    ]
    started = time.process_time()
    found = groups(waiting, 4, time.time())
    print(
        f"database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}; "
        f"{players} players queued ({len(waiting)} for 2v2)"
    )
    print(
        f"grouping alone, the 2v2 queue: {len(found)} tables in "
        f"{(time.process_time() - started) * 1000:.1f} ms CPU"
    )
    passes, seated, cpus = 0, 0, []
    while True:
        liveness_refresh(liveness, users)  # the waiting pages keep asking
        result = services.match_pass()
        passes += 1
        seated += result.seated
        cpus.append(result.cpu)
        print(
            f"pass {passes}: {result.cpu:.3f} s CPU, seated {result.seated} "
            f"({result.tables} tables), {result.waiting - result.seated} left waiting"
        )
        if not result.tables:
            break
    print(
        f"passes: {passes}; seated {seated} of {players}; CPU per pass max {max(cpus):.3f} s, "
        f"mean {sum(cpus) / len(cpus):.3f} s; seated per pass (seating ones) "
        f"{seated / max(1, passes - 1):.0f}"
    )


def liveness_refresh(liveness: object, users: list[int]) -> None:
    seen = liveness.seen  # type: ignore[attr-defined]
    for pk in users:
        seen(pk)


if __name__ == "__main__":
    main()
