"""Hidden information never leaves its seat: a seat's view is the public view plus its own hand,
its own legal actions, the cards passed between it and its partner and its own discard; the
public view of a deal shows nothing a spectator may not know (random hands, random play)."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.pinochle import Options, Round, bots

PRIVATE = {"seat", "hand", "legal", "passed_cards", "discard"}

options_st = st.sampled_from(
    [
        Options(),
        Options(pass_cards=3),
        Options(pass_cards=2, variant="double"),
        Options(variant="three"),
        Options(variant="three", all_pass="redeal", trump_needs_marriage=True),
        Options(nines_redeal="off", first_lead="eldest", must_beat="none"),
        Options(variant="cutthroat"),
        Options(variant="six"),
        Options(variant="eight"),
    ]
)
secret_st = st.binary(min_size=32, max_size=32).map(bytes.hex)


def check_views(r: Round) -> None:
    public = r.view(None)
    assert not PRIVATE - {"seat"} & public.keys()
    shared = {k: v for k, v in public.items() if k != "seat"}
    d = r.declarer
    for seat in range(r.players):
        v = r.view(seat)
        assert {k: x for k, x in v.items() if k not in PRIVATE} == shared
        assert v["seat"] == seat
        assert sorted(v["hand"]) == sorted(r.hands[seat])
        assert v["legal"] == (r.legal_actions() if seat == r.turn else [])
        partners = d is not None and seat in (d, r.partner(d))
        if not (partners and r.options.pass_cards):
            assert v["passed_cards"] is None
        if seat != d:
            assert v["discard"] is None
    # the public view names no card but those played (the trick, the last trick and every
    # finished trick), the widow once shown, the nines of a redeal and the melds (public by rule)
    shown: list[str] = [p["card"] for p in public["trick"]]
    if public["last_trick"]:
        shown += [p["card"] for p in public["last_trick"]["cards"]]
    assert len(public["tricks_played"]) == sum(public["tricks_won"])
    shown += [p["card"] for t in public["tricks_played"] for p in t]
    shown += public["widow"] or []
    shown += (public["result"] or {}).get("redeal_cards") or []
    named = [c for c in cards_in({k: x for k, x in public.items() if k not in SKIP})]
    assert Counter(named) == Counter(shown)


SKIP = {"melds", "options"}
CODES = {r + s for r in "ATKQJ9" for s in "SHDC"}


def cards_in(value):
    if isinstance(value, str):
        if value in CODES:
            yield value
    elif isinstance(value, dict):
        for x in value.values():
            yield from cards_in(x)
    elif isinstance(value, list):
        for x in value:
            yield from cards_in(x)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options_st, secret_st, st.randoms(use_true_random=False))
def test_every_view_at_every_step_of_random_play(options, secret, rng):
    r = Round.deal(options, rng.randrange(options.players), secret=secret)
    check_views(r)
    while r.turn is not None:
        r.apply(r.turn, rng.choice(r.legal_actions()))
        check_views(r)


@settings(max_examples=40, deadline=None)
@given(options_st, secret_st, secret_st, st.lists(st.booleans(), min_size=8, max_size=8))
def test_two_deals_look_alike_to_a_spectator_during_the_same_auction(
    options, secret_a, secret_b, passes
):
    a = Round.deal(options, 0, secret=secret_a)
    b = Round.deal(options, 0, secret=secret_b)
    if a.over or b.over:
        return  # a nines redeal shows its nines
    for p in passes:
        if a.view(None)["phase"] != "bidding" or a.turn is None:
            break
        action = a.legal_actions()[-1 if p else 0]
        a.apply(a.turn, action)
        b.apply(b.turn, action)
        strip = {"hand"}
        if a.view(None)["phase"] == "bidding":
            assert a.view(None) == b.view(None)
            for seat in range(a.players):
                va, vb = a.view(seat), b.view(seat)
                assert {k: x for k, x in va.items() if k not in strip} == {
                    k: x for k, x in vb.items() if k not in strip
                }


@settings(max_examples=15, deadline=None)
@given(options_st, secret_st)
def test_bot_hands_show_every_seat_only_its_own_cards(options, secret):
    r = Round.deal(options, 1 % options.players, secret=secret)
    while r.turn is not None:
        check_views(r)
        r.apply(r.turn, bots.next_action(r.view(r.turn)))
    check_views(r)
