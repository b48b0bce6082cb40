"""A duplicate event in the database: pairs stay together; each round is a set of boards that
every table of the round plays in the same seat directions.

Before a round its boards are drawn (``duplicate.boards``: a secret each, its commitment, a
shared client seed ``<event>-<round>-b<n>``) and stored on the round; every table's match is
started with those set deals (``Match.deals``), so the same board is the same deck at every
table, and no secret is revealed at a table's round end. Once every table has finished every
board of the round, the secrets are revealed at every table (``live.reveal``: each table's
Verify then shows the same deck) and, for a public event, the tables' matches become public
so the traveller's replay links open.

A pair absent at a round's start (``services.mark_absent``) is not seated that round: the
present pairs are moved among themselves (with an odd count one sits out, scored on the boards
it played) and the absent pair gets a lone pairing, charged 0 of each board's top. It plays
again from the next round it is here for.

A board's results at the other tables are shown (the traveller, the standings) only once
every table has finished that board: until then nobody can compare. The scoring is the pure
``tournaments.duplicate`` (matchpoints and IMPs)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import live, registry
from games.models import Match
from games.models import Round as GameRound

from . import duplicate, services
from .models import Entrant, Pairing, Result, Round, Tournament

NS, EW = "NS", "EW"


def movement(pairs: Sequence[int], number: int) -> list[tuple[int, int]]:
    """Round ``number``'s tables, (north-south pair, east-west pair): the circle method (the
    first pair stays, the others turn one place a round), so no two pairs meet again before
    every pair has met; the directions alternate by table and round. With an odd count one
    pair sits the round out."""
    field: list[int | None] = list(pairs)
    if len(field) % 2:
        field.append(None)
    if len(field) < 2:
        return []
    rest = field[1:]
    turn = (number - 1) % len(rest)
    circle = [field[0], *rest[turn:], *rest[:turn]]
    half = len(circle) // 2
    tables = []
    for i in range(half):
        a, b = circle[i], circle[-1 - i]
        if a is None or b is None:
            continue
        tables.append((a, b) if (i + number) % 2 else (b, a))
    return tables


def client_seed(tournament_id: int, number: int, board: int) -> str:
    return f"{tournament_id}-{number}-b{board}"


def deals(made: Round) -> list[dict[str, str]]:
    """The round's boards as the live layer's set deals."""
    return [
        {"secret": secret, "client_seed": client_seed(made.tournament_id, made.number, n)}
        for n, secret in enumerate(made.board_secrets, start=1)
    ]


def table_options(tournament: Tournament) -> dict[str, Any]:
    """A duplicate match plays its boards, not to a target: the target is put out of reach,
    and the game's rules that would end a match early are off (``Game.set_deal_options``)."""
    game = registry.get(tournament.game)
    top = next((s.maximum for s in game.specs if s.name == "target"), None)
    return {**({"target": top} if top else {}), **game.set_deal_options}


