"""``manage.py coins_audit``: reconcile the coin ledger; exits non-zero on any mismatch."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from accounts.coins import audit


class Command(BaseCommand):
    help = (
        "Check that every coin transaction balances, every balance matches its entries and "
        "none is below zero, and that wallets + house + pots + check reserves = all coins ever "
        "issued."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        report = audit()
        self.stdout.write(
            f"issued {report.issued} · wallets {report.wallets} + house {report.house} + "
            f"pots {report.pots} + reserves {report.reserves} + events {report.events} = "
            f"{report.held} · "
            f"{report.accounts} accounts, {report.transactions} transactions, "
            f"{report.entries} entries · {report.open_pots} pots and reserves holding coins "
            "(matches in play or not settled yet)"
        )
        for problem in report.problems:
            self.stderr.write(f"MISMATCH: {problem}")
        if not report.ok:
            raise CommandError(f"coins_audit: {len(report.problems)} problem(s)")
        self.stdout.write(self.style.SUCCESS("coins_audit: every coin is accounted for"))
