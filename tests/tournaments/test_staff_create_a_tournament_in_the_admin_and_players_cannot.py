import pytest

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Thursday majlis",
    "game": "banakil",
    "mode": "2v2",
    "format": "swiss",
    "starts_at_0": "2030-01-02",
    "starts_at_1": "20:00:00",
    "rounds": "3",
    "boards_per_round": "3",
    "grace_seconds": "60",
    "entry_fee": "10",
    "prize_split": "[50, 30, 20]",
    "house_fee_percent": "10",
    "capacity": "16",
    "turn_seconds": "30",
    "join_code": "abc",
    "state": "upcoming",
    "registrations-TOTAL_FORMS": "0",
    "registrations-INITIAL_FORMS": "0",
}


def test_staff_create_a_swiss_evening_in_the_admin(client_for, make_user):
    boss = make_user("boss", is_staff=True, is_superuser=True)
    response = client_for(boss, "en").post("/admin/tournaments/tournament/add/", FORM)
    assert response.status_code == 302, response.context["adminform"].errors
    made = Tournament.objects.get()
    assert (made.format, made.rounds, made.entry_fee, made.prize_split) == (
        "swiss",
        3,
        10,
        [50, 30, 20],
    )
    assert made.created_by == boss


def test_the_admin_refuses_a_mode_the_game_does_not_have_and_a_split_not_of_100(
    client_for, make_user
):
    boss = make_user("boss", is_staff=True, is_superuser=True)
    response = client_for(boss, "en").post(
        "/admin/tournaments/tournament/add/", {**FORM, "mode": "three", "prize_split": "[50, 30]"}
    )
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "mode" in errors and "prize_split" in errors
    assert not Tournament.objects.exists()


def test_a_player_who_is_not_staff_cannot_reach_the_tournaments_admin(client_for, alice):
    response = client_for(alice).post("/admin/tournaments/tournament/add/", FORM)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert not Tournament.objects.exists()
