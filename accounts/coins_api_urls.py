from django.urls import path

from .coins_api import CoinBalanceView, CoinTransactionList

urlpatterns = [
    path("", CoinBalanceView.as_view(), name="api-coins"),
    path("transactions/", CoinTransactionList.as_view(), name="api-coin-transactions"),
]
