"""Pinochle's words on the live table page (static/table/pinochle.js reads them by key).

English msgids marked with ``gettext_noop``; ``games.table_strings`` translates them for the
reader. ``{name}``-style fields are filled in by the client.
"""

from __future__ import annotations

from typing import Final

from .game import gettext_noop

#: each check event by its engine name (games/pinochle/checks.py ``EVENTS``), on the table's and
#: the replay's score sheets
CHECK_WORDS: Final[dict[str, str]] = {
    "p_check_run": gettext_noop("Run"),
    "p_check_aces_around": gettext_noop("Aces around"),
    "p_check_double_around": gettext_noop("Double around"),
    "p_check_roundhouse": gettext_noop("Roundhouse"),
    "p_check_double_marriage": gettext_noop("Double marriage"),
    "p_check_double_pinochle": gettext_noop("Double pinochle"),
    "p_check_seven_nines": gettext_noop("Seven nines"),
    "p_check_set": gettext_noop("Set"),
    "p_check_conceded": gettext_noop("Conceded"),
    "p_check_game": gettext_noop("The game"),
}

TABLE_WORDS: Final[dict[str, str]] = {
    "p_auction": gettext_noop("Auction"),
    "p_bid": gettext_noop("Bid"),
    "p_bid_n": gettext_noop("Bid {n}"),
    "p_custom_bid": gettext_noop("Another amount"),
    "p_pass": gettext_noop("Pass"),
    "p_passed": gettext_noop("pass"),
    "p_no_bid": gettext_noop("no bid yet"),
    "p_high_bid": gettext_noop("highest {n} by {name}"),
    "p_bid_range": gettext_noop("A bid is a whole number from {low} to {high}."),
    "p_dealer_stuck": gettext_noop(
        "Everyone else passed: {name}, the dealer, is stuck and must bid at least {n}."
    ),
    "p_contract": gettext_noop("Contract"),
    "p_declarer": gettext_noop("Declarer"),
    "p_trump": gettext_noop("Trump"),
    "p_name_trump": gettext_noop("You won the auction at {n}: name trump."),
    "p_naming_trump": gettext_noop("{name} won the auction at {n} and is naming trump…"),
    "p_needs_marriage": gettext_noop(
        "Trump only in a suit where you hold K and Q (if you hold such a marriage)."
    ),
    "p_meld_n": gettext_noop("meld {n}"),
    "p_estimate_n": gettext_noop("about {n} with tricks"),
    "p_widow": gettext_noop("The widow, for {name}:"),
    "p_choose_pass": gettext_noop("Choose {n} cards to pass to {name}, then press the button."),
    "p_passing": gettext_noop("{name} is passing {n} cards to {to}…"),
    "p_choose_discard": gettext_noop(
        "Choose {n} cards to put aside (their counters count for you)."
    ),
    "p_discarding": gettext_noop("{name} is putting {n} cards aside…"),
    "p_passed_to_declarer": gettext_noop("Passed to the declarer:"),
    "p_passed_to_partner": gettext_noop("Passed back to the partner:"),
    "p_pass_n": gettext_noop("Pass {n} cards"),
    "p_discard_n": gettext_noop("Put {n} aside"),
    "p_picked": gettext_noop("{k} of {n}"),
    "p_only_n": gettext_noop("Choose exactly {n} cards."),
    "p_melds": gettext_noop("Everyone's meld"),
    "p_meld": gettext_noop("meld"),
    "p_no_meld": gettext_noop("No meld"),
    "p_gather": gettext_noop("Gather the melds back"),
    "p_meld_times": gettext_noop("{meld} ×{n}"),
    "p_meld_aces_around": gettext_noop("Aces around"),
    "p_meld_kings_around": gettext_noop("Kings around"),
    "p_meld_queens_around": gettext_noop("Queens around"),
    "p_meld_jacks_around": gettext_noop("Jacks around"),
    "p_meld_run": gettext_noop("Run"),
    "p_meld_pinochle": gettext_noop("Pinochle"),
    "p_meld_royal_marriage": gettext_noop("Royal marriage"),
    "p_meld_marriage": gettext_noop("Marriage"),
    "p_meld_dix": gettext_noop("Dix"),
    "p_meld_roundhouse": gettext_noop("Roundhouse"),
    "p_trick": gettext_noop("The trick"),
    "p_tricks": gettext_noop("Tricks"),
    "p_lead_now": gettext_noop("Your lead: play any card your hand allows."),
    "p_last_trick": gettext_noop("Last trick"),
    "p_last_won": gettext_noop("Last trick: {name} took it"),
    "p_takes_trick": gettext_noop("{name} takes the trick"),
    "p_can_play": gettext_noop("can be played"),
    "p_cannot_play": gettext_noop("not allowed now"),
    "p_not_legal": gettext_noop(
        "That card is not allowed now: follow suit, trump or beat as the rules say."
    ),
    "p_hint_bid": gettext_noop("Suggested bid: {n}"),
    "p_hint_pass": gettext_noop("Suggested: pass"),
    "p_hint_trump": gettext_noop("Suggested trump: {suit}"),
    "p_hint_suits": gettext_noop("Your meld and a rough total with each suit as trump:"),
    "p_hint_legal": gettext_noop("Cards you may play: {cards}"),
    "p_hint_wait": gettext_noop("Nothing to play until your turn."),
    "p_hint_none": gettext_noop("No hint right now."),
    "p_all_passed": gettext_noop("Everyone passed: the hand is not played."),
    "p_redeal": gettext_noop("{name} was dealt too many nines: the same dealer deals again."),
    "p_thrown_in": gettext_noop("Round {n} is thrown in"),
    "p_dealt_next": gettext_noop("Round {n} is dealt next."),
    "p_declared": gettext_noop("{name} bid {n}:"),
    "p_made_word": gettext_noop("made"),
    "p_set_word": gettext_noop("set"),
    "p_row_meld": gettext_noop("Meld"),
    "p_row_meld_counted": gettext_noop("Meld counted"),
    "p_row_counters": gettext_noop("Counters"),
    "p_row_hand": gettext_noop("Hand"),
    "p_last_trick_mark": gettext_noop("+ last trick"),
    "p_last_trick_bonus": gettext_noop(
        "The last trick adds to the counters of the side that takes it."
    ),
    "p_last_trick_to": gettext_noop("Last trick: {side}"),
    "p_meld_lost": gettext_noop("{side}: meld not counted (the save rule was not met)."),
    "p_extra": gettext_noop("meld {meld} · tricks {tricks}"),
    "p_do_bid": gettext_noop("Your bid: {n} or more, or pass."),
    "p_do_pass": gettext_noop("Your turn in the auction: pass."),
    "p_do_stuck": gettext_noop("Everyone else passed: you are the dealer and must bid."),
    "p_do_trump": gettext_noop("Name trump: each suit shows the meld it gives you."),
    "p_do_pass_cards": gettext_noop("Choose {n} cards to pass."),
    "p_do_discard": gettext_noop("Choose {n} cards to put aside."),
    "p_do_lead": gettext_noop("Your lead: tap a raised card."),
    "p_do_follow": gettext_noop("Your turn: tap a raised card."),
    "p_act_bid": gettext_noop("bid {n}"),
    "p_act_pass": gettext_noop("passed"),
    "p_act_trump": gettext_noop("named {suit} trump"),
    "p_act_pass_cards": gettext_noop("passed {cards}"),
    "p_act_pass_n": gettext_noop("passed {n} cards"),
    "p_act_discard": gettext_noop("put aside {cards}"),
    "p_act_discard_n": gettext_noop("put {n} cards aside"),
    "p_act_play": gettext_noop("played {card}"),
    # two-handed: the stock, the turn-up, declaring melds on the table (issue #30)
    "p2_table_of": gettext_noop("{name}'s melds on the table"),
    "p2_table_empty": gettext_noop("no meld on the table"),
    "p2_class_arounds": gettext_noop("served in an around"),
    "p2_class_sequence": gettext_noop("served in a run or marriage"),
    "p2_class_pinochle": gettext_noop("served in a pinochle"),
    "p2_class_dix": gettext_noop("served as the dix"),
    "p2_stock_n": gettext_noop("Stock: {n} cards"),
    "p2_turn_up": gettext_noop("The turn-up, under the stock: {card} (trump)"),
    "p2_stage_stock": gettext_noop("Stock play: any card, no need to follow"),
    "p2_stage_strict": gettext_noop("The stock is empty: strict play, follow suit, trump and beat"),
    "p2_exchanged": gettext_noop("exchanged for the turn-up"),
    "p2_meld_log": gettext_noop("Melds declared"),
    "p2_no_melds_yet": gettext_noop("No meld declared yet."),
    "p2_after_trick": gettext_noop("after trick {n}"),
    "p2_turned_up": gettext_noop("turned up at the deal"),
    "p2_declare": gettext_noop("Declare"),
    "p2_no_meld": gettext_noop("No meld this time"),
    "p2_declaring": gettext_noop("{name} won the trick and may declare a meld…"),
    "p2_pick_meld": gettext_noop(
        "You won the trick: pick the cards of one meld from your hand and your table."
    ),
    "p2_nothing_to_declare": gettext_noop("You won the trick; you have no meld to declare."),
    "p2_not_a_meld": gettext_noop("These cards are not a meld you can declare now."),
    "p2_dix_takes": gettext_noop("The dix goes under the stock and you take the turn-up, {card}."),
    "p2_do_meld": gettext_noop("Declare a meld, or press No meld this time."),
    "p2_do_lead_stock": gettext_noop("Your lead: any card of your hand or your table."),
    "p2_do_follow_stock": gettext_noop("Your turn: any card of your hand or your table."),
    "p2_act_meld": gettext_noop("declared {meld}"),
    "p2_each_scores": gettext_noop("Each player scores the meld declared and the counters taken."),
    # the kitty («القطّة», option kitty) and concession (option concede), issue #30
    "pk_kitty": gettext_noop("The kitty"),
    "pk_deal_out": gettext_noop(
        "You won the auction at {n}: give one card of the kitty to each player, yourself too."
    ),
    "pk_pick": gettext_noop("Pick a card, then the player it goes to."),
    "pk_seats": gettext_noop("The players"),
    "pk_card_to": gettext_noop("{card}, to {name}"),
    "pk_card_free": gettext_noop("{card}, not given yet"),
    "pk_give_to": gettext_noop("Give {card} to {name}"),
    "pk_seat_gets": gettext_noop("{name} gets {card}"),
    "pk_seat_none": gettext_noop("{name}: no card yet"),
    "pk_give": gettext_noop("Deal the kitty"),
    "pk_give_all": gettext_noop("Give each of the four cards to a player first."),
    "pk_dealing_out": gettext_noop(
        "{name} won the auction at {n} and is dealing out the kitty, one card to each player…"
    ),
    "pk_in_hand": gettext_noop("The kitty, now in your hand (marked ●):"),
    "pk_taken": gettext_noop("{name} has taken the kitty's four cards (only they see them)."),
    "pk_went_out": gettext_noop("The kitty went out:"),
    "pk_you_got": gettext_noop("The kitty gave you {card} (marked ● in your hand)."),
    "pk_from_kitty": gettext_noop("from the kitty"),
    "pk_gift": gettext_noop("{card} to {name}"),
    "pk_do_give": gettext_noop("Give one kitty card to each player, then press Deal the kitty."),
    "pc_choice": gettext_noop("Play the hand, or concede?"),
    "pc_concede": gettext_noop("Concede"),
    "pc_play_on": gettext_noop("Play on"),
    "pc_if_concede": gettext_noop(
        "Concede: your side scores minus {n} and the others score their meld ({meld}); no card "
        "is played."
    ),
    "pc_if_play_on": gettext_noop(
        "Play on: make {n} with your side's meld and counters, or be set (minus {n})."
    ),
    "pc_deciding": gettext_noop("{name} is deciding: play the hand or concede…"),
    "pc_do": gettext_noop("Concede, or play the hand on."),
    "pc_conceded_word": gettext_noop("conceded"),
    "pc_conceded": gettext_noop(
        "{name} conceded before the first lead: minus {n}; every other side scores its meld."
    ),
    "p_act_give_kitty": gettext_noop("dealt out the kitty: {cards}"),
    "p_act_give_kitty_n": gettext_noop("dealt out the kitty"),
    "p_act_concede": gettext_noop("conceded the hand"),
    "p_act_play_on": gettext_noop("chose to play the hand on"),
    "p_hint_discard": gettext_noop("Suggested to put aside: {cards}"),
    "p_hint_kitty": gettext_noop("Suggested: {gifts}"),
    "p_hint_concede": gettext_noop(
        "Your side can reach at most {reach} (meld and every counter) against {n}: concede."
    ),
    "p_hint_play_on": gettext_noop(
        "Your side can reach {reach} (meld and every counter) against {n}: play on."
    ),
    # check Pinochle: each seat's checks, the events of a hand, the match's (issue #30)
    **CHECK_WORDS,
    "p_checks": gettext_noop("Checks"),
    "p_checks_word": gettext_noop("checks"),
    "p_checks_so_far": gettext_noop("Checks so far: {n} (net {net})"),
    "p_no_checks": gettext_noop("no checks"),
    "p_check_events": gettext_noop("What scored"),
    "p_checks_hand": gettext_noop("This hand"),
    "p_checks_match": gettext_noop("The match"),
    "p_check_net": gettext_noop("net"),
    "p_check_net_head": gettext_noop("Net"),
    "p_check_paid": gettext_noop(
        "Each check a player wins, each other player pays them one: the net is what the others "
        "pay less what one pays."
    ),
    "p_check_worth": gettext_noop(
        "A check is worth {n} coins here. The checks are settled when the match ends; nobody "
        "loses more than their check reserve."
    ),
    "p_check_coins": gettext_noop("Coins on checks: {n}"),
}
