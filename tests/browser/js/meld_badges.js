// Every meld badge against every other meld's box, badges and cards, its own meld's other
// badge and cards: each as much of it as shows (a zone with more melds than room scrolls).
(() => {
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
})
