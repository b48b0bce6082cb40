"""The wild cards' faces say what they are in the reader's language: «بنكل» on a 2 and «جوكر»
on the joker in Arabic (the players' words, shared/spec/glossary.md), WILD and JOKER in
English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sahrat.testing.live import LiveSite

from .table_helpers import open_table

WILD_FACES = (Path(__file__).parent / "js" / "wild_faces.js").read_text()
WORDS = {"ar": ("بنكل", "جوكر"), "en": ("WILD", "JOKER")}


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_wild_card_faces_carry_the_readers_words(
    table_site: LiveSite, browser: Any, lang: str
) -> None:
    table = table_site.start_table([f"wild{lang}"], {"players": 2, "turn_seconds": 300}, bots=True)
    page = open_table(browser, table_site, f"wild{lang}", table, "desktop-1280", lang)
    faces = page.evaluate(WILD_FACES)
    banakil, joker = WORDS[lang]
    assert faces["banakil"] == banakil
    assert faces["joker"] == joker
    assert faces["jokerTile"] == joker
    # every wild face drawn on the page (hand, pile) uses the same words
    assert set(faces["onPage"]) <= {banakil, joker}
    page.context.close()
