"""Pinochle's registry entry: its engine, its options as players name them, its pages."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from games import pinochle
from games.pinochle import pages, two

from .game import TURN_SECONDS_HELP, Game, Mode, gettext_noop
from .pinochle_words import TABLE_WORDS


def _side(options: Any, seat: int) -> int:
    return int(seat % options.sides)


#: version 2's parts the engine plays but the table page does not yet (issue #34): the kitty
#: (the declarer's give-out and discard of four) and concession (a "concede / play on" choice)
#: need controls on the page. A table cannot be created with them, and the create form does not
#: offer them.
_NOT_YET: Final = ("kitty", "concede")

#: one mode per variant, every one at tables (issue #30 gave two-handed its table page with the
#: stock and declared melds, and six and eight their seats around the table)
MODES: Final = (
    Mode("single", gettext_noop("Partners, one deck"), {"variant": "single"}),
    Mode("double", gettext_noop("Partners, double deck"), {"variant": "double"}),
    Mode("three", gettext_noop("Three-handed"), {"variant": "three"}),
    Mode("two", gettext_noop("Two-handed"), {"variant": "two"}),
    Mode("cutthroat", gettext_noop("Cutthroat"), {"variant": "cutthroat"}),
    Mode("six", gettext_noop("Six-handed"), {"variant": "six"}),
    Mode("eight", gettext_noop("Eight-handed"), {"variant": "eight"}),
)


def _offered(spec: Any) -> Any:
    """The create form's variant choices: the variants of the modes at tables."""
    if spec.name != "variant":
        return spec
    later = {m.options["variant"] for m in MODES if not m.at_tables}
    return dataclasses.replace(spec, choices=tuple(c for c in spec.choices if c not in later))


SPECS: Final = tuple(_offered(s) for s in pinochle.SPECS if s.name not in _NOT_YET)


def _options(data: Mapping[str, Any]) -> pinochle.Options:
    """The table's options: the engine's, less what is not played yet."""
    options = pinochle.Options.from_dict(data)
    defaults = pinochle.Options(variant=options.variant)
    for name in _NOT_YET:
        if getattr(options, name) != getattr(defaults, name):
            raise pinochle.InvalidOptions("bad_option", f"{name} is not played yet")
    if options.checks and options.stake:
        # settling the checks in coins (check_net x the stake) comes with issue #30
        raise pinochle.InvalidOptions("bad_option", "checks are played at free tables only")
    return options


