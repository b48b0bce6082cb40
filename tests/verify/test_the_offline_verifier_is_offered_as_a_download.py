"""The Verify pages tell players to run ``verify_round.py``, so the site offers it: a download
of exactly the repository's ``tools/verify_round.py``, linked from Verify with how to run it."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.models import Round

pytestmark = pytest.mark.django_db

TOOL = Path(__file__).resolve().parents[2] / "tools" / "verify_round.py"


def test_anyone_downloads_the_exact_verifier(client):
    response = client.get("/verify/verify_round.py")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="verify_round.py"'
    assert response["Content-Type"].startswith("text/x-python")
    assert b"".join(response.streaming_content) == TOOL.read_bytes()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_verify_pages_link_it_with_how_to_run_it(played_match, client_for, alice, language):
    client = client_for(alice, language)
    rnd = Round.objects.filter(match=played_match).order_by("number").first()
    page = client.get(f"/verify/{rnd.pk}/").content.decode()
    assert 'href="/verify/verify_round.py"' in page
    assert f"python3 verify_round.py sahrat-match{played_match.pk}-round{rnd.number}.json" in page
    index = client.get("/verify/").content.decode()
    assert 'href="/verify/verify_round.py"' in index and "python3 verify_round.py" in index
