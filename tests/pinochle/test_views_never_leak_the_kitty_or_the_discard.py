"""The kitty's leak audit (§16, §21.4): the public view never names the kitty, a discard or a
card given out of the kitty; a seat's view is the public view plus its own hand, legal actions,
passed cards, its own ``kitty_card``, and for the declarer alone the ``kitty`` (once bidding
ends), ``kitty_given`` and the ``discard`` (random hands, random play)."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.pinochle import Options, Round

from .test_views_never_leak_another_seats_cards import PRIVATE, SKIP, cards_in

KITTY_KEYS = {"kitty", "kitty_given", "kitty_card"}

options_st = st.sampled_from(
    [
        Options(kitty="declarer"),
        Options(kitty="declarer", pass_cards=2, concede=True),
        Options(kitty="deal_out"),
        Options(kitty="deal_out", pass_cards=3, concede=True, pinochling=True),
    ]
)


def check_views(r: Round) -> None:
    public = r.view(None)
    assert not (PRIVATE | KITTY_KEYS) - {"seat"} & public.keys()
    shared = {k: v for k, v in public.items() if k != "seat"}
    d = r.declarer
    kitty = sorted(r.kitty or ())
    for seat in range(r.players):
        v = r.view(seat)
        assert {k: x for k, x in v.items() if k not in PRIVATE | KITTY_KEYS} == shared
        assert sorted(v["hand"]) == sorted(r.hands[seat])
        if seat == d:
            assert sorted(v["kitty"]) == kitty
            assert v["kitty_given"] == r.kitty_given
            assert v["discard"] == r.discarded
        else:
            assert v["kitty"] is None and v["kitty_given"] is None and v["discard"] is None
        given = r.kitty_given
        assert v["kitty_card"] == (None if given is None else given[seat])
    # the public view names only the cards played and the melds (public by rule)
    shown = [p["card"] for p in public["trick"]]
    if public["last_trick"]:
        shown += [p["card"] for p in public["last_trick"]["cards"]]
    shown += [p["card"] for t in public["tricks_played"] for p in t]
    shown += (public["result"] or {}).get("redeal_cards") or []
    named = list(cards_in({k: x for k, x in public.items() if k not in SKIP}))
    assert Counter(named) == Counter(shown)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options_st, st.binary(min_size=32, max_size=32).map(bytes.hex), st.randoms())
def test_every_view_at_every_step_of_random_play_with_a_kitty(options, secret, rng):
    r = Round.deal(options, rng.randrange(4), secret=secret)
    check_views(r)
    while r.turn is not None:
        r.apply(r.turn, rng.choice(r.legal_actions()))
        check_views(r)
