"""Banakil's registry entry: its engine, its options as players name them, its pages."""

from __future__ import annotations

from typing import Any

from games import banakil
from games.banakil import pages
from games.banakil.options import SPECS

from .game import TURN_SECONDS_HELP, Game, Mode, gettext_noop


def _side(options: Any, seat: int) -> int:
    return seat % 2


#: the words of Banakil's replay board (static/history/banakil.js)
REPLAY_WORDS = {
    "dealt": gettext_noop("The deal: {name} starts with 19 cards."),
    "draw_stock": gettext_noop("{name} draws from the stock: {card}"),
    "draw_pile": gettext_noop("{name} takes the pile card {card}"),
    "meld": gettext_noop("{name} lays down a meld"),
    "layoff": gettext_noop("{name} lays off on meld {meld}"),
    "swap": gettext_noop("{name} takes back the joker of meld {meld} with {card}"),
    "throw": gettext_noop("{name} throws {card}"),
    "restock": gettext_noop("The pile is reshuffled into a new stock (restock {k})."),
    "end_out": gettext_noop("{name} goes out."),
    "end_nazla": gettext_noop("{name} goes out in one go: nazla!"),
    "end_exhausted": gettext_noop("The stock is exhausted: the round ends."),
    "points": gettext_noop("Points of the round: Team A {a} · Team B {b}"),
    "no_melds": gettext_noop("no melds yet"),
    "empty": gettext_noop("empty"),
}


BANAKIL = Game(
    id="banakil",
    title=gettext_noop("Banakil"),
    options=banakil.Options.from_dict,
    specs=SPECS,
    option_labels={
        "players": gettext_noop("Players"),
        "target": gettext_noop("Match target (points)"),
        "turn_seconds": gettext_noop("Turn time (seconds)"),
        "out_bonus": gettext_noop("Go-out bonus"),
        "nazla_bonus": gettext_noop("All-in-one-turn bonus"),
        "nazla_bonus_no_melds": gettext_noop(
            "All-in-one-turn bonus when the other team has no meld down"
        ),
        "nazla_final_throw": gettext_noop("All in one turn may end with a throw"),
        "pile_card_must_be_used": gettext_noop("A card taken from the table pile must go down"),
        "partner_layoff_needs_own_meld": gettext_noop(
            "Lay off on partner's melds only after your own meld"
        ),
    },
    option_help={
        "turn_seconds": TURN_SECONDS_HELP,
        "target": gettext_noop(
            "Leave empty for the mode's default: 222 for partners, 150 for one against one."
        ),
    },
    choice_labels={
        ("players", 4): gettext_noop("Partners (4 players)"),
        ("players", 2): gettext_noop("One against one"),
    },
    invalid_options=banakil.InvalidOptions,
    illegal_action=banakil.IllegalAction,
    deal=banakil.Round.deal,
    round_from_json=banakil.Round.from_json,
    match_from_draw=banakil.Match.from_draw,
    match_from_json=banakil.Match.from_json,
    bots={
        "easy": banakil.bots.easy,
        "medium": banakil.bots.next_action,
        "hard": banakil.bots.hard,
    },
    hints=banakil.hints.hints,
    sides=lambda options: 2,
    side_of=_side,
    modes=(
        Mode("2v2", gettext_noop("Partners"), {"players": 4}),
        Mode("1v1", gettext_noop("One against one"), {"players": 2}),
    ),
    mode_of=lambda options: "2v2" if options.players == 4 else "1v1",
    round_line=pages.round_line,
    ends_turn=pages.ends_turn,
    replay_steps=pages.replay_steps,
    dealt=pages.dealt,
    check_deal=pages.check_deal,
    replay_words=REPLAY_WORDS,
)
