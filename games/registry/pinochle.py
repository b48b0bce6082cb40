"""Pinochle's registry entry: its engine, its options as players name them, its pages."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from games import pinochle
from games.pinochle import pages

from .game import TURN_SECONDS_HELP, Game, Mode, RecordReader, SideBets, gettext_noop
from .pinochle_words import CHECK_WORDS, TABLE_WORDS


def _side(options: Any, seat: int) -> int:
    return int(seat % options.sides)


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


SPECS: Final = tuple(_offered(s) for s in pinochle.SPECS)

#: «Play against bots» offers these besides the modes: a mode with a house rule on (the kitty,
#: concession), each a whole set of options the engine accepts
BOT_EXTRAS: Final = (
    Mode(
        "single_kitty",
        gettext_noop("Partners, one deck, the kitty to the declarer"),
        {"variant": "single", "kitty": "declarer"},
    ),
    Mode(
        "single_kitty_out",
        gettext_noop("Partners, one deck, the kitty dealt out"),
        {"variant": "single", "kitty": "deal_out"},
    ),
    Mode(
        "three_concede",
        gettext_noop("Three-handed, the declarer may concede"),
        {"variant": "three", "concede": True},
    ),
)


#: check Pinochle at a coin table: a check is worth the stake / STAKE_PER_CHECK (at least a
#: coin: 5 at a 100-coin table), and each player holds CHECKS_IN_RESERVE checks' worth beside
#: the stake (100 there), the most they can lose on checks (games.settlement)
STAKE_PER_CHECK: Final = 20
CHECKS_IN_RESERVE: Final = 20


def _side_bets(options: Any) -> SideBets | None:
    """The coins of a coin table's checks: a check's worth and each player's reserve."""
    if not (options.checks and options.stake):
        return None
    unit = max(1, options.stake // STAKE_PER_CHECK)
    return SideBets(unit=unit, reserve=CHECKS_IN_RESERVE * unit)


def _checks_of(options: Any, record: Mapping[str, Any] | None) -> pinochle.Match | None:
    """The engine's match, when the table plays checks and a hand was dealt."""
    if not options.checks or record is None:
        return None
    return pinochle.Match.from_json(record)


def _check_net(options: Any, record: Mapping[str, Any] | None) -> list[int]:
    """Each seat's net of checks (``Match.check_net``): every recorded hand, and the game's
    checks once the match is won."""
    match = _checks_of(options, record)
    return match.check_net if match is not None else [0] * options.players


def _match_state(options: Any, record: RecordReader) -> dict[str, Any]:
    """Check Pinochle: each seat's checks so far and their net (``Match.checks``,
    ``Match.check_net``), and at a coin table what a check is worth (``check_unit``). The
    record is read only then."""
    if not options.checks:
        return {}
    match = _checks_of(options, record())
    side_bets = _side_bets(options)
    return {
        "checks": match.checks if match is not None else [0] * options.players,
        "check_net": match.check_net if match is not None else [0] * options.players,
        "check_unit": side_bets.unit if side_bets is not None else None,
    }


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
    "dealt_kitty": gettext_noop(
        "The deal: {name} speaks first in the auction; four cards go to the kitty."
    ),
    "kitty_taken": gettext_noop("the kitty goes to {name}: {cards}"),
    "kitty_seen": gettext_noop("{name} looks at the kitty: {cards}"),
    "give_kitty": gettext_noop("{name} deals out the kitty: {gifts}"),
    "kitty_gift": gettext_noop("{card} to {name}"),
    "concede": gettext_noop("{name} concedes before the first lead"),
    "play_on": gettext_noop("{name} plays the hand on"),
    "conceded": gettext_noop(
        "{name} conceded: minus {contract}; every other side scores its meld."
    ),
    "kitty": gettext_noop("Kitty"),
    "kitty_dealt_out": gettext_noop("The kitty, dealt out"),
    "from_kitty": gettext_noop("from the kitty: {card}"),
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
    # two-handed: the stock, its draws, the declared melds, the strict stage
    "dealt_two": gettext_noop(
        "The deal: {name} leads the first trick; the turn-up {card} makes {suit} trump."
    ),
    "dix_turned": gettext_noop("{name} scores the dix: the turned-up card is a nine."),
    "declared": gettext_noop("{name} declares {meld}: {points}"),
    "dix_exchanged": gettext_noop(
        "{name} declares the dix ({points}) and takes the turn-up {card} for it"
    ),
    "no_declaration": gettext_noop("{name} declares no meld"),
    "draws": gettext_noop("{name} draws a card"),
    "draws_card": gettext_noop("{name} draws {card}"),
    "takes_turn_up": gettext_noop("{name} takes the turn-up {card}"),
    "strict_stage": gettext_noop(
        "The stock is used up: the table cards go back to the hands; strict play from now on."
    ),
    "play_from_table": gettext_noop("{name} plays {card} from the table"),
    "turn_up": gettext_noop("The turn-up"),
    "on_table": gettext_noop("On the table"),
    "scores": gettext_noop("{name} scores {points}"),
    "stock_n": gettext_noop("Stock: {n} cards"),
    "stage_stock": gettext_noop("Stock play: any card, no need to follow"),
    "stage_strict": gettext_noop("The stock is empty: strict play, follow suit, trump and beat"),
    # check Pinochle: each hand's checks per seat, their events by name, and the net
    "checks": gettext_noop("Checks"),
    "check_net": gettext_noop("Checks, net"),
    "no_checks": gettext_noop("no checks"),
    **{key.removeprefix("p_"): word for key, word in CHECK_WORDS.items()},
}


