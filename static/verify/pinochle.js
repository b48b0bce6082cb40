// Pinochle's deal, for the Verify page (docs/rules/pinochle.md): the canonical deck (single:
// two copies of A 9 T J Q K in S H D C, the 106-card order without 2-8 and the jokers; double:
// four copies of A T J Q K; six-handed: six copies of A T J Q K; eight-handed: four copies of
// A 9 T J Q K), hands dealt in packets from the dealer's next seat, and what is left: the widow
// (three-handed), the turn-up and the stock (two-handed), the kitty.

import { shuffle } from "./fair.js";

const SUITS = "SHDC";
const DEALS = {  // variant: [ranks, copies, seats, packets per round]
  single: ["A9TJQK", 2, 4, [3, 3, 3, 3]],
  double: ["ATJQK", 4, 4, [4, 4, 4, 4, 4]],
  three: ["A9TJQK", 2, 3, [3, 3, 3, 3, 3]],
  two: ["A9TJQK", 2, 2, [4, 4, 4]],
  cutthroat: ["A9TJQK", 2, 3, [4, 4, 4, 4]],
  six: ["ATJQK", 6, 6, [4, 4, 4, 4, 4]],
  eight: ["A9TJQK", 4, 8, [3, 3, 3, 3]],
};
// a single deck with a kitty: 11 cards each, the kitty is deck[44:48]
const KITTY_PACKETS = [3, 3, 3, 2];

function optionsOf(record) {
  return record.options || {};
}

function variantOf(record) {
  return optionsOf(record).variant || "single";
}

function packetsOf(record) {
  const options = optionsOf(record);
  return (options.kitty || "none") !== "none" ? KITTY_PACKETS : DEALS[variantOf(record)][3];
}

export function canonicalDeck(variant) {
  const [ranks, copies] = DEALS[variant];
  const deck = [];
  for (let copy = 0; copy < copies; copy++) {
    for (const suit of SUITS) for (const rank of ranks) deck.push(rank + suit);
  }
  return deck;
}

export function seats(record) {
  return DEALS[variantOf(record)][2];
}

/**
 * Every seat's cards as dealt: round r starts at b_r = n·(p_0 + … + p_{r−1}); the k-th seat
 * after the dealer (k = 0, the eldest) gets deck[b_r + k·p_r : b_r + k·p_r + p_r].
 */
export function handsFrom(deck, dealer, variant, packets = DEALS[variant][3]) {
  const n = DEALS[variant][2];
  const hands = Array.from({ length: n }, () => []);
  let start = 0;
  for (const p of packets) {
    for (let k = 0; k < n; k++) {
      hands[(dealer + 1 + k) % n].push(...deck.slice(start + k * p, start + k * p + p));
    }
    start += n * p;
  }
  return hands;
}

/** The cards left after the hands, by what they are: [id, kind, record key, cards]. */
export function restOf(deck, record) {
  const options = optionsOf(record);
  const variant = variantOf(record);
  const rest = deck.slice(seats(record) * packetsOf(record).reduce((a, b) => a + b, 0));
  const out = [];
  if (variant === "three") out.push(["widow", "widow", "widow", rest]);
  if (variant === "two") {
    if ((options.two_trump || "turn_up") === "turn_up") {
      out.push(["turn-up", "turn_up", "turn_up", [rest[0]]]);
      out.push(["stock", "stock", "stock", rest.slice(1)]);
    } else {
      out.push(["stock", "stock", "stock", rest]);
    }
  }
  if ((options.kitty || "none") !== "none") out.push(["kitty", "kitty", "kitty", rest]);
  return out;
}

/** The deck, every hand as dealt and the rest, against the server's record. */
export async function checkDeal(record, { add, same, seed }) {
  const variant = variantOf(record);
  const recorded = record.recorded || {};
  const deck = await shuffle(canonicalDeck(variant), record.secret, "deal", seed);
  add("deck", "deck", same(deck, recorded.deck), deck, recorded.deck);
  const hands = handsFrom(deck, record.dealer, variant, packetsOf(record));
  hands.forEach((hand, seat) => {
    const got = (recorded.hands || [])[seat];
    add(`hand-${seat}`, "hand", same(hand, got), hand, got, { seat });
  });
  for (const [id, kind, key, cards] of restOf(deck, record)) {
    // the turn-up is one card: the record names it as a code, shown here as a row of one
    const got = key === "turn_up" && typeof recorded[key] === "string" ? [recorded[key]] : recorded[key];
    add(id, kind, same(cards, got), cards, got);
  }
}
