"""The admin is Sahrat's, in the admin's language: its own header and titles, every model and
field named in Arabic (and English), choices shown by their label (never a raw key such as
``free_match``), a readable name for every object, and translated column names. Tables (with
filters by game, status, private and stake), matches and rounds (read-only) are all there."""

from __future__ import annotations

import html
import re

import pytest
from django.apps import apps
from django.contrib import admin
from django.test.utils import override_settings
from django.utils import translation
from django.utils.functional import Promise

from accounts.models import (
    CoinAccount,
    CoinEntry,
    CoinRuleChange,
    CoinSettings,
    CoinTransaction,
    EarningRule,
    StakeLevel,
)
from games.archive import archive_match
from games.models import Action, Archive, Match, MatchPlayer, Round
from lobby import services
from lobby.models import Seat, Table
from tests.games.conftest import FAST, deal_now, play_to_the_end, start_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("coin_rules")]

ARABIC = re.compile(r"[\u0600-\u06ff]")
RAW_KEYS = ("free_match", "daily_round", "signup", "fee_percent", "daily_limit", "banakil", "2v2")
OUR_APPS = ("accounts", "lobby", "games")


def visible(page: str) -> str:
    page = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.fixture
def boss(make_user):
    return make_user("boss", is_staff=True, is_superuser=True)


@pytest.fixture
def played(alice, bob, boss, client_for) -> Match:
    """A free match with bots, archived (earnings in the ledger), a coin rule changed."""
    with override_settings(**FAST):
        match = play_to_the_end(start_table([alice, bob], {"target": 30}, bots_fill=True))
    archive_match(match.pk)
    client_for(boss, "en").post("/admin/accounts/coinsettings/1/change/", {"fee_percent": "12"})
    rule = EarningRule.objects.get(kind="daily_round")
    client_for(boss, "en").post(
        f"/admin/accounts/earningrule/{rule.pk}/change/",
        {"kind": "daily_round", "amount": "100", "daily_limit": "1"},
    )
    return Match.objects.get(pk=match.pk)


def test_every_model_and_field_of_ours_has_an_arabic_name():
    with translation.override("ar"):
        for app in OUR_APPS:
            for model in apps.get_app_config(app).get_models():
                opts = model._meta
                for name in (opts.verbose_name, opts.verbose_name_plural):
                    assert isinstance(name, Promise) and ARABIC.search(str(name)), model
                for field in opts.get_fields():
                    if not field.concrete or field.name == "id":
                        continue
                    assert ARABIC.search(str(field.verbose_name)), f"{model.__name__}.{field.name}"
                    if field.name == "preferred_language":
                        continue  # each language by its own name: العربية, English
                    for _value, label in getattr(field, "choices", None) or []:
                        assert ARABIC.search(str(label)), f"{model.__name__}.{field.name}"


def test_the_arabic_admin_index_is_sahrats_and_names_no_model_in_english(client_for, boss):
    page = client_for(boss, "ar").get("/admin/")
    text = visible(page.content.decode())
    assert "إدارة سهرات" in text
    assert "Django" not in text and "جانغو" not in text
    with translation.override("en"):
        english = [
            str(model._meta.verbose_name_plural).capitalize()
            for model in admin.site._registry
            if model._meta.app_label in (*OUR_APPS, "axes", "auth")
        ]
    for name in english:
        assert name not in text, name
    assert "Axes" not in text
    for model in (Match, Round, Table, CoinTransaction):
        with translation.override("ar"):
            assert str(model._meta.verbose_name_plural) in text


def test_the_english_admin_says_sahrat_admin(client_for, boss):
    text = visible(client_for(boss, "en").get("/admin/").content.decode())
    assert "Sahrat admin" in text and "Django administration" not in text


CHANGELISTS = [
    "/admin/lobby/table/",
    "/admin/lobby/seat/",
    "/admin/games/match/",
    "/admin/games/round/",
    "/admin/accounts/user/",
    "/admin/accounts/coinsettings/",
    "/admin/accounts/stakelevel/",
    "/admin/accounts/earningrule/",
    "/admin/accounts/coinrulechange/",
    "/admin/accounts/cointransaction/",
    "/admin/accounts/coinaccount/",
]


@pytest.mark.parametrize("path", CHANGELISTS)
def test_an_arabic_changelist_shows_labels_never_raw_keys_or_english_columns(
    played, client_for, boss, path
):
    page = client_for(boss, "ar").get(path)
    assert page.status_code == 200
    text = visible(page.content.decode())
    for key in RAW_KEYS:
        assert key not in text, key
    model_admin = page.context["cl"].model_admin
    with translation.override("en"):
        columns = [
            str(label).capitalize()
            for label in _column_labels(model_admin)
            if not ARABIC.search(str(label))
        ]
    headers = " ".join(re.findall(r'<th scope="col".*?</th>', page.content.decode(), re.S))
    for label in columns:
        assert label not in visible(headers), (path, label)
    assert not re.search(r"\b(ID|Pk)\b", visible(headers))


