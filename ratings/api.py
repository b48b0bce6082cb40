"""A player's ratings in the API (Django REST framework, in the OpenAPI schema): public, as the
player's page is. Only figures and times: never a match (a private table's match stays hidden)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from games import registry

from . import scale, services


class RatingPointSerializer(serializers.Serializer):  # type: ignore[type-arg]
    at = serializers.DateTimeField(help_text="when the rated match ended (or the rating was reset)")
    figure = serializers.IntegerField(help_text="the rating after it")


class RatingLineSerializer(serializers.Serializer):  # type: ignore[type-arg]
    game = serializers.ChoiceField(choices=list(registry.GAMES))
    mode = serializers.CharField(help_text="how the game was played: 2v2, 1v1, a variant")
    title = serializers.CharField(help_text="the game and mode in the reader's language")
    figure = serializers.IntegerField(
        help_text=f"the rating: conservative, {scale.START} for a new player"
    )
    provisional = serializers.BooleanField(help_text="the model is still unsure (shown as '?')")
    matches = serializers.IntegerField(help_text="rated matches since it started or was reset")
    history = RatingPointSerializer(many=True, help_text="oldest first")


class PlayerRatingsSerializer(serializers.Serializer):  # type: ignore[type-arg]
    username = serializers.CharField()
    name = serializers.CharField()
    ratings = RatingLineSerializer(many=True, help_text="one per game and mode played rated")


def player_ratings(person: User) -> dict[str, Any]:
    lines = services.ratings_of(person)
    return {
        "username": person.username,
        "name": person.shown_name,
        "ratings": [
            {
                "game": line.game,
                "mode": line.mode,
                "title": line.title,
                "figure": line.shown.figure,
                "provisional": line.shown.provisional,
                "matches": line.shown.matches,
                "history": [{"at": at, "figure": figure} for at, figure in line.points],
            }
            for line in lines
        ],
    }


class PlayerRatings(APIView):
    """A player's rating in every game and mode they played rated, with its history (404 for
    no such player)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: PlayerRatingsSerializer})
    def get(self, request: Request, username: str) -> Response:
        # a NUL is in no username (and PostgreSQL refuses it in a query)
        found = None
        if "\x00" not in username:
            found = User.objects.filter(username=username, is_active=True).first()
        if found is None:
            raise Http404("no such player")
        return Response(PlayerRatingsSerializer(player_ratings(found)).data)
