"""A round's action log cut into turns: who played each turn and who acted in it (the player,
a bot standing in, the clock). History counts time-out and bot turns with it; settlement counts
the turns players played themselves."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Protocol


class Logged(Protocol):
    seat: int
    actor: str
    payload: Any


def turns(
    actions: Iterable[Logged], ends_turn: Callable[[Mapping[str, Any]], bool]
) -> Iterator[tuple[int, set[str]]]:
    """(seat, the actors of its actions) for each turn, in order. A turn ends with an action
    ``ends_turn`` says ends it, when another seat acts, or with the log."""
    seat: int | None = None
    actors: set[str] = set()
    for action in actions:
        if seat is not None and action.seat != seat:
            yield seat, actors
            actors = set()
        seat = action.seat
        actors.add(action.actor)
        if ends_turn(action.payload):
            yield seat, actors
            seat, actors = None, set()
    if seat is not None:
        yield seat, actors
