"""docs/protocol.md names every code a client can receive on either socket: every refusal of
every registered game's engine (found from the registry: the package of each game's
``illegal_action``, and every ``GameError`` subclass), the table's refusal messages, every
refusal the live code raises, the lobby's and the ledger's refusals (a rematch asked on the
table socket sits the player through the lobby), the lobby socket's, and every close code the
consumers and the web server send. A new code without its line in the doc fails here."""

import re
import sys
from pathlib import Path

from accounts.coins import NotEnoughCoins
from games import registry
from games.errors import GameError
from games.refusals import MESSAGES
from lobby.refusals import MESSAGES as LOBBY_MESSAGES

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text()

TABLE_RAISE = re.compile(r'GameRefusal\(\s*"([a-z_]+)"')
LOBBY_SEND = re.compile(r'"code":\s*"([a-z_]+)"')


def source(*globs: str) -> str:
    return "\n".join(p.read_text() for g in globs for p in sorted(ROOT.glob(g)))


def error_classes() -> set[str]:
    """The names of every engine refusal class: ``GameError`` and all its subclasses."""
    found, todo = set(), [GameError]
    while todo:
        kind = todo.pop()
        found.add(kind.__name__)
        todo.extend(kind.__subclasses__())
    return found


def refusals_raised(text: str) -> set[str]:
    """Every code given to an engine refusal in ``text``: ``IllegalAction("code", …)``, and
    through a helper that returns one (``def _refuse(code, message) -> IllegalAction``), and the
    kit's ``self.refusal("code", …)`` (each engine's own refusal class)."""
    kinds = "|".join(sorted(error_classes()))
    helpers = re.findall(rf"def (\w+)\([^)]*\)\s*->\s*(?:{kinds})\s*:", text)
    makers = "|".join(sorted({*error_classes(), *helpers, "refusal"}))
    return set(re.findall(rf'\b(?:{makers})\(\s*"([a-z_]+)"', text))


def engine_package(game: registry.Game) -> Path:
    """The folder of a registered game's engine (where its ``illegal_action`` is defined)."""
    return Path(sys.modules[game.illegal_action.__module__].__file__).parent


def engine_codes() -> dict[str, set[str]]:
    """Each registered game's refusal codes, from its engine's source, the engine kit's and the
    fair shuffle's (every engine is built on games/kit and deals from games/fair.py)."""
    shared = source("games/fair.py", "games/kit/*.py")
    return {
        f"engine {game.id}": refusals_raised(
            "\n".join(p.read_text() for p in sorted(engine_package(game).glob("*.py"))) + shared
        )
        for game in registry.GAMES.values()
    }


def codes() -> dict[str, set[str]]:
    closing = [
        line
        for line in source("games/consumers.py", "lobby/consumers.py", "sahrat/*.py").splitlines()
        if "close(" in line or "_shut(" in line
    ]
    close_codes = set(re.findall(r"\b(\d{4})\b", "\n".join(closing)))
    close_codes |= set(re.findall(r"GOING_AWAY = (\d{4})", source("sahrat/web_server.py")))
    # an ASGI close sent as a message (the admission gate's, before any consumer)
    close_codes |= set(re.findall(r'"websocket.close", "code": (\d{4})', source("sahrat/*.py")))
    return {
        **engine_codes(),
        "table messages": set(MESSAGES),
        "table raises": set(TABLE_RAISE.findall(source("games/*.py", "games/live/*.py"))),
        "lobby and ledger refusals": set(LOBBY_MESSAGES) | set(NotEnoughCoins.MESSAGES),
        "lobby socket": set(LOBBY_SEND.findall(source("lobby/consumers.py"))),
        "close codes": close_codes | {"1009"},  # 1009: the transport's, past 64 KiB
    }


def test_the_collection_finds_what_it_should():
    found = codes()
    assert {f"engine {game}" for game in registry.GAMES} <= set(found)
    assert {"draw_first", "two_jokers", "bad_dealer", "bad_seed"} <= found["engine banakil"]
    assert {"must_follow", "bid_step", "wrong_phase", "wrong_count", "bad_suit"} <= found[
        "engine pinochle"
    ]
    assert {"stale_turn", "bad_message", "server_error"} <= found["table raises"]
    assert {"seat_taken", "not_enough_coins", "table_full"} <= found["lobby and ledger refusals"]
    assert found["lobby socket"] == {"read_only"}
    assert {"4401", "4403", "4404", "4429", "4503", "1001"} <= found["close codes"]


def test_every_code_is_documented():
    missing = {
        source: sorted(code for code in found if f"`{code}`" not in DOC)
        for source, found in codes().items()
    }
    assert missing == {source: [] for source in missing}
