"""How to play («طريقة اللعب»): a page per game at ``/rules/<game>/`` (URL name ``games:rules``),
public, in English and in Arabic with the players' words, its options table from the game's own
defaults; linked from the navigation, the lobby and the create-table page."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from games import registry

pytestmark = pytest.mark.django_db

EN = [
    "How to play Banakil",
    "All in one turn (nazla)",
    "Laying off",
    "The banakil moves",
    "Taking a joker back",
    "Table options",
]
AR = [
    "طريقة لعب البناكل",
    "نزلة وحدة",
    "الأرض",
    "تخلّص",
    "تركّب",
    "ترجّع الجوكر",
    "الصكة",
    "كومة الأوراق",
    "متسلسلة",
    "الموزّع",
]


def text_of(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_every_game_in_the_registry_has_its_rules_page(client, game):
    assert reverse("games:rules", args=[game]) == f"/rules/{game}/"
    assert client.get(f"/rules/{game}/").status_code == 200


def test_the_english_rules_read_for_players_with_the_defaults(client):
    client.cookies["django_language"] = "en"
    text = text_of(client.get("/rules/banakil/"))
    for words in EN:
        assert words in text, words
    # numbers from the game's own options, not copied by hand
    defaults = registry.get("banakil").options({}).to_dict()
    assert f"go-out bonus ({defaults['out_bonus']})" in text
    assert f"scores {defaults['nazla_bonus']} instead" in text
    assert "(222 for partners, 150 one against one)" in text
    assert re.search(r"Partners: 222 · One against one: 150", text)


def test_the_arabic_rules_use_the_players_words(client):
    client.cookies["django_language"] = "ar"
    page = client.get("/rules/banakil/")
    assert '<html lang="ar" dir="rtl">' in page.content.decode()
    text = text_of(page)
    for words in AR:
        assert words in text, words
    assert "How to play" not in text and "Laying off" not in text


def test_an_unknown_game_has_no_rules_and_rules_alone_goes_to_the_default_game(client):
    assert client.get("/rules/chess/").status_code == 404
    response = client.get("/rules/")
    assert response.status_code == 302 and response["Location"] == f"/rules/{registry.DEFAULT}/"


def test_the_navigation_the_lobby_and_the_create_page_link_the_rules(client, client_for, alice):
    assert 'href="/rules/"' in client.get("/").content.decode()  # nav + lobby, for visitors too
    lobby = client_for(alice, "en").get("/").content.decode()
    assert lobby.count('href="/rules/"') >= 2
    create = client_for(alice, "en").get("/tables/new/").content.decode()
    assert 'href="/rules/banakil/#options"' in create


def test_the_pinochle_rules_give_each_variants_numbers_from_its_options(client):
    client.cookies["django_language"] = "en"
    text = text_of(client.get("/rules/pinochle/"))
    single = registry.get("pinochle").options({"variant": "single"})
    three = registry.get("pinochle").options({"variant": "three"})
    assert f"reaches {single.target}." in text and f"at least {single.min_bid};" in text
    assert f"match is to {three.target}." in text
    client.cookies["django_language"] = "ar"
    text = text_of(client.get("/rules/pinochle/"))
    for words in ("المزايدة", "صاحب المزايدة", "الحكم", "الدمج", "يد الأرملة", "نقاط العد"):
        assert words in text, words
