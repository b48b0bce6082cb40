"""The coin API: the logged-in player's balance and wallet transactions (session auth)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import generics, permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from sahrat.pagination import LimitedPages

from .coins import coin_balance, entry_reason, stake_levels, wallet_entries
from .models import CoinEntry


class WalletEntrySerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    """One coin movement in or out of the player's wallet."""

    time = serializers.DateTimeField(source="transaction.created_at", read_only=True)
    kind = serializers.CharField(
        source="transaction.kind",
        read_only=True,
        help_text="stake, payout, refund, reserve (a check reserve in), checks (checks settled: "
        "the reserve back with them) or earn",
    )
    rule = serializers.CharField(
        source="transaction.rule",
        read_only=True,
        help_text="earnings only: signup, free_match or daily_round",
    )
    reason = serializers.SerializerMethodField(help_text="why, in the reader's language")
    match = serializers.IntegerField(source="transaction.match_id", read_only=True, allow_null=True)

    class Meta:
        model = CoinEntry
        fields = ["id", "time", "kind", "rule", "reason", "match", "amount", "balance_after"]
        read_only_fields = fields

    def get_reason(self, entry: CoinEntry) -> str:
        return entry_reason(entry)


class CoinBalanceView(APIView):
    """The logged-in player's coins and the stakes coin tables may be opened with."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        responses={
            200: inline_serializer(
                "CoinBalance",
                {
                    "balance": serializers.IntegerField(),
                    "stake_levels": serializers.ListField(child=serializers.IntegerField()),
                },
            )
        }
    )
    def get(self, request: Request) -> Response:
        return Response({"balance": coin_balance(request.user), "stake_levels": stake_levels()})


class CoinTransactionList(generics.ListAPIView):  # type: ignore[type-arg]
    """The logged-in player's wallet movements, newest first (paginated)."""

    serializer_class = WalletEntrySerializer
    permission_classes = [permissions.IsAuthenticated]
    pagination_class = LimitedPages

    def get_queryset(self) -> Any:
        return wallet_entries(self.request.user)
