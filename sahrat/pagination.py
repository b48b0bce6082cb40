"""API pages: ``limit``/``offset``, with a cap on ``limit``."""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination


class LimitedPages(LimitOffsetPagination):
    """A ``limit`` above ``max_limit`` gets ``max_limit`` rows: without a cap a huge ``limit``
    reached the database and overflowed its integer (a 500)."""

    max_limit = 100
