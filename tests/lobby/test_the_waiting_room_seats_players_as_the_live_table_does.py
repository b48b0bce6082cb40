"""The waiting room draws the seats as the live table will: the reader at the bottom, the next
seat in play order on the right in Arabic and English alike, the partner across; it names the
teams, and the lobby's table card does too."""

import re

import pytest
from django.test import Client

from lobby import services

pytestmark = pytest.mark.django_db


def places(html: str) -> dict[int, tuple[str, str]]:
    """Seat number -> (place, team) from the waiting room's felt."""
    found = re.findall(r'class="felt-seat place-(\w+) team-(\d)[^"]*"[^>]*data-seat="(\d)"', html)
    return {int(seat): (place, team) for place, team, seat in found}


@pytest.mark.parametrize("language", ["ar", "en"])
def test_each_player_sees_themselves_at_the_bottom_and_the_next_seat_on_the_right(
    client_for, free_table, bob, carol, language
):
    services.sit(bob, free_table, 2)  # alice's partner, across from her
    services.sit(carol, free_table, 1)  # alice's opponent, next after her in play
    alice_page = client_for(free_table.seats.get(number=0).user, language).get(
        f"/tables/{free_table.pk}/"
    )
    assert places(alice_page.content.decode()) == {
        0: ("bottom", "0"),
        1: ("right", "1"),
        2: ("top", "0"),
        3: ("left", "1"),
    }
    bob_html = client_for(bob, language).get(f"/tables/{free_table.pk}/").content.decode()
    assert places(bob_html) == {
        2: ("bottom", "0"),
        3: ("right", "1"),
        0: ("top", "0"),
        1: ("left", "1"),
    }
    # the felt is laid out left to right in both languages, as the live table's is
    assert '<div class="felt felt-4" dir="ltr">' in bob_html


def test_the_waiting_room_names_you_your_partner_and_the_teams(client_for, free_table, bob):
    services.sit(bob, free_table, 2)
    html = client_for(bob, "en").get(f"/tables/{free_table.pk}/").content.decode()
    assert re.search(
        r'data-seat="2">\s*<span class="seat-no">Seat 3 · <span class="seat-team">You', html
    )
    assert re.search(
        r'data-seat="0">\s*<span class="seat-no">Seat 1 · <span class="seat-team">Your partner',
        html,
    )
    assert re.search(
        r'data-seat="1">\s*<span class="seat-no">Seat 2 · <span class="seat-team">Team B', html
    )
    assert "Partners sit across the table" in html
    arabic = client_for(bob, "ar").get(f"/tables/{free_table.pk}/").content.decode()
    assert "شريكك" in arabic and "الفريق ب" in arabic


def test_a_visitor_sees_seat_1_at_the_bottom(free_table):
    html = Client().get(f"/tables/{free_table.pk}/").content.decode()
    assert places(html)[0] == ("bottom", "0") and places(html)[1] == ("right", "1")


def test_the_lobby_card_shows_the_two_teams(client_for, free_table, outsider):
    html = client_for(outsider, "en").get("/").content.decode()
    card = html[html.index(f'id="table-{free_table.pk}"') :]
    assert '<span class="team-0">Team A</span><span class="team-1">Team B</span>' in card
    seats = re.findall(r'<li class="seat team-(\d)', card)[:4]
    assert seats == ["0", "1", "0", "1"]
