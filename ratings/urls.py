from django.urls import path

from . import views

app_name = "ratings"

urlpatterns = [
    path("rules/ratings/", views.rules, name="rules"),
]
