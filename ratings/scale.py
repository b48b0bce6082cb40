"""The rating model and the figure players see (pure Python: openskill, no Django).

Each player has one rating per game and mode: a skill ``mu`` and the model's uncertainty about
it, ``sigma``, updated after every rated match by openskill's Weng-Lin Bayesian model (the
Plackett-Luce variant, made for teams and for more than two sides), with its defaults: a new
player is ``mu`` 25, ``sigma`` 25/3; ``beta`` 25/6 is how far a match's play strays from skill.

The figure shown is conservative: ``START + POINTS_PER_MU * (mu - 3 * sigma)``, a skill the
player very probably has at least. A new player shows 1500; the figure climbs as the model
grows surer (``sigma`` falls) and as ``mu`` rises. 24 points a ``mu`` puts 100 points between
two settled one-against-one players of whom the stronger wins about three matches in four
(openskill's ``predict_win``: 74%; 200 points, 90%). A rating is provisional ("?") while
``sigma`` is at least ``PROVISIONAL_SIGMA``: about 9 one-against-one matches, 11 three-handed,
16 with partners (a team's result teaches the model less about each partner).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

MODEL: Final = PlackettLuce()
START_MU: Final[float] = MODEL.mu
START_SIGMA: Final[float] = MODEL.sigma
#: the figure of a new player
START: Final = 1500
#: figure points for one point of conservative skill (``mu - Z * sigma``)
POINTS_PER_MU: Final = 24
#: how many ``sigma`` below ``mu`` the conservative skill is
Z: Final = 3
#: a rating is provisional until its ``sigma`` falls below this (it starts at 25/3)
PROVISIONAL_SIGMA: Final = 6.5


def figure(mu: float, sigma: float) -> int:
    """The shown figure of a skill: conservative, on a scale where a new player has 1500."""
    return round(START + POINTS_PER_MU * (mu - Z * sigma))


def is_provisional(sigma: float) -> bool:
    return sigma >= PROVISIONAL_SIGMA


@dataclass(frozen=True, slots=True)
class Skill:
    """One player's rating in one game and mode."""

    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def figure(self) -> int:
        return figure(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return is_provisional(self.sigma)


def rate(sides: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Every side's skills after a match where side ``i`` placed ``ranks[i]`` (0 the best; equal
    ranks tie): the model's update, in the order given."""
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [[Skill(r.mu, r.sigma) for r in side] for side in rated]