def _hints(view: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's hints; two-handed, in phase ``meld``, also each declarable meld of the
    view's ``legal`` list by name and points (``declarable``), so that the table page names the
    meld a player picks before sending it (static/table/pinochle.js)."""
    out = pinochle.hints.hints(view)
    if view["phase"] == "meld" and view.get("trump"):
        table = two.MELDS[view["trump"]]
        out["declarable"] = [
            {
                "cards": a["cards"],
                "name": table[tuple(a["cards"])][0],
                "points": table[tuple(a["cards"])][2],
            }
            for a in view.get("legal") or []
            if a["type"] == "meld" and tuple(a["cards"]) in table
        ]
    return out


#: the words of Pinochle's replay board (static/history/pinochle.js): what each step did, the
#: board's labels and every meld by its engine name
REPLAY_WORDS = {
    "dealt": gettext_noop("The deal: {name} speaks first in the auction."),
    "dealt_widow": gettext_noop(
        "The deal: {name} speaks first in the auction; three cards go to the widow."
    ),
    "bid": gettext_noop("{name} bids {amount}"),
    "pass": gettext_noop("{name} passes"),
    "won_auction": gettext_noop("{name} wins the auction at {amount}"),
    "widow_taken": gettext_noop("the widow goes to {name}: {cards}"),
    "all_passed": gettext_noop("Everyone passed: the hand is not played."),
    "redeal": gettext_noop("{name} was dealt {n} nines: the same dealer deals again."),
    "trump_named": gettext_noop("{name} names {suit} trump"),
    "meld_shown": gettext_noop("every seat lays out its meld"),
    "pass_cards": gettext_noop("{name} passes {cards} to {to}"),
    "discard": gettext_noop("{name} lays aside {cards}"),
    "play": gettext_noop("{name} plays {card}"),
    "took": gettext_noop("{name} takes the trick"),
    "took_last": gettext_noop("{name} takes the last trick"),
    "made": gettext_noop("{name} made the contract of {contract}."),
    "set": gettext_noop("{name} is set: minus {contract}."),
    "auction": gettext_noop("Auction"),
    "no_bids": gettext_noop("no bid yet"),
    "pass_short": gettext_noop("pass"),
    "contract": gettext_noop("Contract"),
    "declarer": gettext_noop("declarer"),
    "trump": gettext_noop("Trump"),
    "not_named": gettext_noop("not named yet"),
    "widow": gettext_noop("Widow"),
    "laid_aside": gettext_noop("Laid aside by the declarer"),
    "to_declarer": gettext_noop("Partner to declarer"),
    "to_partner": gettext_noop("Declarer to partner"),
    "trick": gettext_noop("Trick {n}"),
    "taken_by": gettext_noop("taken by {name}"),
    "no_trick": gettext_noop("No card played yet"),
    "tricks": gettext_noop("Tricks"),
    "counters": gettext_noop("Counters"),
    "meld": gettext_noop("Meld"),
    "meld_counted": gettext_noop("Meld counted"),
    "hand_points": gettext_noop("Hand"),
    "meld_of": gettext_noop("meld {n}"),
    "no_meld": gettext_noop("no meld"),
    "made_short": gettext_noop("made"),
    "set_short": gettext_noop("set"),
    "not_played": gettext_noop("The hand was not played."),
    "meld_aces_around": gettext_noop("aces around"),
    "meld_double_aces_around": gettext_noop("double aces around"),
    "meld_triple_aces_around": gettext_noop("triple aces around"),
    "meld_quadruple_aces_around": gettext_noop("quadruple aces around"),
    "meld_kings_around": gettext_noop("kings around"),
    "meld_double_kings_around": gettext_noop("double kings around"),
    "meld_triple_kings_around": gettext_noop("triple kings around"),
    "meld_quadruple_kings_around": gettext_noop("quadruple kings around"),
    "meld_queens_around": gettext_noop("queens around"),
    "meld_double_queens_around": gettext_noop("double queens around"),
    "meld_triple_queens_around": gettext_noop("triple queens around"),
    "meld_quadruple_queens_around": gettext_noop("quadruple queens around"),
    "meld_jacks_around": gettext_noop("jacks around"),
    "meld_double_jacks_around": gettext_noop("double jacks around"),
    "meld_triple_jacks_around": gettext_noop("triple jacks around"),
    "meld_quadruple_jacks_around": gettext_noop("quadruple jacks around"),
    "meld_run": gettext_noop("run"),
    "meld_double_run": gettext_noop("double run"),
    "meld_triple_run": gettext_noop("triple run"),
    "meld_quadruple_run": gettext_noop("quadruple run"),
    "meld_royal_marriage": gettext_noop("royal marriage"),
    "meld_marriage": gettext_noop("marriage"),
    "meld_pinochle": gettext_noop("pinochle"),
    "meld_double_pinochle": gettext_noop("double pinochle"),
    "meld_triple_pinochle": gettext_noop("triple pinochle"),
    "meld_quadruple_pinochle": gettext_noop("quadruple pinochle"),
    "meld_quintuple_aces_around": gettext_noop("quintuple aces around"),
    "meld_sextuple_aces_around": gettext_noop("sextuple aces around"),
    "meld_quintuple_kings_around": gettext_noop("quintuple kings around"),
    "meld_sextuple_kings_around": gettext_noop("sextuple kings around"),
    "meld_quintuple_queens_around": gettext_noop("quintuple queens around"),
    "meld_sextuple_queens_around": gettext_noop("sextuple queens around"),
    "meld_quintuple_jacks_around": gettext_noop("quintuple jacks around"),
    "meld_sextuple_jacks_around": gettext_noop("sextuple jacks around"),
    "meld_quintuple_run": gettext_noop("quintuple run"),
    "meld_sextuple_run": gettext_noop("sextuple run"),
    "meld_quintuple_pinochle": gettext_noop("quintuple pinochle"),
    "meld_sextuple_pinochle": gettext_noop("sextuple pinochle"),
    "meld_dix": gettext_noop("dix"),
    "meld_roundhouse": gettext_noop("roundhouse"),
}


PINOCHLE = Game(
    id="pinochle",
    title=gettext_noop("Pinochle"),
    options=_options,
    specs=SPECS,
    option_labels={
        "variant": gettext_noop("Variant"),
        "target": gettext_noop("Match target (points)"),
        "turn_seconds": gettext_noop("Turn time (seconds)"),
        "min_bid": gettext_noop("Lowest opening bid"),
        "all_pass": gettext_noop("When everyone passes"),
        "trump_needs_marriage": gettext_noop(
            "Trump only in a suit where the declarer holds K and Q"
        ),
        "pass_cards": gettext_noop("Cards passed between the declarer and partner"),
        "first_lead": gettext_noop("Who leads the first trick"),
        "first_lead_trump": gettext_noop("The first lead must be a trump when the leader has one"),
        "must_beat": gettext_noop("Must play a card that beats the trick"),
        "save_meld": gettext_noop("A side's meld counts when"),
        "tie_rule": gettext_noop("When both sides pass the target"),
        "minus_target_loses": gettext_noop("A side at minus the target loses"),
        "roundhouse_bonus": gettext_noop("Roundhouse (K and Q of every suit) is worth at least 25"),
        "nines_redeal": gettext_noop("Redeal when a seat is dealt many nines"),
        "two_trump": gettext_noop("Two-handed: how trump is chosen"),
        "quadruple_pinochle_100": gettext_noop("Eight-handed: four pinochles score 100"),
        "pinochling": gettext_noop("A side that takes every trick wins the match"),
        "checks": gettext_noop("Check Pinochle: count checks (free tables)"),
        "check_bonus": gettext_noop("Checks for seven nines and for the game"),
    },
    option_help={
        "turn_seconds": TURN_SECONDS_HELP,
        "variant": gettext_noop(
            "Partners with one deck (48 cards, 12 each) or a double deck (80 cards, 20 each, no "
            "nines); two players who draw from a stock after each trick; three players each for "
            "themselves, with a widow of 3 cards or cutthroat (16 cards each, no widow); six "
            "players in two teams of three (120 cards, 20 each, no nines); eight players in four "
            "teams of two (96 cards, 12 each)."
        ),
        "target": gettext_noop(
            "Leave empty for the variant's default: 150 with one deck, 500 with a double deck, "
            "six-handed and eight-handed, 100 two-handed, three-handed and cutthroat."
        ),
        "min_bid": gettext_noop(
            "Leave empty for the variant's default: 15 with one deck and eight-handed, 50 with "
            "a double deck (from 60 on, bids go up by 5), 20 two-handed, three-handed and "
            "cutthroat, 75 six-handed (from 100 on, bids go up by 5)."
        ),
        "all_pass": gettext_noop(
            "Dealer stuck: when the other three pass, the dealer must bid. Redeal: if all pass, "
            "the hand is not played and the deal moves on."
        ),
        "pass_cards": gettext_noop(
            "After trump is named the partner gives the declarer this many cards, then the "
            "declarer gives back as many. Only those two see them. Not three-handed."
        ),
        "must_beat": gettext_noop(
            "Always: you must beat the winning card when you can. Trump lead: only when a trump "
            "was led. Never: follow suit or trump, nothing more."
        ),
        "save_meld": gettext_noop(
            "Leave empty for the variant's default. A trick: the side takes at least one trick. "
            "Always: meld always counts. 20 counters: the side takes at least 20 counters, or "
            "scores nothing for the hand."
        ),
        "tie_rule": gettext_noop(
            "Declarer first: the declaring side wins when it reaches the target, even with less. "
            "Higher total: the higher total wins; level, one more hand."
        ),
        "nines_redeal": gettext_noop(
            "Five nines: a seat dealt five or more nines shows them and the same dealer deals "
            "again. Five without an ace: only with no ace (or six nines and at most one ace)."
        ),
        "two_trump": gettext_noop(
            "Two-handed only. The turned-up card: the card under the stock names trump and each "
            "player scores what it takes. An auction: the players bid first and the high bidder "
            "names trump and must make its bid."
        ),
        "checks": gettext_noop(
            "Three-handed and cutthroat, free tables only. Each hand a player wins checks for a "
            "run, aces around, each double around, a roundhouse, each double marriage and a "
            "double pinochle, and for seven nines dealt; a declarer who is set loses 2, one who "
            "concedes 1, and the winner of the match gains the game's checks. Each check is paid "
            "by each other player."
        ),
    },
    choice_labels={
        ("variant", "single"): gettext_noop("Partners, one deck"),
        ("variant", "double"): gettext_noop("Partners, double deck"),
        ("variant", "three"): gettext_noop("Three-handed, with a widow"),
        ("variant", "two"): gettext_noop("Two-handed, with a stock"),
        ("variant", "cutthroat"): gettext_noop("Cutthroat: three players, no widow"),
        ("variant", "six"): gettext_noop("Six players, two teams, triple deck"),
        ("variant", "eight"): gettext_noop("Eight players, four teams"),
        ("two_trump", "turn_up"): gettext_noop("The turned-up card"),
        ("two_trump", "auction"): gettext_noop("An auction"),
        ("all_pass", "dealer_stuck"): gettext_noop("The dealer is stuck and must bid"),
        ("all_pass", "redeal"): gettext_noop("Redeal"),
        ("pass_cards", 0): gettext_noop("None"),
        ("first_lead", "declarer"): gettext_noop("The declarer"),
        ("first_lead", "eldest"): gettext_noop("The dealer's left"),
        ("must_beat", "always"): gettext_noop("Always"),
        ("must_beat", "trump_lead"): gettext_noop("Only when trump is led"),
        ("must_beat", "none"): gettext_noop("Never"),
        ("save_meld", ""): gettext_noop("As the variant plays it"),
        ("save_meld", "trick"): gettext_noop("It takes a trick"),
        ("save_meld", "off"): gettext_noop("Always"),
        ("save_meld", "counters20"): gettext_noop("It takes 20 counters"),
        ("tie_rule", "bidder_first"): gettext_noop("The declaring side first"),
        ("tie_rule", "higher_total"): gettext_noop("The higher total"),
        ("nines_redeal", "five"): gettext_noop("Five nines or more"),
        ("nines_redeal", "five_no_ace"): gettext_noop("Five nines and no ace"),
        ("nines_redeal", "off"): gettext_noop("Never"),
    },
    invalid_options=pinochle.InvalidOptions,
    illegal_action=pinochle.IllegalAction,
    deal=pinochle.Round.deal,
    round_from_json=pinochle.Round.from_json,
    match_from_draw=pinochle.Match.from_draw,
    match_from_json=pinochle.Match.from_json,
    bots={
        "easy": pinochle.bots.easy,
        "medium": pinochle.bots.next_action,
        "hard": pinochle.bots.hard,
    },
    hints=_hints,
    sides=lambda options: options.sides,
    side_of=_side,
    modes=MODES,
    mode_of=lambda options: options.variant,
    round_line=pages.round_line,
    ends_turn=pages.ends_turn,
    replay_steps=pages.replay_steps,
    dealt=pages.dealt,
    check_deal=pages.check_deal,
    public_action=pages.public_action,
    replay_words=REPLAY_WORDS,
    table_words=TABLE_WORDS,
)
