"""Why a table says no: the engine's stable codes (and the table's own) with a message in the
player's language. The engine's English detail stays available as ``detail``."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from sahrat.refusals import Refusal

MESSAGES: dict[str, Promise] = {
    # melds
    "too_few_cards": _("A meld needs at least 3 cards."),
    "two_jokers": _("A meld may hold only one joker."),
    "two_banakils": _("A meld may hold only one banakil (2)."),
    "too_few_real_cards": _("A meld needs at least 2 real cards (not jokers or 2s)."),
    "duplicate_suit": _("A set needs cards of different suits."),
    "mixed_suits": _("A run is one suit; a set is one rank."),
    "not_in_sequence": _("The cards of a run must be in sequence, low to high."),
    "wrap_around": _("A run goes from Ace to Ace at most and never wraps past the Ace."),
    "set_rank": _("Sets are of 3s or Aces only."),
    "set_too_big": _("A set has four cards at most."),
    "end_required": _("Say which end of the run the cards go on."),
    "bad_end": _("Cards go on the low end or the high end."),
    "banakil_cannot_move": _("A banakil in a set never moves."),
    "not_a_real_card": _("Only a real card can take that place."),
    "no_banakil": _("This meld holds no banakil."),
    "not_banakil_place": _("That card is not the one the banakil stands for."),
    "no_joker": _("This meld holds no joker."),
    "joker_stands_for_two": _("A joker standing for a 2 can't be taken back."),
    "not_joker_place": _("That card is not the one the joker stands for."),
    # the round
    "bad_action": _("That move is not understood."),
    "bad_card": _("That is not a card."),
    "round_over": _("The round is over."),
    "not_your_turn": _("It is not your turn."),
    "draw_first": _("Draw a card first."),
    "card_not_in_hand": _("You don't hold that card."),
    "no_draw_first_turn": _("The first player's first turn has no draw: lay down or throw."),
    "already_drawn": _("You have drawn this turn already."),
    "pile_empty": _("The table pile is empty."),
    "pile_card_not_usable": _("You can take the pile card only if you lay it down this turn."),
    "strands_owed_card": _("That would leave the card you must lay down with nowhere to go."),
    "other_team_meld": _("You can't lay off on the other team's melds."),
    "partner_needs_own_meld": _("Lay down a meld of your own before laying off on your partner's."),
    "card_owed": _("Lay down the card you took first."),
    "joker_not_usable": _("The joker you take back must go down this turn, and it couldn't."),
    "no_such_meld": _("There is no such meld on the table."),
    # Pinochle's auction and play
    "wrong_phase": _("That move belongs to another part of the hand."),
    "bid_too_low": _("That bid is too low."),
    "bid_step": _(
        "At this height, bids go up in fives (from 60 with a double deck, from 100 with six hands)."
    ),
    "dealer_must_bid": _("Everyone else passed: the dealer must bid."),
    "bad_suit": _("Trump is one of the four suits."),
    "no_marriage": _("Name a trump suit in which you hold a marriage (its King and Queen)."),
    "wrong_count": _("Give exactly the number of cards asked."),
    "not_in_hand": _("You don't hold that card (or not that many of it)."),
    "must_lead_trump": _("The hand's first lead must be a trump while you hold one."),
    "must_follow": _("You hold a card of the suit led: play one."),
    "must_trump": _("You have none of the suit led: play a trump."),
    "must_beat": _("Play a card that beats the card winning the trick."),
    # two-handed Pinochle's meld declarations
    "not_a_meld": _("Those cards are not one meld."),
    "meld_reused": _("A card on your table already served in a meld of this kind."),
    "no_new_card": _("A meld needs at least one card from your hand."),
    # the kitty dealt out by the declarer
    "not_in_kitty": _("Give each card of the kitty once, one to each player."),
    # the table
    "stale_turn": _("That move was for a turn that has passed."),
    "not_seated": _("You are not playing at this table."),
    "not_playing": _("No round is being played at this table right now."),
    "bot_has_seat": _("A bot is playing your seat; you get it back at your next turn."),
    "bad_message": _("That message is not understood."),
    "message_too_large": _("That message is too large."),
    "too_many_messages": _("Too many messages: slow down."),
    "bad_seed": _("A seed is at most 64 letters, digits, _ or -."),
    "not_seeding": _("The deal has already happened."),
    "no_table": _("There is no such table."),
    "private_table": _("This table is private: only its players can watch it."),
    "server_error": _("Something went wrong on our side. The table is being refreshed."),
    "bad_phrase": _("That is not one of the table's phrases."),
    "match_not_over": _("The match is still being played."),
    "not_a_player": _("Only the players of this match can ask to play it again."),
    "event_table": _("A tournament's match is not played again: your next match is on its page."),
    "too_many_phrases": _("Easy: a few phrases at a time, then wait a little."),
}


class GameRefusal(Refusal):
    """A move or message the table refused; nothing changed. The engine's English detail
    travels as ``detail``; the shown message is the player's language only."""

    MESSAGES = MESSAGES
