"""Ratings as the rest of the site uses them: a player's rating (``rating_of``), many at once
(``shown_for``), a rated match's result written once (``rate``), what a match did
(``changes_of``), a player's history for the chart, the leaderboard, the admin's reset and the
distribution.

Which matches count and how their sides placed is the games app's business
(``games.rated``): it hands ``rate`` a ``Result``. This app knows no match rules.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from accounts.models import player_id
from games import registry

from . import scale
from .models import Rating, RatingChange, RatingReset

#: the rating leaderboard's length
TOP = 50
#: the admin's distribution: figures counted in bands this wide
BAND = 100


@dataclass(frozen=True)
class Shown:
    """A rating as players see it: the figure, whether it is provisional ("?"), its matches."""

    figure: int = scale.START
    provisional: bool = True
    matches: int = 0

    @classmethod
    def of(cls, rating: Rating) -> Shown:
        return cls(rating.figure, rating.provisional, rating.matches)


def rating_of(user: Any, game: str, mode: str) -> Shown:
    """A player's rating in a game and mode (``registry.Mode.key``; the starting one before
    their first rated match, and for a visitor): one indexed read."""
    user_id = player_id(user)
    if user_id is None:
        return Shown()
    return shown_for([user_id], game, mode)[user_id]


def shown_for(user_ids: Iterable[int], game: str, mode: str) -> dict[int, Shown]:
    """Each of these players' rating in a game and mode, in one query."""
    ids = set(user_ids)
    rows = Rating.objects.filter(user_id__in=ids, game=game, mode=mode).values_list(
        "user_id", "figure", "sigma", "matches"
    )
    found = {user: Shown(figure, scale.is_provisional(sigma), n) for user, figure, sigma, n in rows}
    return {user_id: found.get(user_id, Shown()) for user_id in ids}


def average(shown: Iterable[Shown]) -> int | None:
    """The average figure of some ratings (a table's), or None for none."""
    figures = [s.figure for s in shown]
    return round(sum(figures) / len(figures)) if figures else None


def averages(groups: Iterable[tuple[Any, str, str, Sequence[int]]]) -> dict[Any, int | None]:
    """The average rating of each group of players ``(key, game, mode, user ids)`` (a lobby's
    tables), in one query per game and mode."""
    wanted: dict[tuple[str, str], set[int]] = defaultdict(set)
    listed = list(groups)
    for _key, game, mode, users in listed:
        wanted[game, mode].update(users)
    found = {gm: shown_for(users, *gm) for gm, users in wanted.items()}
    return {key: average(found[game, mode][u] for u in users) for key, game, mode, users in listed}


# --- a rated match's result, written once ------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """How a rated match placed its sides: each side's (seat, user) pairs, each side's rank (0
    the best; equal ranks tie), and which sides' ratings move (an abandoned match moves only
    the side that left)."""

    match_id: int
    game: str
    mode: str
    at: datetime
    sides: tuple[tuple[tuple[int, int], ...], ...]
    ranks: tuple[int, ...]
    moved: tuple[bool, ...]


@dataclass(frozen=True)
class Change:
    """What a rated match did to one player's figure."""

    user: int
    seat: int
    before: int
    after: int
    provisional: bool

    @property
    def change(self) -> int:
        return self.after - self.before

    @property
    def change_shown(self) -> str:
        """The change as players read it: +12, −9 (a minus sign), 0."""
        return f"+{self.change}" if self.change > 0 else str(self.change).replace("-", "\u2212")

    def to_json(self) -> dict[str, Any]:
        return {
            "before": self.before,
            "after": self.after,
            "change": self.change,
            "provisional": self.provisional,
        }

    @classmethod
    def of(cls, row: RatingChange) -> Change:
        return cls(
            row.user_id,
            row.seat,
            row.figure_before,
            row.figure_after,
            scale.is_provisional(row.sigma_after),
        )


def rate(result: Result) -> dict[int, Change]:
    """Write a rated match's rating changes, once: the model's update of every side, applied to
    the sides that move, and a ``RatingChange`` per player moved. A match already rated (a
    replayed archive step) changes nothing and returns what it did then. Call it inside the
    archive's transaction; it locks the players' ratings in user order."""
    with transaction.atomic():
        done = changes_of(result.match_id)
        if done:
            return done
        users = sorted(user for side in result.sides for _seat, user in side)
        Rating.objects.bulk_create(
            [Rating(user_id=u, game=result.game, mode=result.mode) for u in users],
            ignore_conflicts=True,
        )
        rows = {
            r.user_id: r
            for r in Rating.objects.select_for_update()
            .filter(user_id__in=users, game=result.game, mode=result.mode)
            .order_by("user_id")
        }
        skills = [[rows[user].skill for _seat, user in side] for side in result.sides]
        after = scale.rate(skills, result.ranks)
        changes = []
        for side, new, moved in zip(result.sides, after, result.moved, strict=True):
            if not moved:
                continue
            for (seat, user), skill in zip(side, new, strict=True):
                row = rows[user]
                changes.append(
                    RatingChange(
                        match_id=result.match_id,
                        user_id=user,
                        game=result.game,
                        mode=result.mode,
                        seat=seat,
                        mu_before=row.mu,
                        sigma_before=row.sigma,
                        mu_after=skill.mu,
                        sigma_after=skill.sigma,
                        figure_before=row.figure,
                        figure_after=skill.figure,
                        at=result.at,
                    )
                )
                row.set_skill(skill)
                row.matches += 1
                row.save(update_fields=["mu", "sigma", "figure", "matches", "updated_at"])
        RatingChange.objects.bulk_create(changes)
    return {row.user_id: Change.of(row) for row in changes}


