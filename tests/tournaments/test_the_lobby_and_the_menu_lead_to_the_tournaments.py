"""The site's menu links to the tournaments, and the lobby has a tournaments card with the
public events to join (a private one is not named there) in the reader's language."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_menu_and_the_lobby_card_lead_to_public_events(make_tournament, client_for, alice):
    public = make_tournament(name="Friday majlis")
    make_tournament(name="Family only", private=True)
    for lang, word in (("en", "Tournaments"), ("ar", "البطولات")):
        page = client_for(alice, lang).get("/").content.decode()
        assert 'data-testid="nav-tournaments"' in page and word in page
        assert 'data-testid="lobby-tournaments"' in page
        assert f'href="/tournaments/{public.pk}/" data-testid="lobby-tournament"' in page
        assert "Friday majlis" in page and "Family only" not in page


def test_a_registered_player_sees_their_matches_on_the_event_page(
    make_tournament, client_for, here, alice, bob
):
    import datetime

    from django.utils import timezone

    from tournaments import progress, services, swiss_rounds
    from tournaments.models import Pairing, Tournament
    from tournaments.swiss import WIN

    event = make_tournament(rounds=2)
    services.register(event.pk, alice)
    services.register(event.pk, bob)
    here(event, alice, bob)
    Tournament.objects.filter(pk=event.pk).update(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    progress.advance_due()
    pairing = Pairing.objects.get(tournament=event)
    swiss_rounds.record(pairing.pk, WIN if pairing.side_a.name == "Alice" else 0)
    page = client_for(alice, "en").get(f"/tournaments/{event.pk}/").content.decode()
    mine = page.split('data-testid="my-matches"')[1].split("</ul>")[0]
    assert "Round 1" in mine and "Bob" in mine and "won" in mine
    assert f'href="/history/matches/{pairing.match_id}/"' in mine
