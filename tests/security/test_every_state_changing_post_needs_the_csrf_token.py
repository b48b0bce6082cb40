"""Every state-changing POST of the site is refused (403, nothing changed) without the CSRF token
and goes through with it: logging in, signing up, the password reset, the language switch,
logging out, the profile and the password, the lobby's table actions, play against bots, the
API's writes (session auth) and the admin (its login and the coin rules)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from accounts.models import CoinSettings, StakeLevel, User
from lobby import services
from lobby.models import Seat, Table

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-secret-42"  # tests/conftest.py's make_user
NEW_PASSWORD = "majlis-evening-77"
SIGNUP = {
    "username": "noura",
    "display_name": "نورة",
    "email": "noura@example.com",
    "preferred_language": "ar",
    "password1": NEW_PASSWORD,
    "password2": NEW_PASSWORD,
}
TABLE_FORM = {
    "players": "2",
    "turn_seconds": "30",
    "out_bonus": "20",
    "nazla_bonus": "51",
    "nazla_bonus_no_melds": "102",
    "stake": "0",
    "bots": "on",
    "nazla_final_throw": "on",
}


@dataclass
class World:
    alice: User  # at seat 0 of a waiting table for one against one
    bob: User  # sits nowhere
    boss: User  # staff
    table: Table


@dataclass
class Post:
    who: str | None  # "alice", "bob", "boss", or None for a visitor
    path: str  # "{table}" is the waiting table's id
    done: Callable[[World, Client, Any], bool]
    data: dict[str, Any] = field(default_factory=dict)
    json: bool = False  # the API: a JSON body and the token in the X-CSRFToken header
    before: Callable[[World], Any] | None = None


def seated(name: str) -> Callable[[World, Client, Any], bool]:
    return lambda w, client, response: Seat.objects.filter(user=getattr(w, name)).exists()


def logged_in(w: World, client: Client, response: Any) -> bool:
    return "_auth_user_id" in client.session


def full(w: World) -> None:
    services.fill_with_bots(w.alice, w.table)


def status(value: str) -> Callable[[World, Client, Any], bool]:
    return lambda w, client, response: Table.objects.get(pk=w.table.pk).status == value


POSTS = {
    "login": Post(None, "/accounts/login/", logged_in, {"username": "bob", "password": PASSWORD}),
    "signup": Post(
        None,
        "/accounts/signup/",
        lambda w, c, r: User.objects.filter(username="noura").exists(),
        SIGNUP,
    ),
    "password reset": Post(
        None,
        "/accounts/password/reset/",
        lambda w, c, r: len(mail.outbox) == 1,
        {"email": "bob@example.com"},
    ),
    "language": Post(
        None, "/i18n/setlang/", lambda w, c, r: "django_language" in r.cookies, {"language": "en"}
    ),
    "logout": Post("bob", "/accounts/logout/", lambda w, c, r: not logged_in(w, c, r)),
    "profile": Post(
        "bob",
        "/accounts/profile/",
        lambda w, c, r: User.objects.get(pk=w.bob.pk).display_name == "Bobby",
        {"display_name": "Bobby", "preferred_language": "en", "seed": ""},
    ),
    "password change": Post(
        "bob",
        "/accounts/password/change/",
        lambda w, c, r: User.objects.get(pk=w.bob.pk).check_password(NEW_PASSWORD),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    ),
    "create a table": Post("bob", "/tables/new/", seated("bob"), TABLE_FORM),
    "sit": Post("bob", "/tables/{table}/sit/", seated("bob"), {"seat": "1"}),
    "leave": Post("alice", "/tables/{table}/leave/", lambda w, c, r: not seated("alice")(w, c, r)),
    "fill with bots": Post(
        "alice",
        "/tables/{table}/bots/",
        lambda w, c, r: Seat.objects.filter(table=w.table, is_bot=True).exists(),
    ),
    "start": Post("alice", "/tables/{table}/start/", status("playing"), before=full),
    "play against bots": Post("bob", "/tables/play-bots/", seated("bob")),
    "api create": Post("bob", "/api/tables/", seated("bob"), {"options": {}}, json=True),
    "api join": Post("bob", "/api/tables/{table}/join/", seated("bob"), json=True),
    "api leave": Post(
        "alice",
        "/api/tables/{table}/leave/",
        lambda w, c, r: not seated("alice")(w, c, r),
        json=True,
    ),
    "api fill with bots": Post(
        "alice",
        "/api/tables/{table}/fill-bots/",
        lambda w, c, r: Seat.objects.filter(table=w.table, is_bot=True).exists(),
        json=True,
    ),
    "api start": Post(
        "alice", "/api/tables/{table}/start/", status("playing"), json=True, before=full
    ),
    "admin login": Post(
        None,
        "/admin/login/",
        logged_in,
        {"username": "boss", "password": PASSWORD, "next": "/admin/"},
    ),
    "admin changes the fee": Post(
        "boss",
        "/admin/accounts/coinsettings/{settings}/change/",
        lambda w, c, r: CoinSettings.load().fee_percent == 12,
        {"fee_percent": "12"},
    ),
    "admin adds a stake level": Post(
        "boss",
        "/admin/accounts/stakelevel/add/",
        lambda w, c, r: StakeLevel.objects.filter(amount=250).exists(),
        {"amount": "250", "active": "on"},
    ),
}


@pytest.fixture
def world(alice: User, bob: User, make_user: Callable[..., User]) -> World:
    boss = make_user("boss", is_staff=True, is_superuser=True)
    return World(alice, bob, boss, services.create_table(alice, {"players": 2}))


def send(world: World, post: Post, with_token: bool) -> tuple[Client, Any]:
    client = Client(enforce_csrf_checks=True)
    if post.who is not None:
        client.force_login(
            getattr(world, post.who), backend="django.contrib.auth.backends.ModelBackend"
        )
    if post.before is not None:
        post.before(world)
    client.get("/accounts/login/")  # a page with a form: the CSRF cookie
    token = client.cookies["csrftoken"].value
    path = post.path.format(table=world.table.pk, settings=CoinSettings.load().pk)
    if post.json:
        headers = {"X-CSRFToken": token} if with_token else {}
        response = client.post(path, post.data, content_type="application/json", headers=headers)
    else:
        data = {**post.data, "csrfmiddlewaretoken": token} if with_token else post.data
        response = client.post(path, data)
    return client, response


@pytest.mark.parametrize("name", POSTS)
def test_a_post_without_the_token_is_refused_and_changes_nothing(world, name):
    post = POSTS[name]
    client, response = send(world, post, with_token=False)
    assert response.status_code == 403
    assert not post.done(world, client, response)


@pytest.mark.parametrize("name", POSTS)
def test_the_same_post_with_the_token_goes_through(world, name):
    post = POSTS[name]
    client, response = send(world, post, with_token=True)
    assert response.status_code in (200, 201, 302), response.content[:300]
    assert post.done(world, client, response)
