// Put selected cards in lying order, low to high, the way the server checks them
// (docs/rules/banakil.md, "Melds"): real cards by rank in one suit on the line A(1) 2 … K A(14),
// wilds (the joker and every 2, the banakil) into the gaps; a wild that could lie at either
// end is placed where the player says (``choose(card, options)`` resolves "low" or "high").
// Cards that make no meld come back in their given order: the server says why.

const TOP = 14;
const RANK_VALUE = { A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, T: 10, J: 11, Q: 12, K: 13 };
const WILD_ORDER = (a, b) => (a === "JK" ? -1 : b === "JK" ? 1 : 0);

export function isWild(code) {
  return code === "JK" || code[0] === "2";
}

function split(cards) {
  const reals = cards.filter((c) => !isWild(c));
  const wilds = cards.filter(isWild).sort(WILD_ORDER);
  return { reals, wilds };
}

/** Places for these real cards of one suit: a Map place -> code, or null when they can't lie. */
function placeReals(reals, wildCount) {
  const aces = reals.filter((c) => c[0] === "A");
  const others = reals.filter((c) => c[0] !== "A");
  const values = others.map((c) => RANK_VALUE[c[0]]);
  if (new Set(values).size !== values.length) return null;
  const tryPlaces = (acePlaces) => {
    const places = new Map();
    others.forEach((c) => places.set(RANK_VALUE[c[0]], c));
    for (let i = 0; i < aces.length; i++) {
      if (places.has(acePlaces[i])) return null;
      places.set(acePlaces[i], aces[i]);
    }
    const keys = [...places.keys()];
    const lo = Math.min(...keys);
    const hi = Math.max(...keys);
    const gaps = hi - lo + 1 - places.size;
    return gaps <= wildCount ? { places, lo, hi, gaps } : null;
  };
  let best = null;
  const candidates = aces.length === 0 ? [[]] : aces.length === 1 ? [[1], [TOP]] : aces.length === 2 ? [[1, TOP]] : [];
  for (const acePlaces of candidates) {
    const found = tryPlaces(acePlaces);
    if (found && (!best || found.gaps < best.gaps)) best = found;
  }
  return best;
}

/**
 * Lying order for a new meld. Returns the cards low to high (or as given when they make no
 * meld). ``choose(card, ends)`` is awaited only when a spare wild could go at either end.
 */
export async function arrangeMeld(cards, choose) {
  const { reals, wilds } = split(cards);
  if (reals.length < 2) return cards.slice();
  const ranks = new Set(reals.map((c) => c[0]));
  if (ranks.size === 1) return [...reals, ...wilds]; // a set: order does not matter
  const suits = new Set(reals.map((c) => c[1]));
  if (suits.size !== 1) return cards.slice();
  const found = placeReals(reals, wilds.length);
  if (!found) return cards.slice();
  let { lo, hi } = found;
  const line = new Map(found.places);
  const spare = wilds.slice();
  for (let p = lo; p <= hi; p++) {
    if (!line.has(p)) line.set(p, spare.shift());
  }
  for (const wild of spare) {
    const canLow = lo > 1;
    const canHigh = hi < TOP;
    let end = canHigh ? "high" : "low";
    if (canLow && canHigh) end = await choose(wild, ["low", "high"]);
    if (end === null || end === undefined) return null; // the player cancelled
    if (end === "low") line.set(--lo, wild);
    else line.set(++hi, wild);
  }
  const out = [];
  for (let p = lo; p <= hi; p++) out.push(line.get(p));
  return out;
}

/** The places a run on the table covers, from its ``stands_for`` (low to high). */
export function runSpan(meld) {
  const first = meld.stands_for[0];
  const last = meld.stands_for[meld.stands_for.length - 1];
  const lo = RANK_VALUE[first[0]];
  const hi = last[0] === "A" ? TOP : RANK_VALUE[last[0]];
  return { lo, hi, suit: first[1] };
}

/**
 * Lying order of a lay-off block at ``end`` of a run (sets take cards in any order). Returns the
 * block, or null when these cards can't lie at that end.
 */
export function arrangeLayoff(meld, cards, end) {
  if (meld.kind !== "run") return cards.slice();
  const { lo, hi, suit } = runSpan(meld);
  const k = cards.length;
  const start = end === "low" ? lo - k : hi + 1;
  if (start < 1 || start + k - 1 > TOP) return null;
  const { reals, wilds } = split(cards);
  const slots = new Array(k).fill(null);
  for (const c of reals) {
    if (c[1] !== suit) return null;
    const want = c[0] === "A" ? [1, TOP] : [RANK_VALUE[c[0]]];
    const i = want.map((p) => p - start).find((j) => j >= 0 && j < k && slots[j] === null);
    if (i === undefined) return null;
    slots[i] = c;
  }
  const spare = wilds.slice();
  for (let i = 0; i < k; i++) if (slots[i] === null) slots[i] = spare.shift();
  return slots;
}

/** The ends of a run where this block fits ([] for none); a set takes cards anywhere. */
export function fittingEnds(meld, cards) {
  if (meld.kind !== "run") return ["high"];
  return ["low", "high"].filter((end) => arrangeLayoff(meld, cards, end) !== null);
}

/** When one real card is the one a banakil in this run stands for, the banakil's index. */
export function banakilPlace(meld, cards) {
  if (meld.kind !== "run" || cards.length !== 1 || isWild(cards[0])) return -1;
  return meld.cards.findIndex((c, i) => c[0] === "2" && meld.stands_for[i] === cards[0]);
}

/** When one real card is the one the joker in this meld stands for (or fits a set's gap). */
export function jokerFits(meld, card) {
  if (isWild(card)) return false;
  const i = meld.cards.indexOf("JK");
  if (i < 0) return false;
  if (meld.kind === "run") return meld.stands_for[i] === card;
  const suits = new Set(meld.cards.filter((c) => !isWild(c)).map((c) => c[1]));
  return card[0] === meld.stands_for[i][0] && !suits.has(card[1]);
}
