from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("tables/play-bots/", views.play_bots, name="play_bots"),
    path("tables/<int:table_id>/", views.table, name="table"),
    path("tables/<int:table_id>/leave/", views.leave, name="leave"),
    path("tables/<int:table_id>/start/", views.start, name="start"),
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<str:game>/", views.rules, name="rules"),
    path("verify/", views.verify_index, name="verify_index"),
    path("verify/verify_round.py", views.verify_tool, name="verify_tool"),
    path("verify/<int:round_id>/", views.verify, name="verify"),
    path("verify/<int:round_id>/round.json", views.verify_json, name="verify_json"),
    path(
        "verify/matches/<int:match_id>/rounds/<int:number>/",
        views.verify_by_number,
        name="verify_by_number",
    ),
    path("leaderboard/", views.leaderboard, name="leaderboard"),
    path("players/<str:username>/", views.player, name="player"),
    path("history/", views.history_index, name="history"),
    path("history/matches/<int:match_id>/", views.match_detail, name="match"),
    path("history/rounds/<int:round_id>/replay/", views.replay, name="replay"),
]
