"""A Pinochle table option that the chosen variant does not play (a kitty with two decks, checks
with partners) is refused with its reason in the reader's language, through the lobby's refusal
(socket and API) and the create-table form alike."""

from __future__ import annotations

import pytest
from django.utils import translation

from lobby import services
from lobby.refusals import LobbyRefusal

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("options", "arabic", "english"),
    [
        ({"variant": "double", "kitty": "declarer"}, "القطّة", "a kitty is played only"),
        ({"variant": "single", "checks": True}, "التشيكات", "checks are played only"),
    ],
)
def test_the_refusal_names_the_reason_in_arabic_and_english(options, arabic, english):
    with pytest.raises(LobbyRefusal) as refused:
        services.parse_options("pinochle", options)
    assert refused.value.code == "bad_option"
    with translation.override("ar"):
        assert arabic in refused.value.message
        assert english not in refused.value.message
    with translation.override("en"):
        assert english in refused.value.message
