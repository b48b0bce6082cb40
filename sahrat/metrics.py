"""Sahrat's Prometheus metrics: the instruments every process writes (docs/operations.md,
"Metrics and alerts").

prometheus-client's multiprocess mode: each process (daphne, each Celery worker process, beat)
writes its samples to memory-mapped files in ``settings.SAHRAT_METRICS_DIR`` and ``/metrics``
(``sahrat.scrape``) sums them. The mode is chosen by ``PROMETHEUS_MULTIPROC_DIR``, read when
prometheus-client is first imported: the settings set it (the processes a supervisor starts
inherit it), and this module checks it. What is read from the database or Redis (tables
playing, queue depth, sweep lag) is not stored here: it is computed at each scrape.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from prometheus_client import Counter, Gauge, Histogram, values
from prometheus_client import multiprocess as _multiprocess

METRICS_DIR = Path(settings.SAHRAT_METRICS_DIR)
if values.ValueClass is values.MutexValue:  # imported before the settings set the variable
    raise ImproperlyConfigured("prometheus_client is not in multiprocess mode")
METRICS_DIR.mkdir(parents=True, exist_ok=True)

#: seconds: a move is felt as instant under 100 ms; 250 ms is the site's saturation mark
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

MOVES = Counter(
    "sahrat_moves",
    "Moves applied and committed, by game and by who made them (player, bot, timeout).",
    ["game", "actor"],
)
ACTION_TO_SENT = Histogram(
    "sahrat_action_to_sent_seconds",
    "From a player's action reaching the table socket to every seat's new state being handed "
    "to the channel layer after commit.",
    buckets=LATENCY_BUCKETS,
)
CLOCK_LATENESS = Histogram(
    "sahrat_clock_lateness_seconds",
    "How long after its deadline a turn's clock task (turn_timeout) started (0 when early).",
    buckets=LATENCY_BUCKETS,
)
OPEN_SOCKETS = Gauge(
    "sahrat_open_sockets",
    "Websockets open (accepted and not yet closed), summed over the live daphne processes.",
    multiprocess_mode="livesum",
)
SOCKETS_REFUSED = Counter(
    "sahrat_sockets_refused",
    "New websockets refused because their daphne process was busy (close code 4503).",
    ["reason"],
)
LOOP_LAG = Gauge(
    "sahrat_event_loop_lag_seconds",
    "How late the daphne process's periodic probe woke (the worst of the live processes).",
    multiprocess_mode="livemax",
)
SOCKET_CEILING = Gauge(
    "sahrat_socket_ceiling",
    "Sockets a daphne process takes before it refuses new ones, learned from a lasting "
    "event-loop lag (0: none learned), one series a live process (its pid).",
    multiprocess_mode="liveall",
)
BUSY = Gauge(
    "sahrat_busy_processes",
    "Daphne processes refusing new websockets now (past a socket or event-loop limit).",
    multiprocess_mode="livesum",
)


def moved(game: str, actor: str) -> None:
    """One move committed (called on commit, so a rolled-back move is not counted)."""
    MOVES.labels(game, actor).inc()


def reset_dir() -> None:
    """Empty the directory: a supervisor calls it before it starts the processes, so samples of
    an earlier run (and gauges of processes long dead) are not summed into this one's."""
    for entry in METRICS_DIR.glob("*.db"):
        entry.unlink(missing_ok=True)


def process_died(pid: int) -> None:
    """A supervised process ended: its live gauges (open sockets, busy) stop counting; its
    counters and histograms stay in the sums, as Prometheus expects of a counter."""
    _multiprocess.mark_process_dead(pid, str(METRICS_DIR))  # type: ignore[no-untyped-call]


__all__ = [
    "ACTION_TO_SENT",
    "BUSY",
    "CLOCK_LATENESS",
    "LOOP_LAG",
    "METRICS_DIR",
    "MOVES",
    "OPEN_SOCKETS",
    "SOCKETS_REFUSED",
    "SOCKET_CEILING",
    "moved",
    "process_died",
    "reset_dir",
]
