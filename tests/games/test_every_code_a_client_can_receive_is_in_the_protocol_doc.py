"""docs/protocol.md names every code a client can receive on either socket: the engine's
(collected from games/banakil's source), the table's refusal messages, every refusal the
live code raises, the lobby socket's, and every close code the consumers and the web server
send. A new code without its line in the doc fails here."""

import re
from pathlib import Path

from games.refusals import MESSAGES

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text()

ENGINE_RAISE = re.compile(
    r"\b(?:_refuse|IllegalAction|InvalidMeld|InvalidCard|InvalidOptions|BanakilError)"
    r'\(\s*"([a-z_]+)"'
)
TABLE_RAISE = re.compile(r'GameRefusal\(\s*"([a-z_]+)"')
LOBBY_SEND = re.compile(r'"code":\s*"([a-z_]+)"')


def source(*globs: str) -> str:
    return "\n".join(p.read_text() for g in globs for p in sorted(ROOT.glob(g)))


def codes() -> dict[str, set[str]]:
    closing = [
        line
        for line in source("games/consumers.py", "lobby/consumers.py", "sahrat/*.py").splitlines()
        if "close(" in line or "_shut(" in line
    ]
    close_codes = set(re.findall(r"\b(\d{4})\b", "\n".join(closing)))
    close_codes |= set(re.findall(r"GOING_AWAY = (\d{4})", source("sahrat/web_server.py")))
    return {
        "engine": set(ENGINE_RAISE.findall(source("games/banakil/*.py"))),
        "table messages": set(MESSAGES),
        "table raises": set(TABLE_RAISE.findall(source("games/*.py", "games/live/*.py"))),
        "lobby socket": set(LOBBY_SEND.findall(source("lobby/consumers.py"))),
        "close codes": close_codes | {"1009"},  # 1009: the transport's, past 64 KiB
    }


def test_the_collection_finds_what_it_should():
    found = codes()
    assert {"draw_first", "two_jokers", "bad_dealer"} <= found["engine"]
    assert {"stale_turn", "bad_message", "server_error"} <= found["table raises"]
    assert found["lobby socket"] == {"read_only"}
    assert {"4401", "4403", "4404", "4429", "1001"} <= found["close codes"]


def test_every_code_is_documented():
    missing = {
        source: sorted(code for code in found if f"`{code}`" not in DOC)
        for source, found in codes().items()
    }
    assert missing == {source: [] for source in missing}
