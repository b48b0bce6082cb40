// Pinochle's page fit: scroll sizes, each hand card's visible part, each button the player may
// need now (the hand's, the auction's, naming trump, the board's tools), and whether a tap in
// the middle of a card's visible part lands on that card.
(() => {
  const vw = innerWidth, vh = innerHeight;
  const box = (el) => { const r = el.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
  const inside = (b) => b.l >= -0.5 && b.t >= -0.5 && b.r <= vw + 0.5 && b.b <= vh + 0.5;
  const shown = (el) => { const s = getComputedStyle(el); const r = el.getBoundingClientRect(); return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0; };
  const se = document.scrollingElement;
  const cards = [...document.querySelectorAll('.hand .hcard')].map((el) => ({card: el.dataset.card, ...box(el)}));
  const buttons = [...document.querySelectorAll(
      '.controls button, .hand-side button, .tbar button, .p-center button, .p-center input')]
    .filter(shown).map((el) => {
      // a tap in its middle lands on it: not clipped by a scrolled box, not under anything
      const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {what: el.dataset.action || el.dataset.testid || el.className, hit: !!at && (at === el || el.contains(at)), ...box(el)};
    });
  const hits = [...document.querySelectorAll('.hand .hcard')].map((el) => {
    const r = el.getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('.hcard') === el;
  });
  const outside = [...cards, ...buttons].filter((b) => !inside(b)).map((b) => b.card || b.what);
  return {scrollW: se.scrollWidth, scrollH: se.scrollHeight, vw, vh, cards, buttons, hits, outside,
          allInside: outside.length === 0};
})
