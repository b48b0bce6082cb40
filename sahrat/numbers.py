"""Numbers that arrive in requests: ASCII digits only.

``str.isdigit()`` is true for ``²`` and other Unicode digits that ``int()`` refuses (a 500), and
``int()`` itself takes Arabic-Indic digits, spaces, signs and underscores. An id or a seat
number in a request is plain ASCII digits, at most 18 of them (it fits a 64-bit column).
"""

from __future__ import annotations

import re

_PLAIN = re.compile(r"[0-9]{1,18}")


def plain_int(raw: object) -> int | None:
    """``raw`` as a non-negative int when it is 1–18 ASCII digits, else ``None``."""
    if isinstance(raw, str) and _PLAIN.fullmatch(raw):
        return int(raw)
    return None
