"""The match's guards, in one order for every game: a round still being played, then a match
already over, then a round another dealer dealt (then the game's own checks)."""

import pytest

from games import banakil, pinochle

from .toy import DECK, Match, Options, ToyError, play_out


def test_the_guards_come_in_their_order_with_the_games_word_for_a_round():
    m = Match(Options(target=1), first_dealer=0)
    r = m.deal(deck=DECK)
    with pytest.raises(ToyError) as info:
        m.record(r)
    assert (info.value.code, info.value.message) == (
        "round_not_over",
        "the round is still being played",
    )
    other = play_out(Match(Options(), first_dealer=1).deal(deck=DECK))
    with pytest.raises(ToyError) as info:
        m.record(other)
    assert info.value.code == "bad_dealer"
    m.record(play_out(r))
    assert m.over
    for late in (play_out(r.copy()), other):  # the dealer's round or another's: the match is over
        with pytest.raises(ToyError) as info:
            m.record(late)
        assert info.value.code == "match_over"
    with pytest.raises(ToyError) as info:
        m.deal(deck=DECK)
    assert info.value.code == "match_over"


def test_a_first_dealer_that_is_no_seat_is_refused_in_every_game():
    for match, options in (
        (banakil.Match, banakil.Options()),
        (pinochle.Match, pinochle.Options()),
        (Match, Options()),
    ):
        for dealer in (4, -1, True, "0"):
            with pytest.raises(ValueError) as info:
                match(options, dealer)
            assert info.value.code == "bad_dealer"


def test_each_engine_keeps_its_word_for_a_round():
    for engine, word in ((banakil, "round"), (pinochle, "hand")):
        m = engine.Match(engine.Options(), first_dealer=0)
        with pytest.raises(engine.IllegalAction) as info:
            m.record(m.deal(secret="00" * 32))
        assert info.value.message == f"the {word} is still being played"
