from django.urls import path

from . import views

app_name = "lobby"

urlpatterns = [
    path("", views.index, name="index"),
    path("tables/new/", views.create, name="create"),
    path("tables/<int:table_id>/card/", views.table_card, name="card"),
    path("tables/<int:table_id>/sit/", views.sit, name="sit"),
    path("tables/<int:table_id>/bots/", views.fill_bots, name="fill_bots"),
    path("t/<str:token>/", views.invite, name="invite"),
]
