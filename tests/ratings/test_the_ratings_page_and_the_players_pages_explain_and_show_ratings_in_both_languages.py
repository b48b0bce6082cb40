"""/rules/ratings/ explains ratings to players in both languages (a tab beside the games'
rules); the profile and the public player page list each rating with the chart's data."""

import json
import re

import pytest

from games import archive

from .conftest import finish, rated_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "language,title,words",
    [
        ("en", "How ratings work", ["1500", "provisional", "stood up first", "+ 24 ×"]),
        ("ar", "كيف يشتغل التصنيف", ["1500", "مبدئي", "قام لاعبها أول", "+ 24 ×"]),
    ],
)
def test_the_ratings_page_in_both_languages(client, language, title, words):
    client.cookies["django_language"] = language
    page = client.get("/rules/ratings/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f"<h1>{title}</h1>" in text
    assert all(word in text for word in words)
    assert 'data-game="ratings" aria-current="page"' in text
    rules = client.get("/rules/banakil/").content.decode()
    assert 'href="/rules/ratings/" data-game="ratings"' in rules


def chart_data(text):
    found = re.search(
        r'<script id="rating-chart-data" type="application/json">(.*?)</script>', text
    )
    return json.loads(found.group(1))


@pytest.mark.parametrize("language,title", [("en", "Banakil · One against one"), ("ar", "بناكل")])
def test_the_profile_and_the_player_page_show_each_rating(client_for, alice, bob, language, title):
    archive.archive_match(finish(rated_match([alice, bob], players=2), winner=0).pk)
    client = client_for(bob, language)
    for url in ("/accounts/profile/", "/players/alice/"):
        text = client.get(url).content.decode()
        person = bob if url.startswith("/accounts") else alice
        [line] = chart_data(text)
        assert title in line["title"]
        assert line["figure"] == person.ratings.get().figure and len(line["history"]) == 1
        assert f'<bdi dir="ltr">{line["figure"]}?</bdi>' in text  # provisional
        assert "vendor/uplot/uPlot.iife.min.js" in text and "ratings/chart.js" in text


def test_a_player_with_no_rated_match_sees_how_to_start(client_for, alice):
    text = client_for(alice, "en").get("/accounts/profile/").content.decode()
    assert "No rated match yet" in text and "rating-chart-data" not in text
