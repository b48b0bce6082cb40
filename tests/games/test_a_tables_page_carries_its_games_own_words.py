"""A table's page carries the words every table shares and its own game's words (from the game's
registry entry, ``Game.table_words``), in the reader's language; every Pinochle word has its
Arabic."""

import json

import pytest
from django.utils import translation

from games import registry
from games.table_strings import table_strings
from lobby import services

pytestmark = pytest.mark.django_db


def strings_on(page: str) -> dict[str, str]:
    start = page.index('<script id="table-strings" type="application/json">') + len(
        '<script id="table-strings" type="application/json">'
    )
    return json.loads(page[start : page.index("</script>", start)])


def test_a_pinochle_tables_page_has_pinochles_words_in_the_readers_language(client_for, alice, bob):
    table = services.create_table(alice, {"variant": "single", "bots": True}, "pinochle")
    services.fill_with_bots(alice, table)
    from games import live

    live.start(alice, table.pk)
    en = strings_on(client_for(alice, language="en").get(f"/tables/{table.pk}/").content.decode())
    assert en["p_pass"] == "Pass" and en["p_declarer"] == "Declarer" and en["stock"] == "Stock"
    ar = strings_on(client_for(alice, language="ar").get(f"/tables/{table.pk}/").content.decode())
    assert ar["p_pass"] == "باس" and ar["p_declarer"] == "صاحب المزايدة"
    assert ar["p_meld_aces_around"] == "حول الآصات" and ar["p_row_counters"] == "نقاط العد"


def test_a_banakil_tables_words_have_none_of_pinochles():
    words = table_strings(registry.get("banakil"))
    assert "p_pass" not in words and "stock" in words
    assert set(table_strings()) == set(words)


def test_every_pinochle_word_is_translated_into_arabic():
    game = registry.get("pinochle")
    with translation.override("ar"):
        arabic = table_strings(game)
    same = [k for k in game.table_words if arabic[k] == game.table_words[k]]
    assert same == ["p_meld_times"]  # "{meld} ×{n}" reads the same in both
    assert not set(game.table_words) & set(table_strings()), "a game's key hides a shared one"
