import pytest

from accounts import coins
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def test_the_list_shows_public_upcoming_events_and_hides_private_ones(
    client_for, make_tournament, alice
):
    make_tournament(name="Thursday majlis")
    make_tournament(name="Family only", private=True)
    page = client_for(alice, "ar").get("/tournaments/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "البطولات" in text and "Thursday majlis" in text and "Family only" not in text
    english = client_for(alice, "en").get("/tournaments/").content.decode()
    assert "Tournaments" in english and "Upcoming" in english


def test_a_player_registers_from_the_page_and_a_second_try_says_why_in_arabic(
    client_for, make_tournament, alice
):
    event = make_tournament()
    client = client_for(alice, "ar")
    page = client.get(f"/tournaments/{event.pk}/")
    assert 'data-testid="register"' in page.content.decode()
    done = client.post(f"/tournaments/{event.pk}/register/", follow=True)
    assert 'data-testid="registered"' in done.content.decode()
    assert coins.coin_balance(alice) == 400
    again = client.post(f"/tournaments/{event.pk}/register/", follow=True)
    assert "أنت مسجّل في هذي البطولة من قبل." in again.content.decode()
    assert Registration.objects.filter(user=alice).count() == 1


def test_a_private_event_shows_only_with_its_code_and_an_unknown_id_is_not_found(
    client_for, make_tournament, alice
):
    event = make_tournament(private=True)
    client = client_for(alice, "en")
    assert client.get(f"/tournaments/{event.pk}/").status_code == 404
    assert client.get(f"/tournaments/{event.pk}/?code={event.join_code}").status_code == 200
    assert client.get("/tournaments/999999/").status_code == 404
    refused = client.post("/tournaments/999999/register/", follow=True)
    assert "There is no such tournament." in refused.content.decode()


def test_once_the_round_is_paired_the_page_takes_a_player_to_their_table(
    client_for, make_tournament, here, alice, bob
):
    import datetime

    from django.utils import timezone

    from tournaments import progress, services
    from tournaments.models import Pairing, Tournament

    event = make_tournament()
    services.register(event.pk, alice)
    services.register(event.pk, bob)
    here(event, alice, bob)
    Tournament.objects.filter(pk=event.pk).update(
        starts_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    progress.advance_due()
    table_id = Pairing.objects.get(tournament=event).table_id
    page = client_for(alice, "en").get(f"/tournaments/{event.pk}/").content.decode()
    assert f'href="/tables/{table_id}/" data-testid="your-table"' in page
