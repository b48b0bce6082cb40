"""The admin resets a player's rating in one game and mode to the start; every reset is recorded
(who, when, the old value) and read-only; the distribution page counts the ratings in bands."""

import pytest

from ratings.models import Rating, RatingReset
from ratings.scale import START, START_MU, START_SIGMA

from .conftest import set_rating

pytestmark = pytest.mark.django_db


def test_a_reset_is_audited(admin_client, admin_user, alice):
    rating = set_rating(alice, 33.0, 3.0)
    kept = set_rating(alice, 30.0, 3.0, mode="1v1")  # another mode: untouched
    old = rating.figure
    answer = admin_client.post(
        "/admin/ratings/rating/",
        {"action": "reset_ratings", "_selected_action": [rating.pk]},
    )
    assert answer.status_code == 302
    rating.refresh_from_db()
    assert (rating.mu, rating.sigma, rating.figure, rating.matches) == (
        START_MU,
        START_SIGMA,
        START,
        0,
    )
    audit = RatingReset.objects.get()
    assert (audit.user, audit.game, audit.mode, audit.reset_by) == (
        alice,
        "banakil",
        "2v2",
        admin_user,
    )
    assert (audit.mu_before, audit.sigma_before, audit.figure_before, audit.matches_before) == (
        33.0,
        3.0,
        old,
        12,
    )
    assert audit.reset_at is not None
    assert Rating.objects.get(pk=kept.pk).mu == 30.0


def test_the_trail_is_read_only_and_shown(admin_client, admin_user, alice):
    rating = set_rating(alice, 33.0, 3.0)
    admin_client.post(
        "/admin/ratings/rating/", {"action": "reset_ratings", "_selected_action": [rating.pk]}
    )
    audit = RatingReset.objects.get()
    admin_client.cookies["django_language"] = "en"
    page = admin_client.get("/admin/ratings/ratingreset/").content.decode()
    assert "Alice" in page and str(audit.figure_before) in page
    assert admin_client.get(f"/admin/ratings/ratingreset/{audit.pk}/delete/").status_code == 403
    assert admin_client.get("/admin/ratings/ratingreset/add/").status_code == 403
    assert admin_client.get("/admin/ratings/rating/add/").status_code == 403


def test_a_player_with_no_admin_rights_cannot_reset(client_for, alice):
    rating = set_rating(alice, 33.0, 3.0)
    client_for(alice).post(
        "/admin/ratings/rating/", {"action": "reset_ratings", "_selected_action": [rating.pk]}
    )
    assert Rating.objects.get(pk=rating.pk).mu == 33.0 and not RatingReset.objects.exists()


@pytest.mark.parametrize("language,title", [("en", "How the ratings spread"), ("ar", "توزيع")])
def test_the_distribution_counts_players_in_bands(admin_client, make_user, language, title):
    for n, mu in enumerate((30.0, 30.5, 40.0)):
        set_rating(make_user(f"p{n}"), mu, 2.0)
    admin_client.cookies["django_language"] = language
    page = admin_client.get("/admin/ratings/rating/distribution/").content.decode()
    assert title in page and 'data-testid="distribution"' in page
    # 1500 + 24 * (30 - 6) = 2076, 2088: one band of two; 2316: another, with empty bands between
    assert '<tr data-band="2000"><td>2000–2099</td><td>2</td>' in page
    assert '<tr data-band="2300"><td>2300–2399</td><td>1</td>' in page
    assert '<tr data-band="2100"><td>2100–2199</td><td>0</td>' in page
