"""Issue #35, item 20: ``GET /api/tables/٣٣/``, ``/api/tables/３３/`` and ``/api/tables/ 1/``
answered table 33 / 1, and ``POST /api/tables/٣٣/join/`` seated a player (``int()`` reads
Arabic-Indic and full-width digits, spaces, signs and underscores). The pages and the sockets
answered 404 for the same ids. One rule for ids everywhere: ASCII digits only."""

from __future__ import annotations

import pytest

from lobby import services

pytestmark = pytest.mark.django_db

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


def other_spellings(pk: int) -> list[str]:
    digits = str(pk)
    return [
        digits.translate(ARABIC_INDIC),
        digits.translate(FULL_WIDTH),
        f" {digits}",
        f"{digits} ",
        f"+{digits}",
        f"0_{digits}",
    ]


def test_the_api_finds_no_table_by_an_id_spelled_otherwise(client_for, alice, bob):
    table = services.create_table(alice, {"players": 2})
    client = client_for(bob)
    assert client.get(f"/api/tables/{table.pk}/").status_code == 200
    for pk in other_spellings(table.pk):
        assert int(pk) == table.pk  # what the API used to read
        assert client.get(f"/api/tables/{pk}/").status_code == 404, pk
        for action in ("join", "fill-bots", "start", "leave", "rematch"):
            response = client.post(f"/api/tables/{pk}/{action}/")
            assert response.status_code == 404, (pk, action, response.content[:200])
            assert response["Content-Type"] == "application/json"
    assert not table.has_player(bob)


def test_the_pages_find_no_table_by_an_id_spelled_otherwise(client_for, alice, bob):
    table = services.create_table(alice, {"players": 2})
    client = client_for(bob)
    for pk in other_spellings(table.pk):
        assert client.get(f"/tables/{pk}/").status_code == 404, pk
        assert client.post(f"/tables/{pk}/sit/").status_code == 404, pk
    assert not table.has_player(bob)
