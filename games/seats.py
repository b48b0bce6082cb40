"""Who holds each seat of a match: a frozen value per seat and the only ways it changes.

A seat is played by its player, or by a bot: from the start (no player), for a player who left
(free tables), or for one away past the grace period. ``Match.seats`` stores these values as JSON;
every change goes through a transition below, never a dict rewrite.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: a player whose turns time out this many times in a row is marked away
AWAY_AFTER_TIMEOUTS = 3


@dataclass(frozen=True, slots=True)
class SeatState:
    user: int | None  # the seated player; None: a bot's seat from the start
    name: str  # the player's shown name when the match started ("" for a bot)
    bot: bool = False  # a bot plays the seat now
    away: bool = False  # the player is disconnected or timing out
    left: bool = False  # the player stood up for good
    returning: bool = False  # back, and takes the seat over from the bot at the next turn
    timeouts: int = 0  # the player's time-outs in a row
    #: 0 while the player has not stood up; else the order they stood up in (1: the first of
    #: the match), which decides who abandoned a rated match (``games.rated``)
    left_order: int = 0
    #: the player's rating in the game and mode when the match started, and whether it was
    #: provisional (``ratings``; None for a bot): shown beside the name all match long
    rating: int | None = None
    provisional: bool = False

    @classmethod
    def player(
        cls, user_id: int, name: str, rating: int | None = None, provisional: bool = False
    ) -> SeatState:
        return cls(user=user_id, name=name, rating=rating, provisional=provisional)

    @classmethod
    def robot(cls) -> SeatState:
        """A bot's seat from the start: no player (each client names it in its language)."""
        return cls(user=None, name="", bot=True)

    @property
    def human(self) -> bool:
        """A player sat here when the match started (whether or not a bot plays it now)."""
        return self.user is not None

    @property
    def gone(self) -> bool:
        """No player will play this seat again: a bot's from the start, or its player left."""
        return self.user is None or self.left

    @property
    def absent(self) -> bool:
        """No player is at the seat now: a bot's from the start, or its player away or gone."""
        return self.user is None or self.away

    def held_by(self, user_id: int | None) -> bool:
        """Whether ``user_id`` plays this seat (a player who left it is a spectator now)."""
        return user_id is not None and self.user == user_id and not self.left

    # --- transitions ---------------------------------------------------------------------------

    def leave(self, bot_stands_in: bool, order: int) -> SeatState:
        """The player stands up for good, the ``order``-th of the match to do so."""
        return dataclasses.replace(
            self,
            away=True,
            left=True,
            returning=False,
            bot=self.bot or bot_stands_in,
            left_order=self.left_order or order,
        )

    def go_away(self) -> SeatState:
        """Disconnected past the grace period: a bot stands in (the caller checks it may)."""
        return dataclasses.replace(self, bot=True, away=True, returning=False)

    def come_back(self, now: bool) -> SeatState:
        """Back while a bot plays the seat: at once (``now``), or at the next turn."""
        if now:
            return dataclasses.replace(self, bot=False, away=False, returning=False, timeouts=0)
        return dataclasses.replace(self, returning=True)

    def take_over(self) -> SeatState:
        """A returning player takes the seat back from the bot at a new turn."""
        if not (self.returning and self.bot):
            return self
        return dataclasses.replace(self, bot=False, returning=False, away=False, timeouts=0)

    def timed_out(self, bot_stands_in: bool) -> SeatState:
        """The clock played the player's turn; too many in a row and they are away (and a bot
        stands in where one may)."""
        timeouts = self.timeouts + 1
        if timeouts < AWAY_AFTER_TIMEOUTS:
            return dataclasses.replace(self, timeouts=timeouts)
        return dataclasses.replace(
            self, timeouts=timeouts, away=True, bot=self.bot or bot_stands_in
        )

    def played(self) -> SeatState:
        """The player moved: no longer away, the time-out count starts again."""
        if not (self.timeouts or self.away):
            return self
        return dataclasses.replace(self, timeouts=0, away=False)

    # --- storage -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatState:
        return cls(
            user=data.get("user"),
            name=data.get("name") or "",
            bot=bool(data.get("bot")),
            away=bool(data.get("away")),
            left=bool(data.get("left")),
            returning=bool(data.get("returning")),
            timeouts=int(data.get("timeouts") or 0),
            left_order=int(data.get("left_order") or 0),
            rating=data.get("rating"),
            provisional=bool(data.get("provisional")),
        )
