// The page's fit: scroll sizes, each hand card's visible part, each button, and whether a
// tap in the middle of a card's visible part lands on that card.
(() => {
  const vw = innerWidth, vh = innerHeight;
  const box = (el) => { const r = el.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
  const inside = (b) => b.l >= -0.5 && b.t >= -0.5 && b.r <= vw + 0.5 && b.b <= vh + 0.5;
  const shown = (el) => { const s = getComputedStyle(el); const r = el.getBoundingClientRect(); return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 && r.height > 0; };
  const se = document.scrollingElement;
  const cards = [...document.querySelectorAll('.hand .hcard')].map((el) => ({card: el.dataset.card, ...box(el)}));
  const buttons = [...document.querySelectorAll(
      '.controls button, .hand-side button, [data-testid=stock], [data-testid=pile], .tbar button')]
    .filter(shown).map((el) => ({what: el.dataset.action || el.dataset.testid || el.className, ...box(el)}));
  // a tap in the middle of each card's visible part lands on that card
  const hits = [...document.querySelectorAll('.hand .hcard')].map((el) => {
    const r = el.getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('.hcard') === el;
  });
  return {scrollW: se.scrollWidth, scrollH: se.scrollHeight, vw, vh, cards, buttons, hits,
          allInside: cards.every(inside) && buttons.every(inside)};
})
