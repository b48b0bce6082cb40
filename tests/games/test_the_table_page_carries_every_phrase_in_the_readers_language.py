"""The live table page gets the quick phrases' words with its strings (``phrase.<key>``, in the
list's order) and the emotes, in the reader's language, so every page shows a phrase in its
own reader's words; the page also names its reader (for their mutes) and the address of a
table (for the rematch)."""

import json
import re

import pytest
from django.utils import translation

from games import phrases
from games.table_strings import table_strings

from .conftest import start_table

pytestmark = pytest.mark.django_db


def test_every_phrase_and_emote_is_in_the_table_strings_in_both_languages():
    for language in ("en", "ar"):
        with translation.override(language):
            strings = table_strings()
        keys = [k.removeprefix("phrase.") for k in strings if k.startswith("phrase.")]
        assert keys == list(phrases.PHRASES)
        assert strings["emotes"].split(" ") == list(phrases.EMOTES)
        for key, english in phrases.PHRASES.items():
            words = strings[f"phrase.{key}"]
            assert words
            if language == "en":
                assert words == english
            else:
                assert words != english and re.search(r"[\u0600-\u06ff]", words), key


def test_the_live_table_page_passes_the_phrases_the_reader_and_a_table_address(
    client_for, alice, bob
):
    table = start_table([alice, bob], {}, bots_fill=True)
    page = client_for(bob, language="ar").get(f"/tables/{table.pk}/").content.decode()
    found = re.search(r'<script id="table-strings" type="application/json">(.*?)</script>', page)
    assert found
    strings = json.loads(found.group(1))
    assert strings["phrase.good_luck"] == "بالتوفيق!"
    assert strings["talk"] == "عبارات سريعة"
    assert f'data-user="{bob.pk}"' in page
    assert 'data-table-url="/tables/0/"' in page
    assert 'data-slot="talk"' in page
