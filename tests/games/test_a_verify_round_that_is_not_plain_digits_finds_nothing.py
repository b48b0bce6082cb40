"""The Verify box takes a round id or a Verify link. Anything that is not plain ASCII digits
(``²`` is a digit to ``str.isdigit()`` but not to ``int()``; it was a 500) finds no round."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("raw", ["²", "١٢", "12²", "+1", " 1 2", "99999999999999999999"])
def test_a_round_value_that_is_not_plain_digits_shows_the_not_found_form(client_for, alice, raw):
    page = client_for(alice).get("/verify/", {"round": raw})
    assert page.status_code == 200
    assert page.context["error"] is True
