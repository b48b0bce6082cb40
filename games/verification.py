"""What the Verify page («تحقق») and its JSON show of a round, and the server's own check.

Before the secret is revealed (``Round.revealed_at``) only public facts go out: the commitment,
the client seed, the dealer. Nothing derived from the secret (deck, hands, restocks) either.
The page's verdict comes from the browser's own implementation (static/verify/); ``check``
is the server's second opinion, from the game's engine (``games.registry``).
"""

from __future__ import annotations

from typing import Any

from . import registry
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
        "game": match.game,
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
            record.update(match.game_entry.dealt(rnd.state))
    return record


def check(record: dict[str, Any]) -> list[tuple[str, bool]]:
    """The server-side re-derivation by the game's engine: (item, passed) for each item."""
    return registry.get(record.get("game") or registry.DEFAULT).check_deal(record)
