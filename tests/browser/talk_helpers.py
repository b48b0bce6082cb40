"""Helpers for the table talk's browser tests: send a phrase from the panel, find a seat's
bubble, and check that a page (with the panel open or not) fits its screen."""

from __future__ import annotations

from typing import Any


def say(page: Any, key: str) -> None:
    """Open the phrases' panel and send one phrase or emote (the panel closes)."""
    page.locator("[data-action=talk]").click()
    page.locator(f"#talk-panel [data-phrase='{key}']").click()


def bubble(page: Any, seat: int) -> Any:
    return page.locator(f"[data-testid=phrase-bubble][data-seat='{seat}']")


def fits(page: Any) -> None:
    """No sideways scrolling; the talk button and every control of its panel (if open) are
    44 px or more each way; the open panel is inside the window."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.wait_for_function(
        """() => [...document.querySelectorAll('#talk-panel')]
            .every((n) => n.getAnimations().every((a) => a.playState === 'finished'))"""
    )
    small = page.evaluate(
        """() => [...document.querySelectorAll('#talk-panel button, [data-action=talk]')]
            .map((b) => b.getBoundingClientRect())
            .filter((r) => r.width && (r.width < 44 || r.height < 44))
            .map((r) => [r.width, r.height])"""
    )
    assert small == [], small
    outside = page.evaluate(
        """() => {
            const p = document.getElementById('talk-panel');
            if (!p) return false;
            const r = p.getBoundingClientRect();
            return r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight;
        }"""
    )
    assert not outside
