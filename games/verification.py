"""What the Verify page («تحقق») and its JSON show of a round, and the server's own check.

Before the secret is revealed (``Round.revealed_at``) only public facts go out: the commitment,
the client seed, the dealer. Nothing derived from the secret (deck, hands, restocks) either.
The page's verdict comes from the browser's own implementation (static/verify/); ``check``
is the server's second opinion with ``games.banakil.fair``.
"""

from __future__ import annotations

from typing import Any

from games.banakil import Round as EngineRound
from games.banakil import fair
from games.banakil.round import FIRST_HAND, HAND

from .models import Round

FORMAT = "sahrat-round-v1"


def is_revealed(rnd: Round) -> bool:
    return rnd.revealed_at is not None


def round_record(rnd: Round) -> dict[str, Any]:
    """The round as the Verify page embeds it and offers it for download."""
    match = rnd.match
    record: dict[str, Any] = {
        "format": FORMAT,
        "algorithm": rnd.algorithm,
        "round": rnd.pk,
        "match": match.pk,
        "number": rnd.number,
        "players": match.players,
        "options": match.options,
        "commitment": rnd.commitment,
        "client_seed": rnd.client_seed if rnd.status != Round.Status.SEEDING else None,
        "dealer": rnd.dealer,
        "first_dealer": match.first_dealer if rnd.number == 1 else None,
        "dealt": rnd.state is not None,
        "revealed": is_revealed(rnd),
        "revealed_at": rnd.revealed_at.isoformat() if rnd.revealed_at else None,
        "secret": None,
        "actions": None,
        "recorded": None,
    }
    if is_revealed(rnd):
        record["secret"] = rnd.secret
        if rnd.state is not None:
            record.update(recorded_deal(rnd.engine()))
    return record


def recorded_deal(engine: EngineRound) -> dict[str, Any]:
    """What the server dealt and did in a round: its action log, the deck, the hands as dealt,
    every restock (input pile and resulting stock)."""
    return {
        "actions": [[seat, action] for seat, action in engine.actions],
        "recorded": {
            "deck": list(engine.deck),
            "hands": engine.dealt_hands(),
            "restocks": [dict(r) for r in engine.restock_history],
        },
    }


def check(record: dict[str, Any]) -> list[tuple[str, bool]]:
    """The server-side re-derivation with the engine's ``fair``: (item, passed) for each item."""
    secret, seed = record.get("secret"), record.get("client_seed") or ""
    recorded = record.get("recorded") or {}
    if not secret or not recorded:
        return []
    players, dealer = record["players"], record["dealer"]
    out = [("commitment", fair.commitment(secret) == record["commitment"])]
    deck = fair.deal_deck(secret, seed)
    out.append(("deck", deck == recorded.get("deck")))
    pos = 0
    for k in range(players):
        seat = (dealer + 1 + k) % players
        size = FIRST_HAND if k == 0 else HAND
        out.append((f"hand-{seat}", deck[pos : pos + size] == recorded["hands"][seat]))
        pos += size
    if record.get("number") == 1 and record.get("first_dealer") is not None:
        first = fair.first_dealer(secret, seed, players)
        out.append(("first-dealer", first == record["first_dealer"]))
    for r in recorded.get("restocks", []):
        stock = fair.shuffle(r["pile"], secret, f"restock:{r['k']}", seed)
        out.append((f"restock-{r['k']}", stock == r["stock"]))
    return out
