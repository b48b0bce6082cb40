"""The header's subtitle and the footer say what Sahrat is for all its games, named from the
registry, in the reader's language."""

from __future__ import annotations

import html
import re

import pytest

pytestmark = pytest.mark.django_db

SAID = {
    "ar": ("ألعاب الورق الخليجية: بناكل وبينوكل", "سهرات: ليالي الورق الخليجية — بناكل وبينوكل."),
    "en": (
        "Gulf card games: Banakil and Pinochle",
        "Sahrat: evenings of Gulf card games — Banakil and Pinochle.",
    ),
}


def said(page: str, testid: str) -> str:
    found = re.search(rf'data-testid="{testid}">(.*?)</span>', page, re.S)
    assert found, testid
    return html.unescape(found.group(1)).strip()


@pytest.mark.parametrize("language", ["ar", "en"])
@pytest.mark.parametrize("path", ["/", "/rules/pinochle/", "/accounts/login/"])
def test_the_header_and_the_footer_name_every_game(client, language, path):
    client.cookies["django_language"] = language
    page = client.get(path).content.decode()
    assert (said(page, "brand-sub"), said(page, "brand-footer")) == SAID[language]
