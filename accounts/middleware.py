from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.locale import LocaleMiddleware
from django.utils import translation


class PreferredLanguageMiddleware:
    """A signed-in player without a language cookie sees the site in their preferred language."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if (
            user is not None
            and user.is_authenticated
            and settings.LANGUAGE_COOKIE_NAME not in request.COOKIES
            and user.preferred_language
        ):
            translation.activate(user.preferred_language)
            request.LANGUAGE_CODE = user.preferred_language
        return self.get_response(request)


class ArabicFirstLocaleMiddleware(LocaleMiddleware):
    """Arabic unless the player chose otherwise: the language switch's cookie, then (see
    ``PreferredLanguageMiddleware``) the profile's language. The browser's Accept-Language is
    not asked: most phones here say English while their owners play in Arabic."""

    def process_request(self, request: HttpRequest) -> None:
        language = settings.LANGUAGE_CODE
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if chosen:
            try:
                language = translation.get_supported_language_variant(chosen)
            except LookupError:
                pass
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
