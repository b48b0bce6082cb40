from decimal import Decimal

import pytest

from games.models import Match

pytestmark = pytest.mark.django_db

LTR = '<bdi dir="ltr">'  # numbers are isolated left-to-right (decisions.md 28)


def test_each_player_sees_the_match_with_their_result_and_score(
    played_match, client_for, alice, bob
):
    match = played_match
    assert match.status == Match.Status.FINISHED
    a, b = (Decimal(t) for t in match.totals)
    winners = alice if match.winner == 0 else bob
    losers = bob if winners is alice else alice
    page = client_for(winners, "en").get("/history/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f'data-match="{match.pk}"' in text
    assert "Won" in text
    mine, theirs = (a, b) if winners is alice else (b, a)
    assert f"{LTR}{_fmt(mine)}</bdi> – {LTR}{_fmt(theirs)}</bdi>" in text
    text = client_for(losers, "en").get("/history/").content.decode()
    assert "Lost" in text and f"{LTR}{_fmt(theirs)}</bdi> – {LTR}{_fmt(mine)}</bdi>" in text


def test_the_filters_keep_only_the_asked_mode_and_result(played_match, client_for, alice):
    result = "won" if played_match.winner == 0 else "lost"
    other = "lost" if result == "won" else "won"
    client = client_for(alice, "en")
    assert (
        f'data-match="{played_match.pk}"'
        in client.get(f"/history/?result={result}").content.decode()
    )
    assert (
        f'data-match="{played_match.pk}"'
        not in client.get(f"/history/?result={other}").content.decode()
    )
    assert f'data-match="{played_match.pk}"' in client.get("/history/?mode=2v2").content.decode()
    assert (
        f'data-match="{played_match.pk}"' not in client.get("/history/?mode=1v1").content.decode()
    )


def test_the_match_page_lists_every_round_with_its_points_and_links(
    played_match, client_for, alice
):
    page = client_for(alice, "en").get(f"/history/matches/{played_match.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    rounds = list(played_match.rounds.order_by("number"))
    for rnd in rounds:
        assert f'data-round="{rnd.pk}"' in text
        assert f"/verify/{rnd.pk}/" in text and f"/history/rounds/{rnd.pk}/replay/" in text
        for team in (0, 1):
            assert f"{LTR}{rnd.result['team_points'][team]}</bdi>" in text
    totals = [sum(Decimal(r.result["team_points"][t]) for r in rounds) for t in (0, 1)]
    assert totals == [Decimal(t) for t in played_match.totals]
    assert f'data-team="0">{LTR}{_fmt(Decimal(played_match.totals[0]))}</bdi>' in text


def test_someone_who_did_not_play_sees_no_line_in_their_history(played_match, client_for, outsider):
    assert (
        f'data-match="{played_match.pk}"'
        not in client_for(outsider).get("/history/").content.decode()
    )


def _fmt(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return "0" if text == "-0" else text
