from django.contrib import admin
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import TemplateView

from . import health, scrape


def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """The site's logo for a browser asking /favicon.ico (a page with no icon link: the admin)."""
    return HttpResponsePermanentRedirect(static("img/logo.svg"))


urlpatterns = [
    path("", include("lobby.urls")),
    path("", include("quickplay.urls")),
    path("accounts/", include("accounts.urls")),
    path("api/coins/", include("accounts.coins_api_urls")),
    path("api/", include("lobby.api_urls")),
    path("api/", include("games.api_urls")),
    path("api/", include("ratings.api_urls")),
    path("api/", include("quickplay.api_urls")),
    path("", include("tournaments.urls")),
    path("", include("ratings.urls")),  # before games': /rules/ratings/ is no game's rules
    path("", include("games.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("health/", TemplateView.as_view(template_name="health.txt", content_type="text/plain")),
    path("health/ready/", health.ready, name="ready"),
    path("health/tasks/", health.tasks, name="tasks"),
    path("metrics", scrape.scrape, name="metrics"),
    path("favicon.ico", favicon),
]
