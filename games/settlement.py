"""Who won what: a match's coins, decided here and moved by the ledger's primitives
(``accounts.coins``: stake, pay out, refund, earn), which know no game.

- At the start of a coin match every seat's stake goes into the match's pot (``stake``); at a
  table with side bets (Pinochle's checks, ``Game.side_bets``) each seat's check reserve goes
  into the match's reserve beside it: the most the seat can lose on checks.
- When it is archived (``settle``): a finished match pays the pot, less the table fee, to the
  winning side's players; an abandoned one gives every stake back. The checks are settled
  either way (``settle_checks``): every seat gets its reserve back with its net of checks in
  coins, the checks of every hand played to its end (an abandoned match's too: those hands were
  decided; only the game's checks need a winner). A seat never pays more than its reserve; when
  a loser's reserve is short, the winners share what the losers can pay in proportion to what
  they are owed (``payable``). No fee on checks. Then the players earn by the earning rules,
  for play that really happened:
  - the daily bonus, to a player who made a move themselves in a round that was played out (an
    abandoned round does not count);
  - the completed-match coins at a free table, to a player who stayed to the end and played at
    least half of their seat's turns themselves (not a bot standing in, not the clock).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone

from accounts import coins
from accounts.models import CoinTransaction, EarningRule

from .models import Action, Match, Round
from .turns import turns


def stake(match: Match) -> list[CoinTransaction]:
    """Every seat's stake into the pot of a coin match (a free match: nothing); returns the
    stakes it moved (none the second time). Raises the ledger's ``NotEnoughCoins`` (code
    ``not_enough_coins``) when a seat cannot cover it."""
    amount = int(match.game_options.stake)
    if amount <= 0:
        return []
    seats = []
    for number, state in enumerate(match.seat_states):
        if state.user is None:
            raise coins.LedgerError(f"match {match.pk}: a coin table seats no bots")
        seats.append((number, state.user, state.name))
    side_bets = match.game_entry.side_bets(match.game_options)
    reserve = side_bets.reserve if side_bets is not None else 0
    return coins.stake(match.pk, seats, amount, reserve)


def player_ids(match: Match) -> list[int]:
    return [s.user for s in match.seat_states if s.user is not None]


def settle(match: Match) -> dict[str, dict[int, int]]:
    """A finished or abandoned match's coins, once (every posting is keyed): the checks, pay
    out or refund, then earnings. Returns, per player, the stake result (``stakes``: stakes,
    winnings, stakes back), the checks' coins (``checks``: the reserve in, what came back) and
    what the match earned them (``earned``), apart."""
    match = Match.objects.get(pk=match.pk)  # as it stands now, whatever the caller holds
    if match.status not in (Match.Status.FINISHED, Match.Status.ABANDONED):
        raise coins.LedgerError(f"match {match.pk} is not over")
    users = player_ids(match)
    with transaction.atomic():
        pot = coins.lock_for_match(match.pk, users)
        settle_checks(match)
        if pot is not None and match.status == Match.Status.FINISHED:
            coins.pay_out(match.pk, pot, _winners(match))
        elif pot is not None:
            coins.refund(match.pk, pot)
        grant_for_play(match)
    figures = coins.match_coins(matches=[match.pk], users=users)
    shown = {user: figures.get((match.pk, user), coins.MatchCoins()) for user in users}
    return {
        "stakes": {user: figure.stake for user, figure in shown.items()},
        "checks": {user: figure.checks for user, figure in shown.items()},
        "earned": {user: figure.earned for user, figure in shown.items()},
    }


def settle_checks(match: Match) -> None:
    """A coin match's checks in coins, each seat's reserve back with them (see the module).
    Nothing at a free table or without checks; idempotent. Under ``coins.lock_for_match``."""
    game, options = match.game_entry, match.game_options
    side_bets = game.side_bets(options)
    if side_bets is None:
        return
    held = {seat: reserve for seat, (_wallet, reserve) in coins.reserves(match.pk).items()}
    if not held:
        return
    nets = game.side_bet_net(options, match.record)
    coins.settle_checks(
        match.pk, payable({seat: net * side_bets.unit for seat, net in enumerate(nets)}, held)
    )


def payable(owed: Mapping[int, int], reserves: Mapping[int, int]) -> dict[int, int]:
    """What each seat gets (+) or pays (−) of what it is ``owed`` (coins, summing to 0) when no
    seat pays more than its reserve: a loser pays what it owes, at most its reserve; the winners
    share what the losers pay in proportion to what each is owed, in whole coins (a coin left
    over goes to the largest remainder, then the lower seat). The result sums to 0.

    >>> payable({0: 60, 1: -30, 2: -30}, {0: 20, 1: 20, 2: 20})
    {0: 40, 1: -20, 2: -20}
    >>> payable({0: 30, 1: 20, 2: -50}, {0: 20, 1: 20, 2: 20})
    {0: 12, 1: 8, 2: -20}
    """
    paid = {seat: max(n, -reserves[seat]) for seat, n in owed.items() if n < 0}
    winners = {seat: n for seat, n in owed.items() if n > 0}
    due, pot = sum(winners.values()), -sum(paid.values())
    shares = {seat: pot * n // due for seat, n in winners.items()}
    left = pot - sum(shares.values())
    for seat in sorted(winners, key=lambda s: (-(pot * winners[s] % due), s))[:left]:
        shares[seat] += 1
    return {seat: paid.get(seat, shares.get(seat, 0)) for seat in owed}


def _winners(match: Match) -> list[int]:
    if match.winner is None:
        raise coins.LedgerError(f"match {match.pk} has no winner")
    return [
        s.user
        for number, s in enumerate(match.seat_states)
        if s.user is not None and match.side_of(number) == match.winner
    ]


def grant_for_play(match: Match) -> None:
    """The earnings of a match's players, for play that really happened (see the module)."""
    played_out = Round.objects.filter(
        match_id=match.pk, status=Round.Status.FINISHED, result__isnull=False
    )
    last = played_out.order_by("-finished_at").first()
    if last is None or last.finished_at is None:
        return
    day = timezone.localdate(last.finished_at).isoformat()
    movers = set(
        Action.objects.filter(
            round__in=played_out, actor=Action.Actor.PLAYER, user__isnull=False
        ).values_list("user_id", flat=True)
    )
    completed_free = match.status == Match.Status.FINISHED and not match.game_options.stake
    own_turns, all_turns = _turns(match) if completed_free else (Counter(), Counter())
    for number, state in enumerate(match.seat_states):
        if state.user is None or state.user not in movers:
            continue
        coins.earn(state.user, EarningRule.Kind.DAILY_ROUND, day, match_id=match.pk)
        stayed = not state.left and not state.away and not state.bot
        if completed_free and stayed and 2 * own_turns[number] >= all_turns[number]:
            coins.earn(
                state.user, EarningRule.Kind.FREE_MATCH, f"match-{match.pk}", match_id=match.pk
            )


def _turns(match: Match) -> tuple[Counter[int], Counter[int]]:
    """Each seat's turns in the match, and those its player played themselves (every action of
    the turn theirs)."""
    own: Counter[int] = Counter()
    every: Counter[int] = Counter()
    for rnd in match.rounds.prefetch_related("actions"):
        for seat, actors in turns(rnd.actions.all(), match.game_entry.ends_turn):
            every[seat] += 1
            own[seat] += actors == {Action.Actor.PLAYER}
    return own, every
