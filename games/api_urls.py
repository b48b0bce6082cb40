from django.urls import include, path
from rest_framework.routers import DefaultRouter

from . import api

router = DefaultRouter()
router.include_root_view = False  # the lobby's router has the API root
router.register("tables", api.TableLive, basename="table-live")

urlpatterns = [
    path("", include(router.urls)),
    path("matches/", api.MatchList.as_view(), name="api-matches"),
    path("matches/<int:match_id>/", api.MatchDetail.as_view(), name="api-match"),
    path("rounds/<int:round_id>/verify", api.RoundVerify.as_view(), name="api-round-verify"),
]
