"""Sahrat's settings: twelve-factor, from environment variables (see README, "Settings").

Nothing set gives the embedded default: SQLite in WAL mode and an embedded Redis, both under
``var/``. ``DATABASE_URL`` and ``REDIS_URL`` switch to PostgreSQL and an external Redis with the
same code path.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any, cast

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from .embedded_redis import celery_url, socket_url
from .env import (
    env_bool,
    env_choice,
    env_float,
    env_int,
    env_list,
    env_redis_urls,
    env_str,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("SAHRAT_VAR_DIR", str(BASE_DIR / "var"))).resolve()

DEBUG = env_bool("DEBUG", True)


def _secret_key() -> str:
    key = env_str("SECRET_KEY")
    if key:
        return key
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    path = VAR_DIR / "secret_key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.touch(mode=0o600)
        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "sahrat.apps.AxesConfig",
    "sahrat",
    "accounts",
    "lobby",
    "games",
    "ratings",
    "quickplay",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "accounts.middleware.ArabicFirstLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.PreferredLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "sahrat.urls"
WSGI_APPLICATION = "sahrat.wsgi.application"
ASGI_APPLICATION = "sahrat.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.wallet",
                "games.context_processors.brand",
            ],
        },
    },
]

# Database: PostgreSQL from DATABASE_URL, else SQLite in WAL mode. SQLite ignores
# select_for_update, so every atomic block takes the write lock up front (IMMEDIATE) and waits
# for it (timeout) instead of failing with SQLITE_BUSY in the middle of a move.
DATABASE_URL = env_str("DATABASE_URL")
# Connections are kept between requests and moves: opening one costs more than a whole move.
DB_CONN_MAX_AGE = env_int("DB_CONN_MAX_AGE", 600, minimum=0)
if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL,
            conn_max_age=DB_CONN_MAX_AGE,
            conn_health_checks=True,
        )
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(VAR_DIR / "sahrat.sqlite3"),
            "CONN_MAX_AGE": DB_CONN_MAX_AGE,
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis: REDIS_URL, else the embedded server that `manage.py serve` starts on this socket.
REDIS_EMBEDDED = not env_str("REDIS_URL")
REDIS_SOCKET = VAR_DIR / "redis.sock"
REDIS_URL = env_str("REDIS_URL") or socket_url(REDIS_SOCKET)
REDIS_MAX_CONNECTIONS = env_int("REDIS_MAX_CONNECTIONS", 1000, minimum=1)

# Redis publish/subscribe: a group message is one PUBLISH, and each process holds one
# subscriber connection for all its sockets. The queue-based RedisChannelLayer costs several
# round trips and Lua scripts per message and a polling loop per process: measured here it held
# 50 tables at p50 470 ms where this holds them at p50 29 ms (docs/decisions.md). Delivery is
# at most once, which a table's messages allow: each is a full state with its event number, so
# a client that sees a gap asks for a resync.
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "sahrat.channel_layer.TableChannelLayer",  # channels_redis pub/sub
        "CONFIG": {
            # redis-py 8 caps a pool at 100 connections unless told otherwise.
            "hosts": [{"address": REDIS_URL, "max_connections": REDIS_MAX_CONNECTIONS}],
            "prefix": env_str("CHANNELS_PREFIX", "sahrat"),
        },
    }
}

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        # one Redis may serve several sites (staging beside production, test runs): each its own
        "KEY_PREFIX": env_str("CACHE_PREFIX", "sahrat"),
        # one pool of connections a process, not one for each request's or socket's context
        "OPTIONS": {"pool_class": "sahrat.cache_redis.SharedConnectionPool"},
    }
}

# Live tables: how long the table waits (seconds). Tests and benchmarks shorten them.
SAHRAT_SEED_SECONDS = env_float("SAHRAT_SEED_SECONDS", 3.0, minimum=0)  # seeds before a deal
SAHRAT_BOT_SECONDS = env_float("SAHRAT_BOT_SECONDS", 0.7, minimum=0)  # a bot's think, a turn
SAHRAT_BOT_STEP_SECONDS = env_float("SAHRAT_BOT_STEP_SECONDS", 0.3, minimum=0)  # then each step
SAHRAT_ROUND_BREAK_SECONDS = env_float("SAHRAT_ROUND_BREAK_SECONDS", 8.0, minimum=0)  # score sheet
SAHRAT_AWAY_GRACE_SECONDS = env_float("SAHRAT_AWAY_GRACE_SECONDS", 30.0, minimum=0)  # reconnect
SAHRAT_SWEEP_SECONDS = env_float("SAHRAT_SWEEP_SECONDS", 2.0, minimum=0.2)  # lost-task sweeper
SAHRAT_QUICKPLAY_SECONDS = env_float("SAHRAT_QUICKPLAY_SECONDS", 1.0, minimum=0.2)  # matcher
# Quick play's rating window: ± this many points at first, widening so many a second waited,
# up to the widest (docs/decisions.md 99).
SAHRAT_QUICKPLAY_WINDOW = env_int("SAHRAT_QUICKPLAY_WINDOW", 100, minimum=0)
SAHRAT_QUICKPLAY_WIDENING = env_float("SAHRAT_QUICKPLAY_WIDENING", 5.0, minimum=0)
SAHRAT_QUICKPLAY_WIDEST = env_int("SAHRAT_QUICKPLAY_WIDEST", 600, minimum=0)
#: how often the tournaments' sweep moves every due event on a step
SAHRAT_TOURNAMENT_SECONDS = env_float("SAHRAT_TOURNAMENT_SECONDS", 10.0, minimum=0.2)
# Table sockets' database threads per daphne process. PostgreSQL locks rows, so moves at
# different tables run side by side. SQLite has one writer, and a writer that finds the lock
# taken sleeps in growing steps (up to 100 ms) before it tries again: more threads only queue
# there, and starve the Celery worker's writes (the clock's time-outs). Measured (decision 73).
SAHRAT_DB_THREADS = env_int("SAHRAT_DB_THREADS", 8 if DATABASE_URL else 2, minimum=1)

CELERY_BROKER_URL = celery_url(REDIS_URL)
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "celery")
CELERY_RESULT_BACKEND = celery_url(REDIS_URL)
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Celery's Django fixup closes every database connection before and after each task unless
# CELERY_DB_REUSE_MAX is set: a new connection for every clock, bot turn and sweep (a server
# process on PostgreSQL, a SCRAM exchange on both ends through PgBouncer). Set, the fixup
# closes them only once in this many tasks, and sahrat.celery keeps them as a request would
# (CONN_MAX_AGE, the health check) around each task (decision 134).
CELERY_DB_REUSE_MAX = 10_000
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    # matches that ended without their on-commit archive task (a worker restart, an abandon)
    "archive-pending-matches": {"task": "games.archive_pending", "schedule": 300.0},
    # clocks, deals, bot turns and next rounds whose task was lost (a killed worker, a Redis
    # restart) are issued again; every table task is idempotent
    "sweep-tables": {"task": "games.sweep_tables", "schedule": SAHRAT_SWEEP_SECONDS},
    # quick play's matcher: seats waiting players whose ratings are close (quickplay.services)
    "quickplay-match": {"task": "quickplay.match", "schedule": SAHRAT_QUICKPLAY_SECONDS},
    # tournaments: start, pair the next round, finish and pay out (each step keyed)
    "sweep-tournaments": {"task": "tournaments.sweep", "schedule": SAHRAT_TOURNAMENT_SECONDS},
}

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "lobby:index"
LOGOUT_REDIRECT_URL = "lobby:index"

# Login rate limits: 5 failures for one username from one client address lock that username
# there for an hour (axes); 30 failures from one client address across usernames (password
# spraying) lock every log-in from it for up to an hour (accounts.login_limits, in the cache).
AXES_HANDLER = "accounts.login_limits.LoginLimits"
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5, minimum=1)
SAHRAT_LOGIN_FAILURES_PER_CLIENT = env_int("SAHRAT_LOGIN_FAILURES_PER_CLIENT", 30, minimum=1)
# Password-reset mail, per hour: to one e-mail address, and asked from one client address.
SAHRAT_RESET_MAILS_PER_ADDRESS = env_int("SAHRAT_RESET_MAILS_PER_ADDRESS", 3, minimum=1)
SAHRAT_RESET_MAILS_PER_CLIENT = env_int("SAHRAT_RESET_MAILS_PER_CLIENT", 10, minimum=1)
AXES_COOLOFF_TIME = 1
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
# Behind N trusted reverse proxies, the client address is the Nth from the right in
# X-Forwarded-For (0: no proxy, REMOTE_ADDR is the client, the header is ignored). Every rate
# limit reads it through sahrat.client_ip (django-ipware is not used: docs/decisions.md).
PROXY_COUNT = env_int("PROXY_COUNT", 0, minimum=0)
AXES_CLIENT_IP_CALLABLE = "sahrat.client_ip.client_ip"

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Sahrat <noreply@sahrat.invalid>")

LANGUAGE_CODE = env_choice("LANGUAGE_CODE", "ar", ["ar", "en"])
LANGUAGES = [("ar", _("Arabic")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        # not JSON, or nested too deeply: a 400 ``bad_json``; not an object: ``body_not_object``
        "sahrat.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "sahrat.api_errors.handle",  # a body too large: a 413 ``body_too_large``
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "sahrat.pagination.LimitedPages",  # limit capped at 100
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Sahrat API",
    "DESCRIPTION": "The lobby of Sahrat, the Banakil platform: tables, seats, joining and leaving.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Behind TLS (DEBUG off): secure cookies, HSTS, redirect to https (the proxy sets the header).
if not DEBUG:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {"django.channels.server": {"level": "INFO"}},
}

# --- Operations: metrics and admission control (issue #33; docs/operations.md) ---------------
# Prometheus metrics in multiprocess mode: every process (daphne, each Celery worker process)
# writes its samples to files in this directory and ``/metrics`` sums them. The supervisor
# empties it when it starts; it must be private to one site on one machine. It is always this
# site's own (SAHRAT_METRICS_DIR, else under var/): a PROMETHEUS_MULTIPROC_DIR inherited from
# another process (a test run starting a site) is overwritten, never shared and wiped.
SAHRAT_METRICS_DIR = Path(env_str("SAHRAT_METRICS_DIR", str(VAR_DIR / "metrics"))).resolve()
# prometheus-client reads the variable when it is first imported (after the settings)
os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(SAHRAT_METRICS_DIR)
# ``/metrics`` answers a direct connection from this machine (127.0.0.1, ::1, no proxy header)
# or a request carrying ``Authorization: Bearer <this token>``; anyone else gets a 403.
SAHRAT_METRICS_TOKEN = env_str("SAHRAT_METRICS_TOKEN")
# Admission control, per daphne process: past either limit a new websocket is refused with
# close code 4503 and a retry hint, and /health/ready/ answers 503 (the proxy sends new
# sockets elsewhere); open sockets keep working. 0 turns a limit off.
SAHRAT_SOCKETS_MAX_PER_PROCESS = env_int("SAHRAT_SOCKETS_MAX_PER_PROCESS", 2000, minimum=0)
SAHRAT_LOOP_LAG_MAX_MS = env_int("SAHRAT_LOOP_LAG_MAX_MS", 250, minimum=0)
# a lag past this, lasting (3 probes in 2 s), teaches the process a ceiling of sockets (0: off)
SAHRAT_LOOP_LAG_CEILING_MS = env_int("SAHRAT_LOOP_LAG_CEILING_MS", 100, minimum=0)
# moves slower than this (a player's message to every seat's state handed on), more than 2% of
# those served in 2 s and at least 3, teach the ceiling as a lasting lag does (0: off)
SAHRAT_MOVE_SLOW_MS = env_int("SAHRAT_MOVE_SLOW_MS", 500, minimum=0)
SAHRAT_BUSY_RETRY_SECONDS = env_int("SAHRAT_BUSY_RETRY_SECONDS", 5, minimum=1)

# --- Past one machine (issue #33: the cluster topology; docs/operations.md, "The cluster") ---
# Each is optional; unset, everything above stands (the embedded default, or one Redis and one
# PostgreSQL). deploy/ holds the engines' configuration, `make cluster` runs it on one machine.
#
# CHANNEL_REDIS_URLS: the channel layer over several Redis servers. channels_redis hashes each
# group and channel name onto one of its ``hosts`` (consistent across processes as long as
# every process lists the same hosts in the same order), so the table traffic spreads over
# them; each daphne holds one subscriber connection per shard.
CHANNEL_REDIS_URLS = env_redis_urls("CHANNEL_REDIS_URLS", [REDIS_URL])
cast(dict[str, Any], CHANNEL_LAYERS["default"]["CONFIG"])["hosts"] = [
    {"address": url, "max_connections": REDIS_MAX_CONNECTIONS} for url in CHANNEL_REDIS_URLS
]
# Celery's broker and results, and the cache, on Redis servers of their own if set: a burst of
# table messages then never delays a clock's task or a cache read.
_celery_redis = env_redis_urls("CELERY_BROKER_URL", [REDIS_URL], single=True)[0]
CELERY_BROKER_URL = CELERY_RESULT_BACKEND = celery_url(_celery_redis)
CACHES["default"]["LOCATION"] = env_redis_urls("CACHE_REDIS_URL", [REDIS_URL], single=True)[0]

# DATABASE_POOLED: DATABASE_URL points at PgBouncer in transaction pooling, where one client's
# transactions may run on different server connections. Nothing session-level may then be kept
# on a connection: no prepared statements (psycopg's, games/live/rows.py keeps this setting),
# no server-side cursors (``.iterator()`` holds one across statements); the code takes no
# advisory lock and does not LISTEN (docs/operations.md, "What PgBouncer's pooling forbids").
DATABASE_POOLED = env_bool("DATABASE_POOLED", False)
if DATABASE_POOLED:
    if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_POOLED needs a PostgreSQL DATABASE_URL")
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = None

# DATABASE_REPLICA_URL: a streaming replica of the primary. The read-only pages (history,
# replay, Verify, leaderboard, player pages) read there (sahrat.replica); a player who just
# wrote reads the primary for SAHRAT_REPLICA_PIN_SECONDS; a replica that does not answer within
# SAHRAT_REPLICA_CONNECT_SECONDS is left for the primary within the same request.
DATABASE_REPLICA_URL = env_str("DATABASE_REPLICA_URL")
SAHRAT_REPLICA_PIN_SECONDS = env_float("SAHRAT_REPLICA_PIN_SECONDS", 10.0, minimum=0)
SAHRAT_REPLICA_CONNECT_SECONDS = env_int("SAHRAT_REPLICA_CONNECT_SECONDS", 2, minimum=1)
SAHRAT_REPLICA_RETRY_SECONDS = env_float("SAHRAT_REPLICA_RETRY_SECONDS", 5.0, minimum=0)
if DATABASE_REPLICA_URL:
    if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_REPLICA_URL needs a PostgreSQL DATABASE_URL")
    DATABASES["replica"] = dj_database_url.parse(
        DATABASE_REPLICA_URL, conn_max_age=DB_CONN_MAX_AGE, conn_health_checks=True
    )
    if DATABASES["replica"]["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_REPLICA_URL must be a postgres:// URL")
    # a replica that is down refuses at once; one that is unreachable is given up this soon
    DATABASES["replica"]["OPTIONS"] = {"connect_timeout": SAHRAT_REPLICA_CONNECT_SECONDS}
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}  # tests: the same database
    DATABASE_ROUTERS = ["sahrat.replica.ReplicaRouter"]
    MIDDLEWARE.append("sahrat.replica.ReplicaMiddleware")
