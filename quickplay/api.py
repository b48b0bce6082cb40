"""Quick play in the API (in the OpenAPI schema): the player's place in the queue, join, leave.
An API client waiting must ask ``GET`` at least every few seconds, as the waiting page does:
the matcher lets go of a player not heard from for 10 s."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import APIException
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import registry

from . import services
from .refusals import QuickPlayRefusal


class Refused(APIException):
    """A quick-play refusal: its code and message; 400 for a bad request, 409 otherwise."""

    status_code: int = status.HTTP_409_CONFLICT

    def __init__(self, refusal: QuickPlayRefusal) -> None:
        if refusal.code in ("unknown_game", "unknown_mode", "bad_stake"):
            self.status_code = status.HTTP_400_BAD_REQUEST
        super().__init__(detail={"code": refusal.code, "message": refusal.message})


class JoinSerializer(serializers.Serializer):  # type: ignore[type-arg]
    game = serializers.CharField(help_text=f"one of {', '.join(registry.GAMES)}")
    mode = serializers.CharField(help_text="a mode played at tables: 2v2, 1v1, a variant")
    stake = serializers.IntegerField(min_value=0, default=0, help_text="0, or a stake level")


class StatusSerializer(serializers.Serializer):  # type: ignore[type-arg]
    state = serializers.ChoiceField(choices=["none", "waiting", "seated", "cancelled"])
    game = serializers.CharField(required=False)
    mode = serializers.CharField(required=False)
    waited = serializers.IntegerField(required=False, help_text="seconds in the queue")
    window = serializers.IntegerField(required=False, help_text="± rating points matched now")
    rating = serializers.IntegerField(required=False, help_text="the rating it matches on")
    found = serializers.IntegerField(required=False, help_text="players within the window")
    players = serializers.IntegerField(required=False, help_text="players a table needs")
    table = serializers.IntegerField(required=False, help_text="seated: the table's id")
    url = serializers.CharField(required=False, help_text="seated: the table's page")
    reason = serializers.CharField(required=False, help_text="cancelled: why (a code)")
    message = serializers.CharField(required=False)


REFUSAL = inline_serializer(
    "QuickPlayRefusal", {"code": serializers.CharField(), "message": serializers.CharField()}
)


class QuickPlay(APIView):
    """«العب الآن»: wait for a new rated table with players of a close rating."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: StatusSerializer})
    def get(self, request: Request) -> Response:
        """The player's latest entry (and, while waiting, a sign they are still there)."""
        return Response(StatusSerializer(services.status(request.user)).data)

    @extend_schema(
        request=JoinSerializer, responses={201: StatusSerializer, 400: REFUSAL, 409: REFUSAL}
    )
    def post(self, request: Request) -> Response:
        body = JoinSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        try:
            services.join(request.user, data["game"], data["mode"], data["stake"])
        except QuickPlayRefusal as refusal:
            raise Refused(refusal) from None
        return Response(
            StatusSerializer(services.status(request.user)).data, status=status.HTTP_201_CREATED
        )

    @extend_schema(request=None, responses={204: None, 409: REFUSAL})
    def delete(self, request: Request) -> Response:
        if not services.cancel(request.user):
            raise Refused(QuickPlayRefusal("not_queued"))
        return Response(status=status.HTTP_204_NO_CONTENT)
