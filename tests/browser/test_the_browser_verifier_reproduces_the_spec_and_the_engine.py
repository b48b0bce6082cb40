"""The Verify page's JavaScript (static/verify/) run in Chromium, apart from any server: it
reproduces the spec's test vectors bit for bit, with WebCrypto (a secure context) and with its
pure-JS SHA-256 (a plain-http origin, where crypto.subtle is absent), and agrees with the Python
engine on 50 random rounds (deck, every hand, the first dealer, every restock)."""

from __future__ import annotations

import json
import mimetypes
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.verify.rounds import random_round

from .conftest import ROOT

STATIC = ROOT / "static"
SECURE = "http://localhost"  # a secure context: crypto.subtle is there
PLAIN = "http://verify.example"  # not a secure context: the pure-JS fallback runs

V1 = "0000000000000000000000000000000000000000000000000000000000000001"
V2 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
DECK1 = (
    "2C 7H 2S 8C AD 4D TH TH KS 7D 7D KS 5S TD 5H QS JD QS QC QH 4H 7S AS QH JK KH 6D 2C QD 5H 3D "
    "8H TD 8S 6S 3S AC 2H 3H 9C 5C AS JS 6H 7C AH 7H 2H 5D 8D 6S AC 3H 3S QD JC JH 3C 8H JK 6C TC "
    "6C 7S QC TS KD AD 3C TS 4C KD 4S 2S 6D 5S KH 9D 4C JS JC 9C 4H AH 9S 2D 4S 9H 3D JH 6H KC 7C "
    "KC 2D JD 8C 8S 9H 9S 8D 4D 5C 5D TC 9D"
)
DECK2 = (
    "7D TS 7H KH JK KC 8D QH 6H 9D 3S JH 7C 5S 3C 9H 8C 9S 9D 4S QD 3C KD 8D 6C JC 2C AH QC 4D QC "
    "8H 6D JH 2D 5C 2H 5H AS 4H 6H KS 5H 4S AC JD 7H QD 7D 6S AD 8H JC KD 9S 5C QS 5D 7C 2S KC TH "
    "9H TS AS QH 5D KH 2C AD 2S JS 6S AH 8S 2H TC TH 4H 3D 9C 7S AC 4C 5S 3S TD 2D TC 4D TD 3H JD "
    "3H QS JK 6C 4C KS 6D 9C 8S 3D 7S JS 8C"
)

VECTORS_JS = """async () => {
  const fair = await import("/static/verify/fair.js");
  const banakil = await import("/static/verify/banakil.js");
  const sha = await import("/static/verify/sha256.js");
  const v1 = "V1", v2 = "V2";
  return {
    engine: sha.engineName(),
    c1: await fair.commitmentOf(v1),
    c2: await fair.commitmentOf(v2),
    d1: (await banakil.dealDeck(v1, "")).join(" "),
    d2: (await banakil.dealDeck(v2, "alice|bob|carol|dana")).join(" "),
    f1: [await fair.firstDealer(v1, "", 4), await fair.firstDealer(v1, "", 2)],
    f2: [await fair.firstDealer(v2, "alice|bob|carol|dana", 4),
         await fair.firstDealer(v2, "alice|bob|carol|dana", 2)],
    r2: (await fair.shuffle(["AS", "2S", "3S", "4S", "5S"], v2, "restock:1",
                            "alice|bob|carol|dana")).join(" "),
  };
}""".replace("V1", V1).replace("V2", V2)


def serve_static(route: Any) -> None:
    path = route.request.url.split("/", 3)[3].split("?")[0]
    if path.startswith("static/"):
        file = STATIC / path[len("static/") :]
        if file.is_file():
            kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            if file.suffix == ".js":
                kind = "text/javascript"
            route.fulfill(status=200, body=file.read_bytes(), headers={"content-type": kind})
            return
    if path in ("", "index.html"):
        route.fulfill(
            status=200,
            body="<!doctype html><meta charset=utf-8><title>verify</title>",
            headers={"content-type": "text/html"},
        )
        return
    route.fulfill(status=404, body="")


@pytest.fixture
def harness(browser: Any) -> Iterator[Any]:
    context = browser.new_context()
    context.route("**/*", serve_static)

    def open_at(origin: str) -> Any:
        page = context.new_page()
        page.goto(origin + "/")
        return page

    yield open_at
    context.close()


@pytest.mark.parametrize("origin,engine", [(SECURE, "webcrypto"), (PLAIN, "pure-js")])
def test_the_browser_reproduces_the_spec_vectors(harness, origin, engine):
    out = harness(origin).evaluate(VECTORS_JS)
    assert out["engine"] == engine
    assert out["c1"] == "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5"
    assert out["c2"] == "954d5a49fd70d9b8bcdb35d252267829957f7ef7fa6c74f88419bdc5e82209f4"
    assert out["d1"] == DECK1
    assert out["d2"] == DECK2
    assert out["f1"] == [3, 1]
    assert out["f2"] == [1, 1]
    assert out["r2"] == "AS 4S 5S 2S 3S"


@pytest.mark.parametrize("origin", [SECURE, PLAIN])
def test_the_browser_agrees_with_the_python_engine_on_50_random_rounds(harness, origin):
    rng = random.Random(20261130)
    records = [random_round(rng, rng.choice([2, 4])) for _ in range(50)]
    assert sum(len(r["recorded"]["restocks"]) for r in records) >= 5  # restocks are exercised
    results = harness(origin).evaluate(
        """async (records) => {
          const fair = await import("/static/verify/fair.js");
          const banakil = await import("/static/verify/banakil.js");
          const out = [];
          for (const record of records) {
            const result = await fair.verifyRound(record);
            out.push({ok: result.ok, failed: result.items.filter((i) => !i.ok).map((i) => i.id),
                       deck: result.items.find((i) => i.id === "deck").derived,
                       items: result.items.map((i) => i.id),
                       piles: banakil.restockPiles(record.actions, record.players)});
          }
          return out;
        }""",
        json.loads(json.dumps(records)),
    )
    for record, result in zip(records, results, strict=True):
        assert result["failed"] == [], (record["secret"], result["failed"])
        assert result["ok"]
        assert result["deck"] == record["recorded"]["deck"]
        assert result["piles"] == [r["pile"] for r in record["recorded"]["restocks"]]
        expected = ["commitment", "deck"] + [f"hand-{s}" for s in range(record["players"])]
        expected += [f"restock-{r['k']}" for r in record["recorded"]["restocks"]]
        if record["first_dealer"] is not None:
            expected.append("first-dealer")
        assert result["items"] == expected


def test_the_browser_fails_a_changed_card_and_a_wrong_secret(harness):
    record = random_round(random.Random(7), 4)
    changed = json.loads(json.dumps(record))
    hand = changed["recorded"]["hands"][1]
    hand[0] = "JK" if hand[0] != "JK" else "AS"
    wrong_secret = {**record, "secret": "%064x" % (int(record["secret"], 16) ^ 1)}
    results = harness(SECURE).evaluate(
        """async (records) => {
          const fair = await import("/static/verify/fair.js");
          const out = [];
          for (const r of records) {
            const res = await fair.verifyRound(r);
            out.push({ok: res.ok, failed: res.items.filter((i) => !i.ok).map((i) => i.id)});
          }
          return out;
        }""",
        [record, changed, wrong_secret],
    )
    assert results[0] == {"ok": True, "failed": []}
    assert results[1] == {"ok": False, "failed": ["hand-1"]}
    assert results[2]["ok"] is False and results[2]["failed"][0] == "commitment"
