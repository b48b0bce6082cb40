"""A bot's turn reads like a person's quick turn: a short think before its first action
(``SAHRAT_BOT_SECONDS``), then each following action of the same turn after a short step
(``SAHRAT_BOT_STEP_SECONDS``), not a whole think before every action."""

import pytest
from django.test.utils import override_settings

from games import live
from games.live import schedule

from .conftest import deal_now, latest_round, start_table

pytestmark = pytest.mark.django_db

THINK, STEP = 0.8, 0.4
#: a Pinochle deal with five 9s in one hand would end at once with no turn played (the redeal)
NO_REDEAL = {"banakil": {}, "pinochle": {"nines_redeal": "off"}}


@pytest.fixture
def bot_tasks(monkeypatch):
    """The bot tasks handed to Celery: (turn, countdown)."""
    sent: list[tuple[int, float]] = []

    def record(name, args, **options):
        if name == schedule.BOT_TURN:
            sent.append((args[1], options["countdown"]))

    monkeypatch.setattr(schedule, "send", record)
    return sent


def test_the_pause_is_the_think_for_a_turns_first_action_and_the_step_after():
    with override_settings(SAHRAT_BOT_SECONDS=THINK, SAHRAT_BOT_STEP_SECONDS=STEP):
        assert schedule.bot_pause(first=True) == THINK
        assert schedule.bot_pause(first=False) == STEP


@pytest.mark.parametrize("game", ["banakil", "pinochle"])
def test_bots_at_a_table_think_once_a_turn_and_step_through_the_rest(
    alice, bot_tasks, django_capture_on_commit_callbacks, game
):
    table = start_table([alice], NO_REDEAL[game], bots_fill=True, game=game)
    live.went_away(table.pk, alice.pk)  # a bot stands in: bots at every seat
    with override_settings(SAHRAT_BOT_SECONDS=THINK, SAHRAT_BOT_STEP_SECONDS=STEP):
        with django_capture_on_commit_callbacks(execute=True):
            deal_now(table)
        for _ in range(60):  # the bots' actions, each as its task would play it
            rnd = latest_round(table)
            with django_capture_on_commit_callbacks(execute=True):
                live.bot_moves(rnd.pk, rnd.turn_no, rnd.event_no)
    assert bot_tasks, "a bot was on turn"
    seen: set[int] = set()
    for turn_no, countdown in bot_tasks:
        assert countdown == (STEP if turn_no in seen else THINK), (turn_no, bot_tasks)
        seen.add(turn_no)
    if game == "banakil":  # a Banakil turn is a draw, maybe melds, and a throw
        assert any(countdown == STEP for _turn, countdown in bot_tasks)
