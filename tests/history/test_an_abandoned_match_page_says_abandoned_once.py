"""The match page's header says a match's status once: an abandoned match is «متروكة» once,
not «متروكة · متروكة» (its status and the reader's result both said it); a finished one adds
the reader's result."""

from __future__ import annotations

import re

import pytest

from games.models import Match

from ..games.conftest import start_table

pytestmark = pytest.mark.django_db


def lead(page: str) -> str:
    found = re.search(r'<p class="lead">(.*?)</p>', page, re.S)
    assert found
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", found.group(1))).strip()


@pytest.mark.parametrize("language,word", [("ar", "متروكة"), ("en", "bandoned")])
def test_an_abandoned_match_says_so_once(alice, client_for, language, word):
    table = start_table([alice], bots_fill=True)
    match = Match.objects.get(table=table)
    match.status = Match.Status.ABANDONED
    match.save(update_fields=["status"])
    page = client_for(alice, language).get(f"/history/matches/{match.pk}/").content.decode()
    assert lead(page).count(word) == 1


@pytest.mark.parametrize("language,words", [("ar", ("انتهت", "فاز")), ("en", ("finished", "Won"))])
def test_a_finished_match_says_finished_and_the_readers_result(alice, client_for, language, words):
    table = start_table([alice], bots_fill=True)
    match = Match.objects.get(table=table)
    match.status, match.winner = Match.Status.FINISHED, match.side_of(0)
    match.save(update_fields=["status", "winner"])
    text = lead(client_for(alice, language).get(f"/history/matches/{match.pk}/").content.decode())
    assert all(text.count(w) == 1 for w in words), text
