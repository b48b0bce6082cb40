import pytest

from games import registry
from quickplay import services


@pytest.mark.parametrize(
    ("game", "mode"),
    [(g.id, m.key) for g in registry.GAMES.values() for m in services.modes(g)],
)
def test_every_mode_gives_a_rated_public_table_with_a_clock_and_no_bots(game, mode):
    options = services.table_options(game, mode, 0)
    assert options.rated and not options.bots and not options.private
    assert options.turn_seconds is not None
    assert registry.get(game).mode_of(options) == mode
