"""Every browser test watches its pages (conftest ``page_errors``): an uncaught script error and
a console error are both recorded, whichever way the page was opened, and only the message the
test allows by name is let through."""

from __future__ import annotations

from typing import Any

PAGE = (
    "data:text/html,<script>console.error('boom in the console'); throw new Error('boom')</script>"
)


def test_an_uncaught_error_and_a_console_error_are_recorded(browser: Any, page_errors: Any) -> None:
    for page in (browser.new_page(), browser.new_context().new_page()):
        page.goto(PAGE)
        page.wait_for_timeout(200)
    uncaught = [m for m in page_errors.seen if m.startswith("uncaught") and "boom" in m]
    console = [m for m in page_errors.seen if m.startswith("console error boom in the console")]
    assert len(uncaught) == 2 and len(console) == 2, page_errors.seen
    page_errors.allow(r"^console error boom in the console", "this test logs it on purpose")
    assert page_errors.unexpected() == uncaught
    page_errors.allow(r"^uncaught Error: boom", "this test throws it on purpose")
    assert page_errors.unexpected() == []
