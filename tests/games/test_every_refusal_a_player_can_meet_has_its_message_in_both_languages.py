"""Every refusal a player can meet at a table, every registered game's engine included, has its
own message in Arabic and English: never the generic "That is not allowed." (The codes only
the server's own calls can meet, and the lobby's, are those docs/protocol.md names so.)"""

import re

import pytest
from django.utils import translation

from games.refusals import MESSAGES, GameRefusal

from .test_every_code_a_client_can_receive_is_in_the_protocol_doc import DOC, codes

#: the doc's paragraph of codes that exist but never reach a client of the table socket
NEVER_SENT = DOC[DOC.index("Codes that exist but never reach a client") :].split("\n\n")[0]
INTERNAL = set(re.findall(r"`([a-z_]+)`", NEVER_SENT))


def test_the_internal_codes_are_read_from_the_doc():
    assert {"bad_deal", "bad_round", "match_over", "bad_option", "table_full"} <= INTERNAL


def table_codes() -> set[str]:
    found = codes()
    engines = set().union(*(v for k, v in found.items() if k.startswith("engine ")))
    return (engines | found["table raises"]) - INTERNAL


def test_every_code_a_player_can_meet_at_a_table_has_its_own_message():
    missing = sorted(table_codes() - set(MESSAGES))
    assert not missing, f"no message for {missing} in games/refusals.MESSAGES"


@pytest.mark.parametrize("code", ["must_follow", "bid_step", "no_marriage", "wrong_phase"])
def test_a_pinochle_refusal_reads_in_arabic_and_in_english(code):
    with translation.override("en"):
        english = str(GameRefusal(code).message)
    with translation.override("ar"):
        arabic = str(GameRefusal(code).message)
    assert english != str(GameRefusal("no_such_code").message)
    assert re.search(r"[\u0600-\u06ff]", arabic) and not re.search(r"[A-Za-z]", arabic)
