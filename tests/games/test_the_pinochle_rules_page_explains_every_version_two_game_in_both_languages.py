"""The players' Pinochle rules page («طريقة اللعب») has a section per version-2 game (two-handed,
cutthroat, six- and eight-handed) and one for the kitty, concession, pinochling and check
Pinochle, in English and in Arabic with the players' words, its numbers from each mode's own
options; each section says whether it is at the tables (every one is now: the kitty and
concession came with their table-page controls); the options table still gives every mode's
defaults."""

from __future__ import annotations

import html
import re

import pytest

from games import registry

pytestmark = pytest.mark.django_db

PINOCHLE = registry.get("pinochle")
SOON = {"en": "Coming soon to the tables", "ar": "قريبًا على الطاولات"}
NOW = {"en": "At the tables now", "ar": "متوفرة على الطاولات الحين"}
WORDS = {
    "two": {
        "en": [
            "Two-handed",
            "turn-up",
            "stock",
            "Meld after a won trick",
            "dix exchange",
            "last 12 tricks are strict",
            "an auction",
        ],
        "ar": [
            "لاعبين اثنين",
            "الورقة المكشوفة",
            "كومة الأوراق (السحبة)",
            "الدمج بعد الخدعة",
            "تبديل الديكس",
            "آخر 12 خدعة",
            "مزايدة",
            "الحكم",
            "لون",
        ],
    },
    "cutthroat": {
        "en": ["Cutthroat", "each for themselves", "16 cards each", "no widow"],
        "ar": ["كات ثروت", "كل واحد لنفسه", "16 ورقة لكل لاعب", "بدون يد الأرملة"],
    },
    "six": {
        "en": [
            "Six-handed",
            "two teams of three",
            "120 cards",
            "20 cards each",
            "quintuple",
            "sextuple",
        ],
        "ar": ["ستة لاعبين", "فريقين من ثلاثة", "120 ورقة", "20 ورقة لكل لاعب", "خماسي", "سداسي"],
    },
    "eight": {
        "en": ["Eight-handed", "four teams of two", "partners sitting across", "96 cards"],
        "ar": ["ثمانية لاعبين", "أربعة فرق من اثنين", "مقابل بعض", "96 ورقة"],
    },
    "more-options": {
        "en": [
            "The kitty",
            "To the declarer",
            "Dealt out",
            "Concession",
            "Pinochling, taking every trick",
            "Check Pinochle",
            "each of the other two pays",
        ],
        "ar": [
            "القطّة",
            "لصاحب المزايدة",
            "توزيع",
            "التسليم",
            "أخذ كل الخدع",
            "بينوكل التشيكات",
            "يدفع له كل واحد من الاثنين الباقين",
        ],
    },
}


def sections(client, language: str) -> dict[str, str]:
    client.cookies["django_language"] = language
    page = client.get("/rules/pinochle/").content.decode()
    found = re.findall(r'<section class="card" id="([\w-]+)">(.*?)</section>', page, re.S)
    return {i: html.unescape(re.sub(r"<[^>]+>", " ", body)) for i, body in found}


@pytest.mark.parametrize("language", ["en", "ar"])
def test_each_new_game_and_option_has_its_section_with_its_words(client, language):
    text = sections(client, language)
    for section, words in WORDS.items():
        for word in words[language]:
            assert word in text[section], (section, word)


@pytest.mark.parametrize("language", ["en", "ar"])
def test_each_section_says_whether_it_is_at_the_tables(client, language):
    text = sections(client, language)
    for mode in PINOCHLE.modes:
        if mode.key in WORDS:
            assert (SOON[language] in text[mode.key]) is not mode.at_tables, mode.key
            assert (NOW[language] in text[mode.key]) is mode.at_tables, mode.key
    assert NOW[language] in text["more-options"] and SOON[language] not in text["more-options"]


def test_the_arabic_sections_have_no_english_sentences(client):
    text = sections(client, "ar")
    for section in WORDS:
        english = re.findall(r"[A-Za-z]{3,}", text[section])
        assert english == [], (section, english)


def test_the_numbers_come_from_each_modes_options(client):
    text = sections(client, "en")
    two, cut, six, eight = (
        PINOCHLE.options({"variant": v}) for v in ("two", "cutthroat", "six", "eight")
    )
    assert f"The first to {two.target} wins" in text["two"]
    assert f"bid from {two.min_bid}" in text["two"]
    assert f"starts at {cut.min_bid};" in text["cutthroat"]
    assert f"match is to {cut.target}." in text["cutthroat"]
    assert f"Bids start at {six.min_bid} and go up by 1" in text["six"]
    assert f"match is to {six.target}." in text["six"]
    assert f"Bids start at {eight.min_bid};" in text["eight"]
    ar = sections(client, "ar")
    assert f"المزايدة تبدأ من {six.min_bid}" in ar["six"]


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_options_table_gives_every_modes_defaults(client, language):
    text = sections(client, language)["options"]
    for mode in PINOCHLE.modes:
        client.cookies["django_language"] = language
        options = PINOCHLE.options(mode.options)
        label = {"en": mode.label}.get(language)
        if label:
            assert f"{label}: {options.target}" in text, mode.key
            assert f"{label}: {options.min_bid}" in text, mode.key
    assert text.count(" · ") >= 2 * (len(PINOCHLE.modes) - 1)
