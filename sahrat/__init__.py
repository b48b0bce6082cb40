"""Sahrat: the Django project (settings, urls, asgi, the Celery app, the embedded Redis)."""

from .celery import app as celery_app

__all__ = ["celery_app"]
