from django.urls import re_path

from .consumers import TournamentConsumer

# Any id segment reaches the consumer, which refuses what names no event (4404).
websocket_urlpatterns = [
    re_path(r"^ws/tournament/(?P<tournament_id>[^/]*)/$", TournamentConsumer.as_asgi())
]
