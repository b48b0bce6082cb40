import pytest
from django.core.cache import cache

from sahrat.replica import PIN_KEY, pin_to_primary, pinned

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_pinned_player_reads_the_primary_and_others_still_the_replica(
    with_replica, client, make_user
):
    with_replica()
    nura = make_user("nura")
    make_user("saad")
    pin_to_primary([nura.pk])
    client.force_login(nura)
    assert client.get("/players/saad/")["X-Sahrat-Read-From"] == "primary"
    client.logout()
    assert client.get("/players/saad/")["X-Sahrat-Read-From"] == "replica"
    cache.delete(PIN_KEY.format(nura.pk))


def test_a_signed_in_players_post_pins_them_to_the_primary(with_replica, client, make_user):
    with_replica()
    nura = make_user("nura")
    client.force_login(nura)
    assert not pinned(nura.pk)
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert pinned(nura.pk)
    assert client.get("/players/nura/")["X-Sahrat-Read-From"] == "primary"
    cache.delete(PIN_KEY.format(nura.pk))


def test_the_pin_lasts_the_configured_seconds(with_replica, settings, make_user):
    with_replica()
    settings.SAHRAT_REPLICA_PIN_SECONDS = 7
    nura = make_user("nura")
    pin_to_primary([nura.pk, None])
    key = cache.make_and_validate_key(PIN_KEY.format(nura.pk))
    ttl = cache._cache.get_client(key).ttl(key)  # Redis's own time to live, in seconds
    assert 5 <= ttl <= 7
    cache.delete(PIN_KEY.format(nura.pk))


def test_without_a_replica_nothing_is_pinned(make_user):
    nura = make_user("nura")
    pin_to_primary([nura.pk])
    assert not pinned(nura.pk)
