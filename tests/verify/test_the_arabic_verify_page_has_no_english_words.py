"""The Verify page («تحقق») reads in one language: the Arabic page has no English word (only
the tokens a reader checks by hand: card codes, hex, ids, the algorithm's name, file names and
the command to run), and the English page no Arabic but the players' names and the site's
Arabic name kept on purpose in the brand («سهرات» is not on it: only Latin)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from games.models import Round

pytestmark = pytest.mark.django_db

#: what a Latin-letter word may be on the Arabic page: hex digests and seeds, card codes
#: ("10H", "QS", "JK1"), the shuffle algorithm's id, the offline tool's file names and command,
#: and the numbers' "SHA-256" (the standard's name, written the same in Arabic texts)
ALLOWED = re.compile(
    r"^(?:[0-9a-f]{16,}|(?:10|[2-9AKQJT])[SHDC]|JK\d?|sahrat-shuffle-v\d+|SHA-256|HMAC"
    r"|python3|verify_round\.py|sahrat-match\d+-round\d+\.json|JSON)$"
)
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]*")
ARABIC = re.compile(r"[\u0600-\u06FF]")


class Text(HTMLParser):
    """The page's visible text and its attributes a reader meets (title, aria-label, alt,
    placeholder, value of buttons), outside <script> and <style>."""

    SHOWN = ("title", "aria-label", "alt", "placeholder")

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style") or ("name", "language") in attrs:
            self.skip += 1  # the language switch names the other language in its own words
        for name, value in attrs:
            if name in self.SHOWN and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "button") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = Text()
    parser.feed(html)
    return " ".join(parser.parts)


def english_words(text: str, names: list[str]) -> list[str]:
    """The Latin-letter words of ``text`` outside the allowed tokens, the players' names and
    the script's placeholders ("{rank}")."""
    for name in names:
        text = text.replace(name, " ")
    text = re.sub(r"\{\w+\}", " ", text)
    return [w for w in LATIN_WORD.findall(text) if not ALLOWED.match(w.rstrip("."))]


def verify_page(client, rnd: Round):
    response = client.get(f"/verify/{rnd.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def words_for_js(html: str) -> dict:
    """The words the page gives static/verify/page.js (its ``verify-strings`` JSON)."""
    found = re.search(r'<script id="verify-strings" type="application/json">(.*?)</script>', html)
    assert found
    return json.loads(found.group(1))


def test_the_arabic_verify_page_and_its_script_words_have_no_english(
    played_match, client_for, alice
):
    rnd = played_match.rounds.order_by("number").first()
    html = verify_page(client_for(alice, "ar"), rnd)
    names = ["Alice", "Bob", "Carol", "Dave"]
    found = english_words(visible_text(html), names)
    assert not found, " ".join(found)
    strings = words_for_js(html)
    found = english_words(" ".join(v for v in strings.values() if isinstance(v, str)), names)
    assert not found, " ".join(found)


def test_the_english_verify_page_has_no_arabic(played_match, client_for, alice):
    rnd = played_match.rounds.order_by("number").first()
    html = verify_page(client_for(alice, "en"), rnd)
    found = ARABIC.findall(visible_text(html))
    assert not found, "".join(found)
    strings = words_for_js(html)
    found = ARABIC.findall(" ".join(v for v in strings.values() if isinstance(v, str)))
    assert not found, "".join(found)


def test_the_verify_index_reads_in_one_language(client_for, alice):
    arabic = client_for(alice, "ar").get("/verify/").content.decode()
    found = english_words(visible_text(arabic), ["Alice"])  # the reader's own name
    assert not found, " ".join(found)
    english = client_for(alice, "en").get("/verify/").content.decode()
    found = ARABIC.findall(visible_text(english))
    assert not found, "".join(found)
