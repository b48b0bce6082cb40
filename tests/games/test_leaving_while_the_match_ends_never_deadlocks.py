"""One lock order for the whole site (user → table → match → round → wallets): a player leaving
a playing table while the match-ending move is made, each on its own PostgreSQL connection,
again and again. Neither waits for the other in a circle; both finish, the match ends once and
the table closes."""

import threading

import pytest
from django.db import connection

from accounts.models import User
from games import live
from games.banakil import bots
from games.models import Match, Round
from games.refusals import GameRefusal
from lobby.models import Table
from lobby.refusals import LobbyRefusal

from .conftest import deal_now, start_table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL's row locks (SQLite runs one writer at a time); CI runs it",
    ),
]

RACES = 25


def at_the_match_ending_move(table: Table) -> tuple[User, dict, int]:
    """Bring the table's match to the move before its end: the score stands level at 500 past
    the target (four rounds on the record, so the dealer is unchanged: the next round that
    parts the teams ends the match) and the round is played on, off the table, up to the move
    that ends it. Returns the player on turn, that move and the turn."""
    rnd = deal_now(table)
    match = Match.objects.get(table=table)
    match.record = {**match.record, "rounds": [["250", "0"], ["0", "250"]] * 2}
    match.totals = ["500", "500"]
    match.save(update_fields=["record", "totals"])
    engine = rnd.engine()
    while True:
        action = bots.next_action(engine.view(engine.turn))
        probe = engine.copy()
        probe.apply(engine.turn, action)
        if probe.over:
            break
        engine.apply(engine.turn, action)
    Round.objects.filter(pk=rnd.pk).update(
        state=engine.to_dict(),
        action_count=len(engine.actions),
        turn_no=engine.turn_no,
        turn_seat=engine.turn,
    )
    return User.objects.get(pk=match.seat_states[engine.turn].user), action, engine.turn_no


def both_at_once(*jobs):
    barrier = threading.Barrier(len(jobs))
    errors: list[BaseException] = []

    def run(job):
        try:
            barrier.wait()
            job()
        except (GameRefusal, LobbyRefusal):
            pass  # a refusal is a clean answer (the move lost the race to its own match's end)
        except BaseException as error:  # noqa: BLE001 - collected for the assertion
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not any(thread.is_alive() for thread in threads), "a thread is still waiting"
    return errors


def test_players_leaving_as_their_matches_end_neither_deadlock_nor_fail(make_user):
    for race in range(RACES):
        players = [make_user(f"p{race}x{n}") for n in range(4)]
        table = start_table(players, {"target": 10})
        mover, action, turn_no = at_the_match_ending_move(table)
        leaver = next(p for p in players if p != mover)

        errors = both_at_once(
            lambda: live.play(table.pk, mover, action, turn_no),  # noqa: B023 - run at once
            lambda: live.leave(leaver, table.pk),  # noqa: B023
        )

        assert errors == [], f"race {race}"
        match = Match.objects.get(table=table)
        assert match.status == Match.Status.FINISHED and match.winner is not None
        table.refresh_from_db()
        assert table.status == Table.Status.FINISHED
        assert not table.seats.exists()
