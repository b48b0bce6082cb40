"""The Verify page's JavaScript re-derives every version-2 Pinochle deal apart from any server:
the spec's vectors (two-handed with its turn-up, cutthroat, the kitty, six- and eight-handed)
reproduce bit for bit, it agrees with the engine on hands of every new deal (the hands, the
turn-up and the stock, the kitty, the first dealer), and a changed hand, stock, turn-up or kitty
card fails."""

from __future__ import annotations

import json

import pytest

from tests.verify.pinochle_hands import (
    SPEC_VECTORS,
    V1_SECRET,
    VERSION_TWO,
    random_hands,
    vector_hand,
)
from tests.verify.test_the_offline_verifier_checks_every_version_two_deal import changed

from .test_the_browser_verifier_checks_pinochle_hands import CHECK_ALL
from .test_the_browser_verifier_reproduces_the_spec_and_the_engine import (  # noqa: F401
    PLAIN,
    SECURE,
    harness,
)

VECTORS_JS = """async ([secret, vectors]) => {
  const fair = await import("/static/verify/fair.js");
  const pinochle = await import("/static/verify/pinochle.js");
  const out = [];
  for (const [options, _first] of vectors) {
    const record = {options, secret};
    const variant = options.variant || "single";
    const seats = pinochle.seats(record);
    const first = await fair.firstDealer(secret, "", seats);
    const deck = await fair.shuffle(pinochle.canonicalDeck(variant), secret, "deal", "");
    const rest = Object.fromEntries(
      pinochle.restOf(deck, record).map(([, , key, cards]) => [key, cards.join(" ")]));
    const packets = options.kitty ? [3, 3, 3, 2] : undefined;
    out.push({first, seat0: pinochle.handsFrom(deck, first, variant, packets)[0].join(" "), rest});
  }
  return out;
}"""


def test_the_browser_reproduces_the_version_two_vectors(harness):  # noqa: F811
    vectors = [[options, first] for options, first, _seat_0, _rest in SPEC_VECTORS]
    out = harness(SECURE).evaluate(VECTORS_JS, [V1_SECRET, vectors])
    for (_options, first, seat_0, rest), got in zip(SPEC_VECTORS, out, strict=True):
        assert got["first"] == first and got["seat0"] == seat_0
        assert {k: got["rest"][k] for k in rest} == rest


def expected_items(record: dict) -> list[str]:
    options = record["options"]
    items = ["commitment", "deck"] + [f"hand-{s}" for s in range(record["players"])]
    if options["variant"] == "two":
        items += ["turn-up", "stock"] if options["two_trump"] == "turn_up" else ["stock"]
    if options["kitty"] != "none":
        items.append("kitty")
    if record["first_dealer"] is not None:
        items.append("first-dealer")
    return items


@pytest.mark.parametrize("origin", [SECURE, PLAIN])
def test_the_browser_agrees_with_the_engine_on_every_new_deal(harness, origin):  # noqa: F811
    records = random_hands(3402, 3 * len(VERSION_TWO), VERSION_TWO)
    results = harness(origin).evaluate(CHECK_ALL, json.loads(json.dumps(records)))
    for record, result in zip(records, results, strict=True):
        assert result == {**result, "ok": True, "failed": []}, record["options"]
        assert result["items"] == expected_items(record)


TAMPERED = [
    ({"variant": "two"}, "hands", "hand-0"),
    ({"variant": "two"}, "stock", "stock"),
    ({"variant": "two"}, "turn_up", "turn-up"),
    ({"variant": "two", "two_trump": "auction"}, "stock", "stock"),
    ({"variant": "cutthroat"}, "hands", "hand-0"),
    ({"variant": "six"}, "hands", "hand-0"),
    ({"variant": "eight"}, "hands", "hand-0"),
    ({"kitty": "declarer"}, "kitty", "kitty"),
    ({"kitty": "deal_out"}, "kitty", "kitty"),
]


def test_the_browser_fails_a_changed_hand_stock_turn_up_or_kitty_card(harness):  # noqa: F811
    records = []
    for options, key, _item in TAMPERED:
        record = vector_hand(options)
        records += [record, changed(record, key, 3 if key != "turn_up" else 0)]
    results = harness(SECURE).evaluate(CHECK_ALL, records)
    for (_options, _key, item), true, tampered in zip(
        TAMPERED, results[::2], results[1::2], strict=True
    ):
        assert true["ok"] is True
        assert tampered["ok"] is False and tampered["failed"] == [item]
