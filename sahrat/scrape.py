"""``GET /metrics``: Prometheus's scrape of this machine's Sahrat processes.

It sums what every process wrote (``sahrat.metrics``, multiprocess mode) and adds what is read
at the scrape: tables playing (by game), players waiting in quick play (by game), the Celery
queue's length in Redis and the time since the beat's last table sweep. A source that does not
answer leaves its figures out and says so in ``sahrat_scrape_source_up``.

Only for this machine or a bearer of the token: a direct connection from 127.0.0.1 or ::1
with no ``X-Forwarded-For`` (a request through the proxy carries one, and the proxy itself
connects from 127.0.0.1 on one machine), or ``Authorization: Bearer $SAHRAT_METRICS_TOKEN``.
"""

from __future__ import annotations

import hmac
import logging
import math
import time
from collections.abc import Iterator

import redis
from django.conf import settings
from django.core.cache import cache
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

from . import metrics
from .health import LAST_SWEEP_KEY

logger = logging.getLogger(__name__)

LOOPBACK = {"127.0.0.1", "::1"}
#: kombu's Redis transport keeps a queue's messages of priority n > 0 in ``<queue>\x06\x16<n>``
PRIORITY_SUFFIXES = ("", "\x06\x163", "\x06\x166", "\x06\x169")


def allowed(request: HttpRequest) -> bool:
    token = settings.SAHRAT_METRICS_TOKEN
    if token:
        given = request.headers.get("Authorization", "")
        if hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            return True
    direct = "HTTP_X_FORWARDED_FOR" not in request.META
    return direct and request.META.get("REMOTE_ADDR") in LOOPBACK


class SiteCollector(Collector):
    """The figures read at the scrape, from the database and Redis."""

    def collect(self) -> Iterator[Metric]:
        up = GaugeMetricFamily(
            "sahrat_scrape_source_up",
            "Whether the scrape could read this source (database, redis).",
            labels=["source"],
        )
        try:
            yield from self._database()
            up.add_metric(["database"], 1)
        except Exception:
            logger.warning("metrics: the database did not answer", exc_info=True)
            up.add_metric(["database"], 0)
        try:
            yield from self._redis()
            up.add_metric(["redis"], 1)
        except Exception:
            logger.warning("metrics: Redis did not answer", exc_info=True)
            up.add_metric(["redis"], 0)
        yield up

    def _database(self) -> Iterator[Metric]:
        from games import registry
        from games.models import Match
        from quickplay.models import QueueEntry

        tables = GaugeMetricFamily(
            "sahrat_tables_playing", "Tables whose match is playing, by game.", labels=["game"]
        )
        waiting = GaugeMetricFamily(
            "sahrat_quickplay_waiting", "Players waiting in quick play, by game.", labels=["game"]
        )
        playing = Match.objects.filter(status=Match.Status.PLAYING)
        queued = QueueEntry.objects.filter(state=QueueEntry.State.WAITING)
        for family, rows in ((tables, playing), (waiting, queued)):
            counts = dict.fromkeys(registry.GAMES, 0)  # a game with none shows 0
            for row in rows.values("game").annotate(n=Count("id")).order_by("game"):
                counts[row["game"]] = row["n"]
            for game, n in sorted(counts.items()):
                family.add_metric([game], n)
        return iter([tables, waiting])

    def _redis(self) -> Iterator[Metric]:
        queue = settings.CELERY_TASK_DEFAULT_QUEUE
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2)
        try:
            depth = sum(int(client.llen(queue + suffix)) for suffix in PRIORITY_SUFFIXES)
        finally:
            client.close()
        last = cache.get(LAST_SWEEP_KEY)
        lag = time.time() - float(last) if last is not None else math.inf
        return iter(
            [
                GaugeMetricFamily(
                    "sahrat_celery_queue_length",
                    "Celery tasks due and waiting in the broker for a worker (tasks with an "
                    "ETA wait in the workers, not here).",
                    value=depth,
                ),
                GaugeMetricFamily(
                    "sahrat_sweep_lag_seconds",
                    "Seconds since the beat's last table sweep (+Inf: none yet).",
                    value=lag,
                ),
            ]
        )


@require_GET
def scrape(request: HttpRequest) -> HttpResponse:
    if not allowed(request):
        return HttpResponse("metrics are for this machine only\n", status=403)
    registry = CollectorRegistry()
    MultiProcessCollector(registry, path=str(metrics.METRICS_DIR))  # type: ignore[no-untyped-call]
    registry.register(SiteCollector())
    return HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)