def changes_of(match_id: int) -> dict[int, Change]:
    """What a rated match did to each of its players' ratings, by user (empty: not rated, or
    not archived yet)."""
    return {row.user_id: Change.of(row) for row in RatingChange.objects.filter(match_id=match_id)}


# --- a player's ratings and their history ------------------------------------------------------


def mode_title(game: str, mode: str) -> str:
    """'Banakil · Partners' in the reader's language."""
    entry = registry.GAMES.get(game)
    if entry is None:
        return f"{game} · {mode}"
    label = next((m.label for m in entry.modes if m.key == mode), mode)
    return f"{gettext(entry.title)} · {gettext(label)}"


@dataclass(frozen=True)
class Line:
    """A player's rating in one game and mode, and its history: ``points`` are (time, figure)
    after each rated match and each reset, oldest first."""

    game: str
    mode: str
    shown: Shown
    points: tuple[tuple[datetime, int], ...]

    @property
    def title(self) -> str:
        return mode_title(self.game, self.mode)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "mode": self.mode,
            "title": self.title,
            "figure": self.shown.figure,
            "provisional": self.shown.provisional,
            "matches": self.shown.matches,
            "history": [[at.isoformat(), value] for at, value in self.points],
        }


def ratings_of(user: Any) -> list[Line]:
    """Every game and mode the player has a rating in, in the registry's order, each with its
    history (three queries)."""
    user_id = player_id(user)
    if user_id is None:
        return []
    points: dict[tuple[str, str], list[tuple[datetime, int]]] = defaultdict(list)
    for game, mode, at, value in RatingChange.objects.filter(user_id=user_id).values_list(
        "game", "mode", "at", "figure_after"
    ):
        points[game, mode].append((at, value))
    for game, mode, at in RatingReset.objects.filter(user_id=user_id).values_list(
        "game", "mode", "reset_at"
    ):
        points[game, mode].append((at, scale.START))
    order = {
        (game.id, mode.key): n
        for n, (game, mode) in enumerate((g, m) for g in registry.GAMES.values() for m in g.modes)
    }
    rows = sorted(
        Rating.objects.filter(user_id=user_id),
        key=lambda r: (order.get((r.game, r.mode), len(order)), r.game, r.mode),
    )
    return [Line(r.game, r.mode, Shown.of(r), tuple(sorted(points[r.game, r.mode]))) for r in rows]


# --- the leaderboard and the admin's tools -----------------------------------------------------


def leaderboard(game: str, mode: str, top: int = TOP) -> list[dict[str, Any]]:
    """The ``top`` ratings of a game and mode among players with a rated match, highest first
    (ties: more matches, then the username): one indexed query."""
    rows = (
        Rating.objects.filter(game=game, mode=mode, matches__gt=0, user__is_active=True)
        .order_by("-figure", "-matches", "user__username")
        .values("user__username", "user__display_name", "figure", "sigma", "matches")[:top]
    )
    return [
        {
            "rank": rank,
            "username": row["user__username"],
            "name": row["user__display_name"] or row["user__username"],
            "figure": row["figure"],
            "provisional": scale.is_provisional(row["sigma"]),
            "matches": row["matches"],
        }
        for rank, row in enumerate(rows, start=1)
    ]


def reset(user: Any, game: str, mode: str, by: Any) -> RatingReset | None:
    """Put a player's rating in a game and mode back to the start, recording who did it, when
    and what it was (None: the player had no rating there, nothing to reset)."""
    user_id = player_id(user)
    if user_id is None:
        return None
    with transaction.atomic():
        row = (
            Rating.objects.select_for_update().filter(user_id=user_id, game=game, mode=mode).first()
        )
        if row is None:
            return None
        audit = RatingReset.objects.create(
            user_id=row.user_id,
            game=game,
            mode=mode,
            reset_by_id=player_id(by),
            mu_before=row.mu,
            sigma_before=row.sigma,
            figure_before=row.figure,
            matches_before=row.matches,
        )
        row.set_skill(scale.Skill())
        row.matches = 0
        row.save()
    return audit


@dataclass(frozen=True)
class Band:
    low: int
    count: int
    share: float  # of the game and mode's rated players, 0..1

    @property
    def high(self) -> int:
        return self.low + BAND - 1

    @property
    def percent(self) -> int:
        return round(100 * self.share)


def distribution(game: str, mode: str) -> list[Band]:
    """How a game and mode's ratings spread: the players with a rated match counted in bands of
    ``BAND`` points, lowest first, every band between the lowest and the highest listed."""
    figures = Rating.objects.filter(game=game, mode=mode, matches__gt=0).values_list(
        "figure", flat=True
    )
    counts = Counter((figure // BAND) * BAND for figure in figures)
    if not counts:
        return []
    total = sum(counts.values())
    return [
        Band(low, counts[low], counts[low] / total)
        for low in range(min(counts), max(counts) + BAND, BAND)
    ]
