"""Why the site says no: a stable ``code`` for clients and a message in the reader's language.

Each area (lobby, table, coins…) subclasses ``Refusal`` with its own ``MESSAGES``.
"""

from __future__ import annotations

from typing import ClassVar

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class Refusal(Exception):
    """An action that was refused; nothing changed."""

    MESSAGES: ClassVar[dict[str, Promise]] = {}
    #: whether the (English, technical) detail is appended to the shown message
    SHOW_DETAIL: ClassVar[bool] = False

    def __init__(self, code: str, detail: str | None = None) -> None:
        self.code = code
        self.detail = detail
        super().__init__(code)

    @property
    def message(self) -> str:
        text = str(self.MESSAGES.get(self.code, _("That is not allowed.")))
        if not (self.detail and self.SHOW_DETAIL):
            return text
        return f"{text} ({gettext(self.detail)})"  # an engine's reason, in the catalogue

    def as_message(self) -> dict[str, str]:
        """The socket's error message: code, shown message, and the detail when there is one."""
        out = {"type": "error", "code": self.code, "message": self.message}
        if self.detail:
            out["detail"] = self.detail
        return out
