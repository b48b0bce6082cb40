"""A whole Swiss of cutthroat Pinochle (three players, each for themselves): seven players over
two rounds, two three-seat tables a round and one bye, played at real live tables by bots
(in-process, as the Celery tasks would), then read back, finished and paid.

A table counts as a game between every two of its players: the match's winner beats both
others, the other two are ordered by their match totals (2 half points for each player beaten,
1 for each level), so a table gives 4 / 2 / 0; a bye scores as a win over both (4). The deals
are pinned (``pinned_secrets``) so the bots play the same hands every run and the standings are
worked out by hand below; if the engine or the bots change, the first check names the new
tables."""

import pytest
from django.test.utils import override_settings

from accounts import coins
from games import registry
from games.models import Match
from lobby.models import Table
from tests.games.conftest import FAST, play_to_the_end
from tests.tournaments.conftest import start_now
from tournaments import progress, services, swiss_rounds
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


@override_settings(**FAST)
def test_seven_cutthroat_players_play_two_rounds_at_three_seat_tables_with_a_bye_each(
    pinned_secrets, make_tournament, make_user, here, client_for
):
    players = [make_user(name) for name in "abcdefg"]
    event = make_tournament(
        game="pinochle",
        mode="cutthroat",
        rounds=2,
        capacity=7,
        table_options={"target": 30},
    )
    for user in players:
        services.register(event.pk, user)
    here(event, *players)
    start_now(event)
    names = dict(event.entrants.values_list("pk", "name"))
    bot = registry.get("pinochle").bots["easy"]
    played = []
    for number, then in ((1, "started"), (2, "paired")):
        assert progress.advance_due() == {event.pk: then}
        pairings = Pairing.objects.filter(tournament=event, round__number=number).order_by("pk")
        for pairing in pairings:
            if pairing.table_id is None:
                played.append(([names[pairing.side_a_id]], None, None))
                continue
            table = Table.objects.get(pk=pairing.table_id)
            assert len(Match.objects.get(pk=pairing.match_id).seats) == 3
            play_to_the_end(table, choose=bot)
            match = Match.objects.get(pk=pairing.match_id)
            played.append(
                ([names[s] for s in pairing.sides], match.winner, [int(t) for t in match.totals])
            )
    assert progress.advance_due() == {event.pk: "finished"}
    # round 1, everyone at 0 in seed order: G, the lowest, has the bye; A B C and D E F.
    #   A B C: B wins (A 25 beats C 20): B 4, A 2, C 0; D E F: D wins (F 15 beats E 6):
    #   D 4, F 2, E 0; G's bye 4.
    # round 2 by points (B D G 4, A F 2, C E 0): E, the lowest with no bye, has it; B takes
    #   D and G (met none of them); A takes F, and C, the only one left, though A met C.
    #   B D G: B wins (D 25 beats G 19): B 4, D 2, G 0; A F C: C wins (A 24 beats F 17):
    #   C 4, A 2, F 0; E's bye 4.
    assert played == [
        (["A", "B", "C"], 1, [25, 60, 20]),
        (["D", "E", "F"], 0, [30, 6, 15]),
        (["G"], None, None),
        (["B", "D", "G"], 0, [61, 25, 19]),
        (["A", "F", "C"], 2, [24, 17, 33]),
        (["E"], None, None),
    ]
    event.refresh_from_db()
    rows = [
        (names[s.side], s.points, s.buchholz, s.sonneborn_berger)
        for s in swiss_rounds.standings(event)
    ]
    # points (half points): B 4 + 4 = 8, D 4 + 2 = 6, A 2 + 2, C 0 + 4, G 4 + 0, E 0 + 4 = 4,
    # F 2 + 0 = 2. Buchholz, the opponents' final points (a bye adds none): A B(8) C(4) F(2)
    # C(4) = 18; B A C D G = 4 + 4 + 6 + 4 = 18; C A B A F = 18; D E F B G = 18; E D F = 8;
    # F D E A C = 18; G B D = 14. Sonneborn-Berger (quarter points: an opponent beaten counts
    # its points × 2): A beat C and F: 8 + 4 = 12; B beat A C D G: 8 + 8 + 12 + 8 = 36; C beat
    # A and F: 8 + 4 = 12; D beat E F G: 8 + 4 + 8 = 20; E 0; F beat E: 8; G 0. A and C are
    # level on every tie-break: A, seeded first, goes first.
    assert rows == [
        ("B", 8, 18, 36),
        ("D", 6, 18, 20),
        ("A", 4, 18, 12),
        ("C", 4, 18, 12),
        ("G", 4, 14, 0),
        ("E", 4, 8, 0),
        ("F", 2, 18, 8),
    ]
    # A's page lists the last round's tables of three and A's own: 1 of 2 points twice
    page = client_for(players[0], "en").get(f"/tournaments/{event.pk}/").content.decode()
    assert "<bdi>A</bdi> — <bdi>F</bdi> — <bdi>C</bdi>" in page
    assert "<bdi>B · C</bdi> · 1 of 2 points" in page and "<bdi>F · C</bdi> · 1 of 2 points" in page
    arabic = client_for(players[0], "ar").get(f"/tournaments/{event.pk}/").content.decode()
    assert "1 من 2 نقاط" in arabic
    # 500 each less the 100 fee; the pot 700 less the house's 70 is 630: 315 / 189 / 126
    assert [coins.coin_balance(u) for u in players] == [526, 715, 400, 589, 400, 400, 400]
    assert coins.audit().ok
