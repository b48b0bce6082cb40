"""A page without an icon link of its own (the admin) makes the browser ask /favicon.ico: the site
answers with its logo rather than a 404 (a console error in every such page)."""

import pytest
from django.templatetags.static import static

pytestmark = pytest.mark.django_db


def test_favicon_ico_leads_to_the_sites_logo(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"] == static("img/logo.svg")
