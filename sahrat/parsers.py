"""The API's JSON parser: a body that is not JSON is a 400 with a stable code.

DRF's parser turns a ``ValueError`` into a 400 but lets the ``RecursionError`` of a body nested
deeper than Python's parser recurses (``[`` × 100,000) through as a 500.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except ParseError as error:
            raise bad_json(str(error.detail)) from None
        except RecursionError:
            raise bad_json("JSON parse error - nested too deeply") from None


def bad_json(detail: str) -> ParseError:
    message = _("The request body is not valid JSON.")
    return ParseError(detail={"code": "bad_json", "message": message, "detail": detail})