def _column_labels(model_admin):
    from django.contrib.admin.utils import label_for_field

    return [
        label_for_field(name, model_admin.model, model_admin)
        for name in model_admin.get_list_display(None)
        if name != "__str__"
    ]


def test_every_object_has_a_readable_arabic_name(played, alice):
    table = played.table
    rnd = played.rounds.order_by("number").first()
    services.create_table(alice, {"players": 2})
    objects = [
        table,
        Seat.objects.first(),
        played,
        MatchPlayer.objects.filter(match=played).first(),
        rnd,
        Action.objects.filter(round=rnd).first(),
        Archive.objects.get(match=played),
        CoinAccount.objects.filter(kind="wallet").first(),
        CoinAccount(kind="pot", match_id=played.pk),
        CoinAccount(kind="house"),
        CoinTransaction.objects.filter(rule="free_match").first(),
        CoinEntry.objects.first(),
        CoinSettings.load(),
        StakeLevel.objects.first(),
        EarningRule.objects.get(kind="free_match"),
        *CoinRuleChange.objects.all(),
    ]
    with translation.override("ar"):
        for obj in objects:
            assert obj is not None
            text = str(obj)
            for name in ("Alice", "Bob"):
                text = text.replace(name, "")
            assert ARABIC.search(text), (type(obj).__name__, text)
            assert not re.search(r"[A-Za-z_]{3,}", text), (type(obj).__name__, text)


def test_the_audit_trail_reads_in_the_readers_language(played, client_for, boss):
    ar = visible(client_for(boss, "ar").get("/admin/accounts/coinrulechange/").content.decode())
    with translation.override("ar"):
        fee = str(CoinSettings._meta.get_field("fee_percent").verbose_name)
        daily = str(EarningRule.Kind.DAILY_ROUND.label)
    assert fee in ar and daily in ar and "fee_percent" not in ar
    en = visible(client_for(boss, "en").get("/admin/accounts/coinrulechange/").content.decode())
    assert "table fee (percent)" in en and "daily bonus for playing a round" in en
    assert "yes" in en and "no" in en  # active: True → False, shown as words


def test_tables_filter_by_game_status_private_and_stake(played, client_for, boss, alice, bob):
    services.create_table(bob, {"players": 2, "private": True})
    client = client_for(boss, "ar")

    def ids(query):
        return {t.pk for t in client.get(f"/admin/lobby/table/?{query}").context["cl"].result_list}

    private = Table.objects.get(private=True)
    assert ids("game=banakil") == set(Table.objects.values_list("pk", flat=True))
    assert ids("status__exact=finished") == {played.table_id}
    assert ids("private__exact=1") == {private.pk}
    assert ids("stake=0") == set(Table.objects.values_list("pk", flat=True))
    assert ids("kind=coin") == set()
    filters = visible(client.get("/admin/lobby/table/").content.decode())
    assert "بناكل" in filters  # the game filter names the game


def test_matches_and_rounds_are_read_only_and_a_secret_stays_hidden_while_played(
    played, client_for, boss, carol, dave, alice, bob
):
    client = client_for(boss, "ar")
    assert client.get("/admin/games/match/add/").status_code == 403
    page = client.get(f"/admin/games/match/{played.pk}/change/")
    assert page.status_code == 200
    assert client.post(f"/admin/games/match/{played.pk}/change/", {}).status_code == 403
    text = visible(page.content.decode())
    assert "لاعب آلي 3" in text and "لاعب آلي 4" in text
    with override_settings(**FAST):
        live = deal_now(start_table([carol, dave], {"players": 2, "target": 30}))
    page = visible(client.get(f"/admin/games/round/{live.pk}/change/").content.decode())
    assert live.secret not in page and "مخفي لين تخلص الجولة" in page
    finished = played.rounds.order_by("number").first()
    page = visible(client.get(f"/admin/games/round/{finished.pk}/change/").content.decode())
    assert finished.secret in page


def test_a_waiting_table_may_be_deleted_a_played_one_not(played, client_for, boss, carol):
    waiting = services.create_table(carol, {})
    client = client_for(boss, "en")
    assert client.get(f"/admin/lobby/table/{played.table_id}/delete/").status_code == 403
    assert (
        client.post(f"/admin/lobby/table/{waiting.pk}/delete/", {"post": "yes"}).status_code == 302
    )
    assert not Table.objects.filter(pk=waiting.pk).exists()
