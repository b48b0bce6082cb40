import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

pytestmark = [pytest.mark.smoke, pytest.mark.django_db]


def test_the_lobby_page_answers(client):
    response = client.get("/")
    assert response.status_code == 200
    assert 'dir="rtl"' in response.content.decode()


def test_the_health_page_answers(client):
    assert client.get("/health/").content.strip() == b"ok"


def test_the_channel_layer_is_a_real_redis():
    layer = get_channel_layer()
    assert type(layer).__name__ == "TableChannelLayer"

    async def round_trip():
        channel = await layer.new_channel()
        await layer.send(channel, {"type": "hello", "n": 1})
        return await layer.receive(channel)

    assert async_to_sync(round_trip)() == {"type": "hello", "n": 1}


def test_celery_is_never_eager():
    assert not getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False)
    assert settings.CELERY_BROKER_URL.startswith(("redis://", "redis+socket://", "rediss://"))
