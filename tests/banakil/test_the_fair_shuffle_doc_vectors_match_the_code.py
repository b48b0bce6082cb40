"""docs/fair-shuffle.md is the algorithm's public description, and its test vectors are what
other implementers check against: every ```vector block in it is read here and every value
re-derived with the code (games/fair.py, Banakil's deal). A vector the code does not reproduce,
or a name this test does not know how to check, fails: the page cannot drift from the server.
"""

import hashlib
import hmac
import re
from pathlib import Path

import pytest

from games import fair
from games.banakil import Options, Round
from games.banakil.fair import deal_deck

DOC = Path(__file__).resolve().parents[2] / "docs" / "fair-shuffle.md"
HAND = re.compile(r"hand_(\d)p_dealer(\d)_seat(\d)")
STOCK = re.compile(r"stock_(top|size)_(\d)p_dealer(\d)")


def vectors() -> list[dict[str, str]]:
    blocks = re.findall(r"^```vector\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.M | re.S)
    out = []
    for block in blocks:
        values = {}
        for line in block.splitlines():
            name, sep, value = line.partition("=")
            assert sep, f"not a name = value line: {line!r}"
            values[name.strip()] = value.strip()
        out.append(values)
    return out


def test_the_doc_has_its_vectors():
    assert len(vectors()) >= 3


def _round(values: dict[str, str], players: int, dealer: int) -> Round:
    return Round.deal(
        Options(players=players),
        dealer=dealer,
        secret=values["secret"],
        client_seed=values["client_seed"],
    )


@pytest.mark.parametrize("number", range(len(vectors())))
def test_every_value_of_the_vector_is_what_the_code_derives(number):
    values = vectors()[number]
    secret, seed = values.pop("secret"), values.pop("client_seed")
    checked = set()
    for name, expected in values.items():
        if name == "commitment":
            assert fair.commitment(secret) == expected
        elif name == "deal_block_0":
            message = f"deal|{seed}|0".encode()
            block = hmac.new(bytes.fromhex(secret), message, hashlib.sha256).hexdigest()
            assert block == expected
            assert fair.Stream(secret, "deal", seed).read(32).hex() == expected
        elif name == "deal_first_draws":
            stream = fair.Stream(secret, "deal", seed)
            draws = [stream.below(i + 1) for i in range(105, 105 - len(expected.split()), -1)]
            assert " ".join(map(str, draws)) == expected
        elif name == "deck":
            assert " ".join(deal_deck(secret, seed)) == expected
        elif name.startswith("dealer_of_"):
            players = int(name.removeprefix("dealer_of_"))
            assert fair.first_dealer(secret, seed, players) == int(expected)
        elif match := HAND.fullmatch(name):
            players, dealer, seat = map(int, match.groups())
            hands = _round({"secret": secret, "client_seed": seed}, players, dealer)
            assert " ".join(hands.dealt_hands()[seat]) == expected
        elif match := STOCK.fullmatch(name):
            what, players, dealer = match.group(1), int(match.group(2)), int(match.group(3))
            rnd = _round({"secret": secret, "client_seed": seed}, players, dealer)
            got = rnd.stock[-1] if what == "top" else str(len(rnd.stock))
            assert got == expected
        elif name == "shuffled":
            cards = values["shuffle_input"].split()
            shuffled = fair.shuffle(cards, secret, values["purpose"], seed)
            assert " ".join(shuffled) == expected
            checked |= {"shuffle_input", "purpose"}
        elif name not in ("shuffle_input", "purpose"):
            pytest.fail(f"docs/fair-shuffle.md: no check for {name!r}")
        checked.add(name)
    assert checked == set(values), "every name of the vector is checked"
