"""The API's exception handler: DRF's, plus a body over Django's upload limit as a 413 with a
code (``body_too_large``), as every other bad body is answered.

Django raises ``RequestDataTooBig`` (a ``SuspiciousOperation``) when the view first reads a body
over ``DATA_UPLOAD_MAX_MEMORY_SIZE``; DRF let it through, and Django answered its HTML 400 and
logged the traceback at error. Answered here, it is logged like any other 4xx: one warning line.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.utils.translation import gettext_lazy as _
from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.response import Response
from rest_framework.views import exception_handler


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE


def handle(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RequestDataTooBig):
        message = _("The request body is too large.")
        exc = BodyTooLarge(detail={"code": "body_too_large", "message": message})
    return exception_handler(exc, context)