def pair_next_round(tournament_id: Any) -> Round | None:
    """The round now to be played: the open one, else the next, with its boards drawn and its
    tables (pairings) made, once. ``None`` once every round is done."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        step = services.open_or_next_round(tournament)
        if not isinstance(step, int):
            return step  # the open round, or None once every round is played
        number = step
        boards = duplicate.boards(f"{tournament.pk}-{number}", tournament.boards_per_round)
        try:
            with transaction.atomic():
                made = Round.objects.create(
                    tournament=tournament,
                    number=number,
                    state=Round.State.PLAYING,
                    started_at=timezone.now(),
                    board_secrets=[b.secret for b in boards],
                    board_commitments=[b.commitment for b in boards],
                )
        except IntegrityError:
            return Round.objects.get(tournament=tournament, number=number)
        pairs = list(
            Entrant.objects.filter(tournament=tournament, withdrawn=False)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        absent = services.mark_absent(tournament) & set(pairs)
        present = [pair for pair in pairs if pair not in absent]
        for ns, ew in movement(present, number):
            Pairing.objects.create(
                tournament=tournament,
                round=made,
                key=f"dup:{tournament.pk}:{number}:{ns}",
                side_a_id=ns,
                side_b_id=ew,
            )
        for pair in sorted(absent):  # a lone pairing: the pair is charged its boards' tops
            Pairing.objects.create(
                tournament=tournament,
                round=made,
                key=f"dup:{tournament.pk}:{number}:{pair}:absent",
                side_a_id=pair,
            )
        close_if_done(made)  # no table at all (nobody here): nothing to play
        return made


def collect(made: Round) -> int:
    """Record each board a table has finished (north-south's points and east-west's, from the
    match's record); a board a table never played (its match was abandoned) scores 0 to 0.
    Once each board: the unique (pairing, side, board). Closes the round once every table has
    every board, and then reveals its secrets."""
    recorded = 0
    count = len(made.board_secrets)
    for pairing in made.pairings.filter(match_id__isnull=False, side_b__isnull=False):
        done = set(pairing.results.values_list("board", flat=True))
        if len(done) >= count or pairing.match_id is None or pairing.side_b_id is None:
            continue
        ns_id, ew_id = pairing.side_a_id, pairing.side_b_id
        match = Match.objects.get(pk=pairing.match_id)
        results = match.engine_match().results if match.record is not None else []
        for board in range(1, count + 1):
            if board in done:
                continue
            if board <= len(results):
                points = [int(float(p)) for p in results[board - 1]["team_points"]]
            elif match.status != Match.Status.PLAYING:
                points = [0, 0]
            else:
                break
            with transaction.atomic():
                locked = Pairing.objects.select_for_update().get(pk=pairing.pk)
                if locked.results.filter(board=board).exists():
                    continue
                for side, mine in ((ns_id, points[0]), (ew_id, points[1])):
                    Result.objects.create(pairing=locked, entrant_id=side, board=board, score=mine)
            recorded += 1
    close_if_done(made)
    return recorded


def finished_boards(made: Round) -> set[int]:
    """The boards every table of the round has finished."""
    tables = list(made.pairings.filter(side_b__isnull=False).values_list("pk", flat=True))
    if not tables:
        return set()
    seen: dict[int, set[int]] = {}
    for pairing_id, board in Result.objects.filter(pairing_id__in=tables).values_list(
        "pairing_id", "board"
    ):
        seen.setdefault(board, set()).add(pairing_id)
    return {board for board, at in seen.items() if len(at) == len(tables)}


def close_if_done(made: Round) -> bool:
    """Once every table has every board: the round is done, its secrets are revealed at every
    table, and a public event's tables are opened to everyone (their replays and Verify)."""
    if made.state == Round.State.DONE:
        return True
    tables = made.pairings.filter(side_b__isnull=False).exists()
    if tables and len(finished_boards(made)) < len(made.board_secrets):
        return False
    match_ids = [m for m in made.pairings.values_list("match_id", flat=True) if m]
    if Match.objects.filter(pk__in=match_ids, status=Match.Status.PLAYING).exists():
        return False  # the last board's score is in, the match's closing is a moment behind
    for round_id in GameRound.objects.filter(match_id__in=match_ids).values_list("pk", flat=True):
        live.reveal(round_id)
    if not made.tournament.private:
        for match_id in match_ids:
            live.make_public(match_id)
    Round.objects.filter(pk=made.pk).update(state=Round.State.DONE, finished_at=timezone.now())
    made.state = Round.State.DONE
    return True


def absences(tournament: Tournament) -> list[tuple[int, int]]:
    """(pair, board id) for each board every table finished while the pair was absent."""
    out = []
    for made in tournament.round_set.order_by("number"):
        shown = finished_boards(made)
        for pair in made.pairings.filter(side_b__isnull=True).values_list("side_a_id", flat=True):
            out += [(pair, made.number * 100 + board) for board in sorted(shown)]
    return out


def board_results(tournament: Tournament, complete_only: bool = True) -> list[Any]:
    """Every board result of the event as the pure module reads it (a board's id is
    ``round × 100 + board``); only boards every table finished unless told otherwise."""
    out = []
    for made in tournament.round_set.order_by("number"):
        shown = finished_boards(made) if complete_only else None
        for pairing in made.pairings.filter(side_b__isnull=False).prefetch_related("results"):
            by_board: dict[int, dict[int, int]] = {}
            for r in pairing.results.all():
                by_board.setdefault(r.board, {})[r.entrant_id] = r.score
            for board, scores in sorted(by_board.items()):
                if shown is not None and board not in shown:
                    continue
                ns, ew = scores.get(pairing.side_a_id, 0), scores.get(pairing.side_b_id or 0, 0)
                key = made.number * 100 + board
                assert pairing.side_b_id is not None
                out += [
                    duplicate.BoardResult(key, pairing.side_a_id, NS, ns, ew),
                    duplicate.BoardResult(key, pairing.side_b_id, EW, ew, ns),
                ]
    return out


@dataclass(frozen=True)
class Standing:
    side: int
    place: int
    matchpoints: int
    top: int
    percent: float
    imps: float


def standings(tournament: Tournament) -> list[Standing]:
    """Matchpoint percentage (IMPs beside), best first, an absent pair charged 0 of its boards'
    tops; pairs with no complete board yet after, in registration order."""
    scored = duplicate.score(board_results(tournament), absences(tournament))
    rows = [
        Standing(s.pair, n, s.matchpoints, s.top, s.percent, s.imps)
        for n, s in enumerate(scored, start=1)
    ]
    seen = {s.pair for s in scored}
    for entrant_id in (
        Entrant.objects.filter(tournament=tournament, withdrawn=False)
        .order_by("pk")
        .values_list("pk", flat=True)
    ):
        if entrant_id not in seen:
            rows.append(Standing(entrant_id, len(rows) + 1, 0, 0, 0.0, 0.0))
    return rows


@dataclass(frozen=True)
class TravellerRow:
    pairing: Pairing
    ns: int
    ew: int
    match_id: int | None
    round_id: int | None


def traveller(made: Round, board: int) -> list[TravellerRow] | None:
    """Every table's result on one board of the round, or ``None`` while a table has not
    finished it (nobody sees a board's other results before every table has played it)."""
    if board not in finished_boards(made):
        return None
    rows = []
    for pairing in made.pairings.filter(side_b__isnull=False).select_related("side_a", "side_b"):
        scores = dict(pairing.results.filter(board=board).values_list("entrant_id", "score"))
        round_id = (
            GameRound.objects.filter(match_id=pairing.match_id or 0, number=board)
            .values_list("pk", flat=True)
            .first()
        )
        rows.append(
            TravellerRow(
                pairing,
                scores.get(pairing.side_a_id, 0),
                scores.get(pairing.side_b_id or 0, 0),
                pairing.match_id,
                round_id,
            )
        )
    return rows
