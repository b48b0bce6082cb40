from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("tournaments/", views.index, name="index"),
    path("tournaments/<int:tournament_id>/", views.detail, name="detail"),
    path("tournaments/<int:tournament_id>/register/", views.register, name="register"),
    path("tournaments/<int:tournament_id>/pause/", views.pause, name="pause"),
    path("tournaments/<int:tournament_id>/return/", views.come_back, name="return"),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/boards/<int:board>/",
        views.traveller,
        name="traveller",
    ),
]
