"""Every word the live table page (static/table/) shows, in the reader's language.

The page gets them as one JSON dictionary (``json_script``); ``{name}``-style fields are filled
in by the client. A game's own words come from its registry entry (``Game.table_words``), added
to these for that game's tables.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from . import phrases
from .registry import Game


def talk_strings() -> dict[str, str]:
    """The quick phrases (``phrase.<key>``) in the reader's language, in the list's order, and
    the emotes (``emotes``: one string, separated by spaces)."""
    words = {f"phrase.{key}": _(text) for key, text in phrases.PHRASES.items()}
    return {**words, "emotes": " ".join(phrases.EMOTES)}


def table_strings(game: Game | None = None) -> dict[str, str]:
    """The shared words, and ``game``'s own words (``Game.table_words``) when given."""
    words = _shared()
    if game is not None:
        words.update({key: _(msgid) for key, msgid in game.table_words.items()})
    return words


def _shared() -> dict[str, str]:
    return {
        # cards
        "suit_S": _("spades"),
        "suit_H": _("hearts"),
        "suit_D": _("diamonds"),
        "suit_C": _("clubs"),
        "rank_A": pgettext("card rank", "Ace"),
        "rank_2": pgettext("card rank", "banakil 2"),
        "rank_3": pgettext("card rank", "3"),
        "rank_4": pgettext("card rank", "4"),
        "rank_5": pgettext("card rank", "5"),
        "rank_6": pgettext("card rank", "6"),
        "rank_7": pgettext("card rank", "7"),
        "rank_8": pgettext("card rank", "8"),
        "rank_9": pgettext("card rank", "9"),
        "rank_T": pgettext("card rank", "10"),
        "rank_J": pgettext("card rank", "Jack"),
        "rank_Q": pgettext("card rank", "Queen"),
        "rank_K": pgettext("card rank", "King"),
        "card_name": _("{rank} of {suit}"),
        "joker": _("Joker"),
        "wild_for": _("{card}, standing for {for}"),
        "any_suit": _("any missing suit"),
        "card_back": _("a face-down card"),
        # the words printed on wild card faces (short: they fit a band on the card)
        "face_joker": pgettext("printed on the joker's face", "JOKER"),
        "face_banakil": pgettext("printed on a banakil 2's face", "WILD"),
        # seats and scores
        "you": _("You"),
        "partner": _("partner"),
        "bot": _("(bot)"),
        "bot_name": _("Bot {n}"),
        # a bot's seat tag: its level
        "bot_level_easy": _("bot · easy"),
        "bot_level_medium": _("bot · medium"),
        "bot_level_hard": _("bot · hard"),
        "away": _("away"),
        "dealer": _("Dealer"),
        "cards_in_hand": _("Cards in hand: {n}"),
        "has_meld": _("has laid down"),
        "your_turn": _("Your turn"),
        "turn_of": _("{name}'s turn"),
        "seconds_left": _("{n} seconds left"),
        "us": _("Us"),
        "them": _("Them"),
        "team_a": _("Team A"),
        "team_b": _("Team B"),
        "team_n": _("Team {n}"),
        "match_total": _("Match"),
        "target": _("Target {n}"),
        "meld_points": _("On the table: {n}"),
        "round_no": _("Round {n}"),
        "watching": _("You are watching this table."),
        "bot_has_seat": _("A bot is playing your seat; you get it back at your next turn."),
        # the middle of the table
        "stock": _("Stock"),
        "stock_label": _("Stock: {n} cards. Draw from the stock."),
        "pile": _("Table pile"),
        "pile_label": _("Table pile: {n} cards, {card} on top."),
        "pile_empty": _("The table pile is empty."),
        "our_melds": _("Our melds"),
        "their_melds": _("Their melds"),
        "team_melds": _("{team}: melds"),
        "no_melds": _("No meld yet"),
        "meld_label": _("Meld {id} of {name}: {cards}"),
        "low_end": _("Low end"),
        "high_end": _("High end"),
        "lay_off_low": _("Lay off at the low end of meld {id}"),
        "lay_off_high": _("Lay off at the high end of meld {id}"),
        "swap_label": _("Take back the joker of meld {id}"),
        # the hand and its buttons
        "your_hand": _("Your hand"),
        "meld": _("Lay down"),
        "throw": _("Throw"),
        "hints": _("Hints"),
        "sort_suit": _("By suit"),
        "sort_rank": _("By rank"),
        "sort_hand": _("Arrange the hand (or drag cards)"),
        "clear": _("Clear"),
        "must_go_down": _("must go down"),
        "drawn": _("just drawn"),
        "selected": _("{n} selected"),
        # what to do now
        "do_draw": _("Your turn: draw from the stock or take the table pile's card."),
        "do_play": _("Lay down, lay off, then throw one card."),
        "do_first": _("First turn, no draw: lay down or throw one card."),
        "do_owed": _("Lay down {card} before you throw."),
        "waiting_for": _("Waiting for {name}…"),
        "select_first": _("Select the cards first."),
        "select_one_throw": _("Select exactly one card to throw."),
        "select_one_swap": _("Select one real card to put in the joker's place."),
        "not_your_turn": _("It is not your turn."),
        "draw_first": _("Draw a card first."),
        "drop_here": _("Drop on a meld's end to lay off."),
        # choices
        "where_wild": _("Where does {card} go in the run?"),
        "where_banakil": _("Where does the banakil move?"),
        "where_end": _("Which end of the run?"),
        "to_low": _("Low end"),
        "to_high": _("High end"),
        "cancel": _("Cancel"),
        # hints
        "hints_none": _("No hint: nothing to lay down or lay off now."),
        "hints_melds": _("Ready to lay down: {n} points"),
        "hints_layoffs": _("Lay-offs: {n}"),
        "hints_swaps": _("Jokers to take back: {n}"),
        "hints_pile": _("You can take the table pile's card."),
        "hint_select": _("Select these cards"),
        # what the clock or a bot played for this seat
        "played_for_you_clock": _("Time ran out; the table played for you:"),
        "played_for_you_bot": _("A bot played for you:"),
        "act_draw_stock": _("drew from the stock"),
        "act_draw_stock_card": _("drew {card} from the stock"),
        "act_draw_pile": _("took {card} from the table pile"),
        "act_meld": _("laid down {cards}"),
        "act_layoff": _("laid off {cards}"),
        "act_swap": _("took back a joker with {card}"),
        "act_throw": _("threw {card}"),
        "list_sep": pgettext("list separator", ", "),
        # sound
        "sound_on": _("Sound on (click to mute)"),
        "sound_off": _("Sound muted (click to turn on)"),
        # table talk: quick phrases and emotes (games/phrases.py), muting, the rematch
        **talk_strings(),
        "talk": _("Quick phrases"),
        "talk_emotes": _("Emotes"),
        "talk_watching": _("Spectators read the phrases but cannot send them."),
        "talk_mute": _("Mute players"),
        "talk_mute_seat": _("Mute {name}"),
        "talk_unmute_seat": _("Unmute {name}"),
        "talk_muted": _("muted"),
        "talk_said": _("{name}: {phrase}"),
        "talk_none_to_mute": _("No other player at this table."),
        "play_again": _("Play again"),
        "event_lead": _("This was a tournament match: your next one is on the tournament's page."),
        "back_to_event": _("Back to the tournament"),
        "rematch_lead": _(
            "Play again with the same seats: the new match starts when everyone is back."
        ),
        "rematch_back": _("back"),
        "rematch_not_yet": _("not yet"),
        "rematch_waiting": _("You are in. Waiting for the others…"),
        "rematch_starting": _("The new match is starting…"),
        "rematch_watch": _("Watch the new match"),
        # the round's seeds
        "seeding": _("Shuffling: the deal is sealed before it happens…"),
        "commitment": _("Commitment"),
        "commitment_help": _(
            "Before the deal the server fixed a secret; this is its SHA-256. The cards come from "
            "that secret and every player's seed. After the round the secret is shown, so "
            "anyone can check the deal."
        ),
        "secret": _("Secret"),
        "client_seed": _("Players' seeds"),
        # last moves
        "log_draw_stock": _("{name} drew from the stock"),
        "log_draw_stock_card": _("{name} drew {card} from the stock"),
        "log_draw_pile": _("{name} took {card} from the table pile"),
        "log_meld": _("{name} laid down {cards}"),
        "log_layoff": _("{name} laid off {cards}"),
        "log_swap": _("{name} took back a joker with {card}"),
        "log_throw": _("{name} threw {card}"),
        # the score sheet and the end
        "score_sheet": _("Round {n}: the score sheet"),
        "went_out": _("{name} went out"),
        "went_out_throw": _("{name} went out with a throw"),
        "nazla": _("All in one turn! (nazla)"),
        "exhausted": _("No card left to draw: the round ends."),
        "row_melds": _("Meld points"),
        "row_hands": _("Hand points"),
        "row_bonus": _("Bonus"),
        "row_round": _("Round points"),
        "row_total": _("Match total"),
        "hands_left": _("Cards left in hand"),
        "next_round": _("The next round starts in a moment."),
        "match_over": _("The match is over"),
        "winner": _("{team} win the match!"),
        "we_win": _("You win the match!"),
        "we_lose": _("You lose the match."),
        "abandoned": _("The match was abandoned."),
        "final_totals": _("Final totals"),
        "back_to_lobby": _("Back to the lobby"),
        "close": _("Close"),
        "verify_deal": _("Verify this deal"),
        "rating": _("Rating {n}"),
        "rating_provisional": _("Rating {n}? (provisional)"),
        "rating_changes": _("Ratings"),
        "stake_result": _("Coins at the stake: {n}"),
        "earned_result": _("Earned by playing: {n}"),
        "next_commitment": _("The next round's secret is fixed already; its commitment:"),
        "leave_confirm": _("Leave the match? Your seat goes on without you."),
        "leave_confirm_bots": _(
            "Leave the match? You are the only player at this table, so leaving ends the "
            "match: it has no winner and does not count. To rest a moment, stay: a bot plays "
            "for you once your turns run out, and you take your seat back with one tap."
        ),
        "abandoned_left": _(
            "Every player left the table, so it ended with no winner. It does not count in "
            "the statistics."
        ),
        "abandoned_away": _(
            "Every player missed their turns or left, so it ended with no winner. It does not "
            "count in the statistics."
        ),
        # a bot standing in for this seat's player, and taking the seat back
        "bot_for_you_missed": _("You missed {n} turns in a row, so a bot is playing for you."),
        "bot_for_you_away": _("You were away, so a bot is playing for you."),
        "bot_for_you_soon": _("Your seat is yours again from your next turn."),
        "take_seat_back": _("Take my seat back"),
        "no_clock": _("No clock"),
        # connection
        "reconnecting": _("Connection lost: reconnecting…"),
        "busy": _("The site is busy right now: trying again in a few seconds…"),
        "no_match": _("No match at this table."),
        "loading": _("Setting up the table…"),
    }
