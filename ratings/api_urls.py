from django.urls import path

from . import api

urlpatterns = [
    path("players/<str:username>/ratings/", api.PlayerRatings.as_view(), name="api-player-ratings"),
]
