// Every meld card: inside the window, inside its zone's box, and not covered by anything.
(() => {
  const vw = innerWidth, vh = innerHeight, bad = [];
  const tiles = [...document.querySelectorAll('.meld .mcard')];
  for (const tile of tiles) {
    const r = tile.getBoundingClientRect();
    const list = tile.closest('.meld-list').getBoundingClientRect();
    const inView = r.left >= 0 && r.top >= 0 && r.right <= vw && r.bottom <= vh;
    const inBox = r.left >= list.left - 2 && r.right <= list.right + 2 && r.top >= list.top - 2 && r.bottom <= list.bottom + 2;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 14));
    const seen = !!hit && hit.closest('.mcard') === tile;
    if (!inView || !inBox || !seen) bad.push({card: tile.dataset.card, inView, inBox, over: hit ? hit.className : null});
  }
  const se = document.scrollingElement;
  return {tiles: tiles.length, bad, scrolls: se.scrollHeight > vh || se.scrollWidth > vw,
          over: !!(window.sahratTable.state.view && window.sahratTable.state.view.result)};
})
