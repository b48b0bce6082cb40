"""The live tables', history and Verify API (Django REST framework, in the OpenAPI schema).

Session auth; every endpoint needs a login. Starting and leaving a table go through the live
layer. History and Verify keep the pages' 404 rule: a private table's match or round does not
exist for someone who did not play it.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import generics, permissions, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from lobby.api import REFUSAL, Refused, TableSerializer, fresh, table_for
from lobby.models import Table
from sahrat.refusals import Refusal

from . import history, live, registry, verification
from .models import Match


class TableLive(viewsets.GenericViewSet):  # type: ignore[type-arg]
    """Start a full table you sit at; leave a table (waiting or playing: at a playing table a
    bot or the clock plays your seat on, and you are free to sit elsewhere)."""

    serializer_class = TableSerializer
    permission_classes = [permissions.IsAuthenticated]
    queryset = Table.objects.all()  # for the schema's id type; table_for reads the table

    @extend_schema(request=None, responses={200: TableSerializer, 403: REFUSAL, 409: REFUSAL})
    @action(detail=True, methods=["post"])
    def start(self, request: Request, pk: str, format: str | None = None) -> Response:
        return self._do(live.start, request, pk)

    @extend_schema(request=None, responses={200: TableSerializer, 403: REFUSAL})
    @action(detail=True, methods=["post"])
    def leave(self, request: Request, pk: str, format: str | None = None) -> Response:
        return self._do(live.leave, request, pk)

    @extend_schema(request=None, responses={200: TableSerializer, 403: REFUSAL, 409: REFUSAL})
    @action(detail=True, methods=["post"])
    def rematch(self, request: Request, pk: str, format: str | None = None) -> Response:
        """Play the finished match again with the same seats: you sit at your old seat of its
        rematch table (the answer), which starts once every player of the match is back."""
        table = table_for(request, pk)
        try:
            again = live.rematch(request.user, table.pk)
        except Refusal as refusal:
            raise Refused(refusal) from None
        return Response(fresh(request, again))

    def _do(self, fn: Any, request: Request, pk: str) -> Response:
        table = table_for(request, pk)
        try:
            fn(request.user, table.pk)
        except Refusal as refusal:
            raise Refused(refusal) from None
        return Response(fresh(request, table))


class MatchPages(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100


def _line(match: Match, user: Any) -> dict[str, Any]:
    line = history.outcome(match, user)
    states = match.seat_states
    seats = [
        {"seat": n, "team": match.side_of(n), "name": name, "bot": s.bot, "player": s.human}
        for n, (s, name) in enumerate(zip(states, history.seat_names(states), strict=True))
    ]
    return {
        "id": match.pk,
        "game": match.game,
        "mode": history.mode_of(match),
        "status": match.status,
        "started_at": match.started_at,
        "finished_at": match.finished_at,
        "seats": seats,
        "totals": list(match.totals),
        "winner_team": match.winner,
        "your_seat": line.seat if line else None,
        "result": line.result if line else None,
        "coins": line.coins if line else None,
        "earned": line.earned if line else None,
        "checks": line.checks if line else None,
        "archived": history.has_archive(match),
    }


class MatchLineSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    game = serializers.ChoiceField(choices=list(registry.GAMES))
    mode = serializers.ChoiceField(choices=history.MODES)
    status = serializers.CharField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    seats = serializers.ListField(
        child=serializers.DictField(),
        help_text="each seat: seat, team, name (a bot's in the reader's language), bot (a bot "
        "plays it now), player (a person sat there)",
    )
    totals = serializers.ListField(child=serializers.CharField())
    winner_team = serializers.IntegerField(
        allow_null=True, help_text="the winning side: a team, or a seat where each plays alone"
    )
    your_seat = serializers.IntegerField(allow_null=True)
    result = serializers.CharField(allow_null=True, help_text="won, lost, abandoned or playing")
    coins = serializers.IntegerField(
        allow_null=True,
        help_text="your stake result: stakes, winnings, stakes back (null: not settled yet)",
    )
    earned = serializers.IntegerField(
        allow_null=True,
        help_text="coins the match earned you by the earning rules (null: not settled yet)",
    )
    checks = serializers.IntegerField(
        allow_null=True,
        help_text="Pinochle's checks at a coin table: your check reserve in and what came back "
        "of it, net (null: not settled yet, or no checks in coins)",
    )
    archived = serializers.BooleanField()

    def build(self, match: Match) -> dict[str, Any]:
        return _line(match, self.context["request"].user)

    def to_representation(self, instance: Any) -> Any:
        return super().to_representation(self.build(instance))


class MatchDetailSerializer(MatchLineSerializer):
    rounds = serializers.ListField(
        child=serializers.DictField(), help_text="each round's score sheet, melds, time-outs"
    )

    def build(self, match: Match) -> dict[str, Any]:
        return {**super().build(match), "rounds": history.summary_of(match)["rounds"]}


class MatchList(generics.ListAPIView):  # type: ignore[type-arg]
    """The logged-in user's matches, newest first; ``mode`` (2v2, 1v1) filters."""

    serializer_class = MatchLineSerializer
    permission_classes = [permissions.IsAuthenticated]
    pagination_class = MatchPages

    def get_queryset(self) -> Any:
        mode = self.request.query_params.get("mode")
        return history.matches_of(self.request.user, mode)


class MatchDetail(APIView):
    """One match with its rounds (404 for a private match you did not play)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=MatchDetailSerializer)
    def get(self, request: Request, match_id: int) -> Response:
        match = history.viewable_match(request.user, match_id)
        return Response(MatchDetailSerializer(match, context={"request": request}).data)


VERIFY = inline_serializer(
    "RoundVerify",
    {
        "round": serializers.IntegerField(),
        "match": serializers.IntegerField(),
        "number": serializers.IntegerField(),
        "algorithm": serializers.CharField(),
        "commitment": serializers.CharField(),
        "client_seed": serializers.CharField(allow_null=True),
        "dealer": serializers.IntegerField(allow_null=True),
        "revealed": serializers.BooleanField(),
        "secret": serializers.CharField(allow_null=True, help_text="null until the round ends"),
    },
)


class RoundVerify(APIView):
    """A round's fairness facts: the commitment, the client seed, the dealer; the secret once
    the round is over and revealed (the full record: ``/verify/<id>/round.json``)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=VERIFY)
    def get(self, request: Request, round_id: int) -> Response:
        record = verification.round_record(history.viewable_round(request.user, round_id))
        keys = (
            "round",
            "match",
            "number",
            "algorithm",
            "commitment",
            "client_seed",
            "dealer",
            "revealed",
            "secret",
        )
        return Response({k: record[k] for k in keys})
