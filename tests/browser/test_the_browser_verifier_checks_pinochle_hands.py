"""The Verify page's JavaScript checks Pinochle hands too, apart from any server: it reproduces
the Pinochle vector of docs/rules/pinochle.md and agrees with the Python engine on 50 random
hands of every variant (the deck, packet-dealt hands, the widow, the first dealer); a changed
card fails."""

from __future__ import annotations

import json

import pytest

from tests.verify.pinochle_hands import random_hands

from .test_the_browser_verifier_reproduces_the_spec_and_the_engine import (  # noqa: F401
    PLAIN,
    SECURE,
    V1,
    harness,
)

VECTOR_DECK = (
    "TD AH AC JH KC KD QS 9C JH TD AC KH 9C KS JS JD 9D QD AS KS TH JC JD KD AH TC QS AD "
    "9D 9H AS KC QD QC JS 9S JC QH AD 9H TS TS TC 9S KH TH QC QH"
)
VECTOR_HAND = "TD AH AC 9C KS JS AH TC QS JC QH AD"

CHECK_ALL = """async (records) => {
  const fair = await import("/static/verify/fair.js");
  const out = [];
  for (const record of records) {
    const result = await fair.verifyRound(record);
    out.push({ok: result.ok, failed: result.items.filter((i) => !i.ok).map((i) => i.id),
              items: result.items.map((i) => i.id)});
  }
  return out;
}"""


def test_the_browser_reproduces_the_pinochle_vector(harness):  # noqa: F811
    out = harness(SECURE).evaluate(
        """async (secret) => {
          const fair = await import("/static/verify/fair.js");
          const pinochle = await import("/static/verify/pinochle.js");
          const deck = await fair.shuffle(pinochle.canonicalDeck("single"), secret, "deal", "");
          return {deck: deck.join(" "), hand: pinochle.handsFrom(deck, 3, "single")[0].join(" "),
                  dealers: [await fair.firstDealer(secret, "", 4),
                            await fair.firstDealer(secret, "", 3)]};
        }""",
        V1,
    )
    assert out == {"deck": VECTOR_DECK, "hand": VECTOR_HAND, "dealers": [3, 2]}


@pytest.mark.parametrize("origin", [SECURE, PLAIN])
def test_the_browser_agrees_with_the_engine_on_fifty_random_hands(harness, origin):  # noqa: F811
    records = random_hands(1201, 50)
    results = harness(origin).evaluate(CHECK_ALL, json.loads(json.dumps(records)))
    for record, result in zip(records, results, strict=True):
        assert result == {**result, "ok": True, "failed": []}, record["secret"]
        seats = record["players"]
        expected = ["commitment", "deck"] + [f"hand-{s}" for s in range(seats)]
        if record["options"]["variant"] == "three":
            expected.append("widow")
        if record["first_dealer"] is not None:
            expected.append("first-dealer")
        assert result["items"] == expected


def test_the_browser_fails_a_changed_card(harness):  # noqa: F811
    record = random_hands(1201, 3)[2]  # three-handed
    changed = json.loads(json.dumps(record))
    widow = changed["recorded"]["widow"]
    widow[0], changed["recorded"]["hands"][0][0] = changed["recorded"]["hands"][0][0], widow[0]
    results = harness(SECURE).evaluate(CHECK_ALL, [record, changed])
    assert results[0]["ok"] is True
    assert results[1]["ok"] is False and set(results[1]["failed"]) == {"hand-0", "widow"}
