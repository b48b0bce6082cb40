"""docs/protocol.md names every code an engine raises; the codes of the kit's frame (the deal,
the match's guards, the options' checks) are raised in games/kit, for every game, and are
named there too."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text()
KIT_RAISE = re.compile(r'\.(?:refusal|invalid)\(\s*"([a-z_]+)"')
DEAL_REFUSAL = re.compile(r'deal_refusal: ClassVar\[str\] = "([a-z_]+)"')


def kit_codes() -> set[str]:
    kit = "\n".join(p.read_text() for p in sorted((ROOT / "games" / "kit").glob("*.py")))
    engines = "\n".join(p.read_text() for p in sorted((ROOT / "games").glob("*/round.py")))
    return set(KIT_RAISE.findall(kit)) | set(DEAL_REFUSAL.findall(kit + engines))


def test_the_collection_finds_the_frames_codes():
    assert {"bad_dealer", "bad_deck", "bad_deal", "match_over", "bad_option"} <= kit_codes()


def test_every_code_of_the_kit_is_documented():
    assert sorted(code for code in kit_codes() if f"`{code}`" not in DOC) == []