PINOCHLE = Game(
    id="pinochle",
    title=gettext_noop("Pinochle"),
    options=pinochle.Options.from_dict,
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
        "kitty": gettext_noop("The kitty (partners, one deck only)"),
        "concede": gettext_noop("The declarer may concede before the first lead"),
        "pinochling": gettext_noop("A side that takes every trick wins the match"),
        "checks": gettext_noop("Check Pinochle: count checks"),
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
        "kitty": gettext_noop(
            "Partners with one deck only (any other variant refuses it): 11 cards each and four "
            "face down that nobody sees until the auction ends. To the declarer: the declarer "
            "takes them, names trump and puts any four aside (their counters count for the "
            "declaring team). Dealt out: the declarer looks at them and gives one to each "
            "player, themselves included."
        ),
        "concede": gettext_noop(
            "Not two-handed. Once trump is named and every meld is shown, the declarer may give "
            "the hand up before the first lead: the declaring side scores minus the contract and "
            "every other side scores its whole meld."
        ),
        "checks": gettext_noop(
            "Three-handed and cutthroat. Each hand a player wins checks for a run, aces around, "
            "each double around, a roundhouse, each double marriage and a double pinochle, and "
            "for seven nines dealt; a declarer who is set loses 2, one who concedes 1, and the "
            "winner of the match gains the game's checks. Each check is paid by each other "
            "player. At a coin table a check is worth a twentieth of the stake (5 coins at 100), "
            "and each player puts in a check reserve of 20 checks (as much again as the stake) "
            "beside the stake: the most they can lose on checks. The checks are settled when the "
            "match ends, and what is left of the reserve comes back."
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
        ("kitty", "none"): gettext_noop("No kitty"),
        ("kitty", "declarer"): gettext_noop("To the declarer, who puts four aside"),
        ("kitty", "deal_out"): gettext_noop("Dealt out by the declarer, one card to each player"),
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
    hints=pinochle.hints.hints,
    sides=lambda options: options.sides,
    side_of=_side,
    modes=MODES,
    # pinochling (a side that takes every trick wins the match) and the minus target would
    # end one table's match before its last board, and the other tables' would play on
    set_deal_options={"pinochling": False, "minus_target_loses": False},
    bot_extras=BOT_EXTRAS,
    house_rules={
        ("kitty", "declarer"): gettext_noop("the kitty to the declarer"),
        ("kitty", "deal_out"): gettext_noop("the kitty dealt out"),
        ("concede", True): gettext_noop("concession"),
        ("pinochling", True): gettext_noop("pinochling"),
        ("checks", True): gettext_noop("check Pinochle"),
    },
    mode_of=lambda options: options.variant,
    round_line=pages.round_line,
    ends_turn=pages.ends_turn,
    replay_steps=pages.replay_steps,
    replay_seen_by=pages.seen_by,
    dealt=pages.dealt,
    check_deal=pages.check_deal,
    public_action=pages.public_action,
    replay_words=REPLAY_WORDS,
    table_words=TABLE_WORDS,
    side_bets=_side_bets,
    side_bet_net=_check_net,
    match_state=_match_state,
)
