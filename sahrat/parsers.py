"""The API's JSON parser: a body that is not a JSON object is a 400 with a stable code.

DRF's parser turns a ``ValueError`` into a 400 but lets the ``RecursionError`` of a body nested
deeper than Python's parser recurses (``[`` × 100,000) through as a 500. Every body the API
takes is an object; a list, a string, a number or ``null`` reached views that call ``.get`` on
it (a 500), so it is refused here, before any view reads it (``body_not_object``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except ParseError as error:
            raise bad_json(str(error.detail)) from None
        except RecursionError:
            raise bad_json("JSON parse error - nested too deeply") from None
        if not isinstance(data, dict):
            message = _("The request body must be a JSON object.")
            detail = f"got {type(data).__name__}"
            raise ParseError(
                detail={"code": "body_not_object", "message": message, "detail": detail}
            )
        return data


def bad_json(detail: str) -> ParseError:
    message = _("The request body is not valid JSON.")
    return ParseError(detail={"code": "bad_json", "message": message, "detail": detail})
