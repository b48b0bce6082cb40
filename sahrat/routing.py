"""Websocket routes of every app, then a last route that refuses any other path (4404)."""

from django.urls import re_path

from games.routing import websocket_urlpatterns as table_routes
from lobby.routing import websocket_urlpatterns as lobby_routes
from tournaments.routing import websocket_urlpatterns as tournament_routes

from .sockets import NoSuchSocket

websocket_urlpatterns = [
    *lobby_routes,
    *table_routes,
    *tournament_routes,
    re_path(r"", NoSuchSocket.as_asgi()),
]
