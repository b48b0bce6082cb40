"""Each Banakil meld on the table shows its number and its points in a badge; with many melds
on the table (every state the page receives carries sixteen melds of all lengths, made up in
the page: the layout is what is under test, not the rules), no badge overlaps a neighbouring
meld's badge or cards, nor its own meld's cards or other badge, on a phone held either way and
on a laptop, in Arabic and English (issue #35, item 11)."""

from __future__ import annotations

from typing import Any

import pytest

from sahrat.testing.live import LiveSite

from .table_helpers import open_table, screenshots_dir

# every state the page gets has these melds in its view instead of the real ones
MANY_MELDS = """
(() => {
  const runs = [["3H", "4H", "5H"], ["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"], ["QD", "QC", "QS"],
    ["AC", "3C", "4C", "5C"], ["9H", "TH", "JH", "QH", "KH"], ["7D", "7C", "7H", "7S"], ["4D", "5D", "2C", "7D"],
    ["KC", "KD", "JK"], ["3S", "4S", "5S", "6S", "7S", "8S"], ["TD", "JD", "QD"], ["5H", "5S", "5D"],
    ["8C", "9C", "TC", "JC", "QC", "KC", "AC"], ["JK", "6H", "7H"], ["9D", "9S", "9C", "9H"], ["3D", "4D", "5D", "6D"],
    ["AH", "AS", "AD"]];
  const melds = runs.map((cards, i) => ({
    id: i + 1, team: i % 2, owner: i % 4, kind: cards[0][0] === cards[1][0] ? "set" : "run", cards,
    stands_for: cards.map((c) => (c === "JK" || c === "2C" ? "6D" : null)), points: 20 + 15 * cards.length + (i % 3) * 50,
  }));
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    addEventListener(type, listener, ...rest) {
      if (type !== "message") return super.addEventListener(type, listener, ...rest);
      return super.addEventListener(type, (event) => {
        const message = JSON.parse(event.data);
        if (message.type === "state" && message.view && message.view.melds) {
          message.view.melds = melds;
          message.view.team_meld_points = [0, 1].map((t) => melds.filter((m) => m.team === t).reduce((n, m) => n + m.points, 0));
          return listener({ data: JSON.stringify(message) });
        }
        return listener(event);
      }, ...rest);
    }
  };
})();
"""

# every badge against every other meld's box, the other badge and its own meld's cards, each
# as much of it as shows (a zone with more melds than room scrolls: its list clips them)
BADGES = """() => {
  const clip = (n) => {
    const r = n.getBoundingClientRect(), c = n.closest('.meld-list').getBoundingClientRect();
    return {l: Math.max(r.left, c.left), t: Math.max(r.top, c.top), r: Math.min(r.right, c.right), b: Math.min(r.bottom, c.bottom)};
  };
  const overlap = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 0.5 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 0.5;
  const melds = [...document.querySelectorAll('.meld')].map((m) => ({
    id: m.dataset.meldId, box: clip(m), cards: [...m.querySelectorAll('.mcard')].map(clip),
    badges: [...m.querySelectorAll('.meld-id, .meld-points')].map(clip),
  }));
  const bad = [];
  for (const m of melds) {
    const [a, b] = m.badges;
    if (overlap(a, b)) bad.push(`meld ${m.id}: its two badges overlap`);
    for (const badge of m.badges) {
      if (m.cards.some((c) => overlap(badge, c))) bad.push(`meld ${m.id}: a badge over its own cards`);
      for (const other of melds) {
        if (other === m) continue;
        if (overlap(badge, other.box) || other.badges.some((o) => overlap(badge, o)) || other.cards.some((c) => overlap(badge, c))) {
          bad.push(`meld ${m.id}: a badge over meld ${other.id}`);
        }
      }
    }
  }
  return {melds: melds.length, bad};
}"""


@pytest.fixture(scope="module")
def table(table_site: LiveSite) -> int:
    return table_site.start_table(["mariam"], {"players": 4, "turn_seconds": 300}, bots=True)


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("size", ["phone-portrait", "phone-landscape", "desktop-1366"])
def test_no_meld_badge_overlaps_a_neighbouring_meld(
    table_site: LiveSite, browser: Any, table: int, size: str, lang: str
) -> None:
    page = open_table(browser, table_site, "mariam", table, size, lang, init_script=MANY_MELDS)
    page.wait_for_function("document.querySelectorAll('.meld').length === 16")
    page.wait_for_timeout(500)  # the melds' entrance
    page.screenshot(path=f"{screenshots_dir()}/meld-badges-{size}-{lang}.png")
    seen = page.evaluate(BADGES)
    assert seen["melds"] == 16
    assert not seen["bad"], seen["bad"][:6]
    page.context.close()
