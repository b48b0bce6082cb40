"""The live layer: every change to a playing table goes through these functions.

Each one locks (``locks``: user → table → match → round → wallet accounts), acts through the
game's engine (``games.registry``), appends to the action log, and publishes every seat's new
state after commit (``broadcast``), handing the clock and the bots their next work to Celery
(``schedule``). Views, consumers and Celery tasks stay thin and call these.

- ``rounds``: a match's life (start, secret, seeds, deal, round end, match end, closing)
- ``moves``: a player's move, the clock's time-out move, a bot's move
- ``seating``: starting a table, leaving, going away, coming back
- ``state``: each seat's ``state`` message
"""

from .broadcast import (
    announce,
    deferred_broadcasts,
    encode,
    send_all,
    send_phrase,
    table_group,
)
from .moves import bot_moves, play, turn_timed_out
from .rounds import (
    close_table,
    deal_due,
    make_public,
    next_round,
    reveal,
    start_match,
    submit_seed,
)
from .schedule import sweep
from .seating import came_back, leave, rematch, stand_in_for_the_departed, start, went_away
from .state import hints_for, message, seat_at, seat_of, snapshot

__all__ = [
    "announce",
    "bot_moves",
    "came_back",
    "close_table",
    "deal_due",
    "deferred_broadcasts",
    "encode",
    "hints_for",
    "leave",
    "make_public",
    "message",
    "next_round",
    "play",
    "rematch",
    "reveal",
    "seat_at",
    "seat_of",
    "send_all",
    "send_phrase",
    "snapshot",
    "stand_in_for_the_departed",
    "table_group",
    "start",
    "start_match",
    "submit_seed",
    "sweep",
    "turn_timed_out",
    "went_away",
]
