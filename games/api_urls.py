from django.urls import path

from . import api

urlpatterns = [
    path("matches/", api.MatchList.as_view(), name="api-matches"),
    path("matches/<int:match_id>/", api.MatchDetail.as_view(), name="api-match"),
    path("rounds/<int:round_id>/verify", api.RoundVerify.as_view(), name="api-round-verify"),
]
