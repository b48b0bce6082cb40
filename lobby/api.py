"""The public lobby API (Django REST framework). Session auth; reads are open to everyone."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import APIException
from rest_framework.generics import get_object_or_404
from rest_framework.request import Request
from rest_framework.response import Response

from games import registry
from sahrat.numbers import plain_int
from sahrat.pagination import LimitedPages
from sahrat.refusals import Refusal

from . import services
from .models import Seat, Table
from .refusals import LobbyRefusal
from .views import lobby_tables


class Refused(APIException):
    """A refusal as the API's answer: its code and its message, 400, 403 or 409."""

    status_code: int = status.HTTP_409_CONFLICT

    def __init__(self, refusal: Refusal) -> None:
        code = refusal.code
        if code in ("bad_option", "unknown_option", "unknown_game", "bad_stake"):
            self.status_code = status.HTTP_400_BAD_REQUEST
        elif code in ("not_seated", "invite_needed", "not_enough_coins", "not_a_player"):
            self.status_code = status.HTTP_403_FORBIDDEN
        super().__init__(detail={"code": code, "message": refusal.message}, code=code)


class SeatSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    name = serializers.CharField(source="shown_name", read_only=True)

    class Meta:
        model = Seat
        fields = ["number", "is_bot", "name"]


class TableSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    seats = SeatSerializer(many=True, read_only=True)
    open_seats = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = [
            "id",
            "status",
            "game",
            "players",
            "target",
            "stake",
            "private",
            "options",
            "open_seats",
            "seats",
            "created_at",
            "url",
        ]
        read_only_fields = fields

    def get_open_seats(self, table: Table) -> int:
        return table.open_seats()

    def get_url(self, table: Table) -> str:
        return table.get_absolute_url()


class CreateTableSerializer(serializers.Serializer):  # type: ignore[type-arg]
    game = serializers.ChoiceField(
        choices=list(registry.GAMES), default=registry.DEFAULT, help_text="The game to play."
    )
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="; ".join(
            f"{game.id}: any of " + ", ".join(spec.name for spec in game.specs)
            for game in registry.GAMES.values()
        )
        + " (defaults apply). bot_level, how well the table's bots play: "
        + ", ".join(registry.BOT_LEVELS)
        + f" (default {registry.DEFAULT_BOT_LEVEL}).",
    )


class SitSerializer(serializers.Serializer):  # type: ignore[type-arg]
    seat = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    token = serializers.CharField(
        required=False, allow_blank=True, help_text="The invite token, for a private table."
    )


REFUSAL = inline_serializer(
    "Refusal", {"code": serializers.CharField(), "message": serializers.CharField()}
)


class TableViewSet(viewsets.ReadOnlyModelViewSet):  # type: ignore[type-arg]
    """Open tables in the lobby; create, join and fill with bots (starting and leaving a table
    are the live layer's: ``games.api``)."""

    serializer_class = TableSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    pagination_class = LimitedPages

    def get_queryset(self) -> Any:
        if self.action == "list":
            return lobby_tables(self.request.query_params).order_by("-created_at")
        return Table.objects.prefetch_related("seats__user")

    def get_object(self) -> Table:
        return table_for(self.request, self.kwargs["pk"])

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, enum=list(registry.GAMES)),
            OpenApiParameter("mode", str, enum=["4", "3", "2"], description="players at the table"),
            OpenApiParameter("kind", str, enum=["free", "coin"]),
            OpenApiParameter("open", bool, description="only tables with an empty seat"),
        ]
    )
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().list(request, *args, **kwargs)

    @extend_schema(
        request=CreateTableSerializer,
        responses={201: TableSerializer, 400: REFUSAL, 403: REFUSAL, 409: REFUSAL},
    )
    def create(self, request: Request, format: str | None = None) -> Response:
        data = CreateTableSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            table = services.create_table(
                request.user, data.validated_data["options"], data.validated_data["game"]
            )
        except LobbyRefusal as refusal:
            raise Refused(refusal) from None
        return Response(fresh(request, table), status=status.HTTP_201_CREATED)

    @extend_schema(request=SitSerializer, responses={200: TableSerializer, 409: REFUSAL})
    @action(detail=True, methods=["post"])
    def join(self, request: Request, pk: str, format: str | None = None) -> Response:
        """Sit down (``seat``, or the first free one; ``token`` for a private table). At a coin
        table this stakes the table's coins when the match starts: unlike the web page, which
        asks the player to confirm first, the API sits at once; a client shows the stake."""
        body = SitSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        table = self.get_object()
        return self._do(
            services.sit,
            request,
            table,
            body.validated_data.get("seat"),
            token=body.validated_data.get("token") or None,
        )

    @extend_schema(request=None, responses={200: TableSerializer, 409: REFUSAL})
    @action(detail=True, methods=["post"], url_path="fill-bots")
    def fill_bots(self, request: Request, pk: str, format: str | None = None) -> Response:
        return self._do(services.fill_with_bots, request, self.get_object())

    def _do(self, fn: Any, request: Request, table: Table, *args: Any, **kwargs: Any) -> Response:
        try:
            fn(request.user, table, *args, **kwargs)
        except LobbyRefusal as refusal:
            raise Refused(refusal) from None
        return Response(fresh(request, table))


def table_for(request: Request, pk: Any) -> Table:
    """The table an API action is about: a 404 for no such table (an id that is not plain ASCII
    digits included, as on the pages and sockets: ``int()`` reads ``٣٣``, ``+1`` and `` 1``),
    ``invite_needed`` for a private table the user does not sit at without its token. A POST's
    body is read first, so a bad one is refused (400) by every table action alike."""
    body = request.data if request.method == "POST" else {}
    table_id = plain_int(pk)
    if table_id is None:
        raise Http404("no such table")
    table = get_object_or_404(Table.objects.prefetch_related("seats__user"), pk=table_id)
    if table.private and not table.has_player(request.user):
        token = body.get("token")
        if token != table.invite_token:
            raise Refused(LobbyRefusal("invite_needed"))
    return table


def fresh(request: Request, table: Table) -> dict[str, Any]:
    """The table as the API shows it, read again after a change."""
    table = Table.objects.prefetch_related("seats__user").get(pk=table.pk)
    return dict(TableSerializer(table, context={"request": request}).data)
