from django.urls import path

from . import views

app_name = "quickplay"
urlpatterns = [
    path("play-now/", views.join, name="join"),
    path("play-now/wait/", views.wait, name="wait"),
    path("play-now/status/", views.status, name="status"),
    path("play-now/cancel/", views.cancel, name="cancel"),
]
