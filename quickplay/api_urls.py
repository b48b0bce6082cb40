from django.urls import path

from . import api

urlpatterns = [path("quickplay/", api.QuickPlay.as_view(), name="api-quickplay")]
