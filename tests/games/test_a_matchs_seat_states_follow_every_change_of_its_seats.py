"""``Match.seat_states`` is read several times a move and parsed again only when ``seats``
changed: a change in place, a new list, ``set_seats``, and a caller changing the list it got
are all seen by the next read."""

import dataclasses

from games.models import Match
from games.seats import SeatState


def _seats(n: int) -> list[dict]:
    return [SeatState(user=k + 1, name=f"p{k}").to_dict() for k in range(n)]


def test_every_change_of_the_seats_is_read_back():
    match = Match(seats=_seats(8))
    assert [s.user for s in match.seat_states] == list(range(1, 9))
    match.seats[3]["bot"] = True  # in place
    assert match.seat_states[3].bot
    match.seats = _seats(8)  # a new list
    assert not match.seat_states[3].bot
    states = match.seat_states
    states[5] = dataclasses.replace(states[5], away=True)  # the caller's own list
    assert not match.seat_states[5].away
    match.set_seats(states)
    assert match.seat_states[5].away and match.seats[5]["away"]
