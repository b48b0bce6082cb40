"""A match's two coin figures for a player, the stake result and the earnings, are what the
ledger posted to their wallet for that match, and every page that shows a match's coins shows
those two, side by side: the table's match-end state, the match page, the match history, the
profile's recent matches and statistics, and the API. Before, the match-end sheet said "Your
coins from this match: 0" and the profile "coins won 0" while the wallet had +150 for it."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from accounts.models import CoinEntry, User
from games import archive, live
from games.models import Match

from ..games.conftest import play_to_the_end, start_table

pytestmark = pytest.mark.django_db


def posted(user: User, match: Match) -> tuple[int, int]:
    """What the ledger put in the user's wallet for the match: (stake result, earnings)."""
    entries = CoinEntry.objects.filter(
        account__kind="wallet", account__user=user, transaction__match_id=match.pk
    )
    earned = sum(e.amount for e in entries if e.transaction.kind == "earn")
    stake = sum(e.amount for e in entries if e.transaction.kind != "earn")
    return stake, earned


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def shown_by(page: str, name: str, within: str | None = None) -> str:
    if within is not None:
        found = re.search(within, page, re.S)
        assert found, within
        page = found.group(0)
    found = re.search(rf'data-testid="{name}"[^>]*>(.*?)</bdi>', page, re.S)
    assert found, name
    return text(found.group(1))


def played(players: list[User], stake: int) -> Match:
    table = start_table(players, {"players": 2, "target": 15, "stake": stake})
    match = play_to_the_end(table)
    assert match.status == Match.Status.FINISHED
    assert archive.archive_match(match.pk)
    return match


@pytest.fixture
def matches(alice: User, bob: User) -> dict[str, Match]:
    return {"coin": played([alice, bob], 100), "free": played([alice, bob], 0)}


def test_the_ledger_gives_both_figures_and_they_are_not_nothing(matches, alice, bob):
    coin, free = matches["coin"], matches["free"]
    stakes = sorted(posted(user, coin)[0] for user in (alice, bob))
    assert stakes[0] == -100 and stakes[1] > 0  # the loser's stake, the winner's share
    assert all(posted(user, free)[0] == 0 for user in (alice, bob))
    assert all(posted(user, free)[1] > 0 for user in (alice, bob))  # completed free match


def test_the_match_end_state_carries_both_figures_of_every_seat(matches, alice, bob):
    for match in matches.values():
        state: dict[str, Any] = live.snapshot(match.table_id, alice)["match"]
        for seat, user in enumerate((alice, bob)):
            assert (state["coins"][seat], state["earned"][seat]) == posted(user, match)


@pytest.mark.parametrize("language", ["ar", "en"])
def test_the_match_page_and_the_history_show_what_the_wallet_got(
    matches, alice, bob, client_for, language
):
    for user in (alice, bob):
        client = client_for(user, language)
        history = client.get("/history/").content.decode()
        for match in matches.values():
            stake, earned = posted(user, match)
            page = client.get(f"/history/matches/{match.pk}/").content.decode()
            assert shown_by(page, "stake-result") == signed(stake)
            assert shown_by(page, "earned") == signed(earned)
            line = rf'<tr[^>]* data-match="{match.pk}".*?</tr>'
            cells = re.search(line, history, re.S).group(0)
            coins = re.search(r"coins-cell[^>]*>(.*?)</td>", cells, re.S).group(1)
            gained = re.search(r"earned-cell[^>]*>(.*?)</td>", cells, re.S).group(1)
            assert (text(coins), text(gained)) == (signed(stake), signed(earned))


@pytest.mark.parametrize("language", ["ar", "en"])
def test_the_profile_shows_what_the_wallet_got(matches, alice, bob, client_for, language):
    for user in (alice, bob):
        profile = client_for(user, language).get("/accounts/profile/").content.decode()
        for match in matches.values():
            stake, earned = posted(user, match)
            line = rf'<li data-match="{match.pk}">.*?</li>'
            assert shown_by(profile, "stake-result", line) == signed(stake)
            assert shown_by(profile, "earned", line) == signed(earned)
        # the statistics add the same figures up (both matches: Banakil, one against one)
        stake = sum(posted(user, m)[0] for m in matches.values())
        earned = sum(posted(user, m)[1] for m in matches.values())
        section = re.search(r'data-game="banakil" data-mode="1v1">.*?</section>', profile, re.S)
        cells = dict(re.findall(r'data-stat="(\w+)">(.*?)</dd>', section.group(0), re.S))
        assert text(cells["coins"]) == signed(stake)
        assert text(cells["earned"]) == signed(earned)


def test_the_api_gives_both_figures(matches, alice, bob, client_for):
    for user in (alice, bob):
        lines = client_for(user).get("/api/matches/").json()["results"]
        shown = {line["id"]: (line["coins"], line["earned"]) for line in lines}
        assert shown == {match.pk: posted(user, match) for match in matches.values()}
