"""«How to play» leads to the rules of the game in view: the lobby's game tab, a table's game
(its card in the lobby, its waiting room, the live table), a match's game (its page, its
replay and Verify); each game's rules page links the others'. The match page's header and the
profile's recent matches name the game and the mode. In both languages."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games import registry
from games.models import Match
from lobby import services as lobby

from .conftest import start_table

pytestmark = pytest.mark.django_db

LANGUAGES = ["ar", "en"]


def nav_rules(page: str) -> str:
    found = re.search(r'<a href="([^"]*)" data-testid="nav-rules">', page)
    assert found
    return found.group(1)


def hrefs(page: str, testid: str) -> list[str]:
    return re.findall(rf'<a[^>]*href="([^"]*)"[^>]*data-testid="{testid}"', page)


def title(game: str, language: str) -> str:
    with translation.override(language):
        return str(translation.gettext(registry.get(game).title))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lobbys_game_tab_leads_to_that_games_rules(client_for, alice, language):
    client = client_for(alice, language)
    for game in registry.GAMES:
        page = client.get(f"/?game={game}").content.decode()
        assert nav_rules(page) == f"/rules/{game}/"
        assert hrefs(page, "rules-link") == [f"/rules/{game}/"]
    every = client.get("/").content.decode()
    assert nav_rules(every) == "/rules/"  # all games: the rules pages, which link each other


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_table_links_its_games_rules(client_for, alice, bob, language):
    pinochle = lobby.create_table(alice, {}, "pinochle")
    banakil = lobby.create_table(bob, {}, "banakil")
    client = client_for(alice, language)
    page = client.get("/").content.decode()
    for table in (pinochle, banakil):
        card = re.search(
            rf'<article class="table-card" id="table-{table.pk}".*?</article>', page, re.S
        )
        assert hrefs(card.group(0), "table-rules") == [f"/rules/{table.game}/"]
        room = client.get(f"/tables/{table.pk}/").content.decode()
        assert nav_rules(room) == f"/rules/{table.game}/"
        assert hrefs(room, "table-rules") == [f"/rules/{table.game}/"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_live_pinochle_table_and_its_match_link_the_pinochle_rules(client_for, alice, language):
    table = start_table([alice], bots_fill=True, game="pinochle")
    match = Match.objects.get(table=table)
    client = client_for(alice, language)
    assert nav_rules(client.get(f"/tables/{table.pk}/").content.decode()) == "/rules/pinochle/"
    page = client.get(f"/history/matches/{match.pk}/").content.decode()
    assert nav_rules(page) == "/rules/pinochle/"
    assert hrefs(page, "match-rules") == ["/rules/pinochle/"]
    rnd = match.rounds.order_by("number").first()
    verify = client.get(f"/verify/{rnd.pk}/").content.decode()
    assert nav_rules(verify) == "/rules/pinochle/"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_match_page_and_the_profile_name_the_game_and_mode(client_for, alice, language):
    table = start_table([alice], bots_fill=True, game="pinochle")
    match = Match.objects.get(table=table)
    with translation.override(language):
        named = f"{title('pinochle', language)} · {match.mode_label}"
    client = client_for(alice, language)
    page = client.get(f"/history/matches/{match.pk}/").content.decode()
    assert re.search(r'data-testid="match-game"[^>]*>([^<]*)<', page).group(1) == named
    profile = client.get("/accounts/profile/").content.decode()
    line = re.search(rf'<li data-match="{match.pk}">.*?</li>', profile, re.S).group(0)
    assert re.search(r'data-testid="recent-game"[^>]*>([^<]*)<', line).group(1) == named


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_rules_page_links_every_games_rules(client, language):
    client.cookies["django_language"] = language
    for game in registry.GAMES:
        page = client.get(f"/rules/{game}/").content.decode()
        tabs = re.search(r'data-testid="rules-tabs">.*?</nav>', page, re.S).group(0)
        # every game's rules, then how ratings work
        links = [f"/rules/{g}/" for g in registry.GAMES] + ["/rules/ratings/"]
        assert re.findall(r'href="([^"]*)"', tabs) == links
        assert f'href="/rules/{game}/" data-game="{game}" aria-current="page"' in tabs
        assert all(title(g, language) in tabs for g in registry.GAMES)
        assert nav_rules(page) == f"/rules/{game}/"
