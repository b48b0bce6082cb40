// Pinochle's deal, for the Verify page (docs/rules/pinochle.md): the canonical deck (single:
// two copies of A 9 T J Q K in S H D C, the 106-card order without 2-8 and the jokers; double:
// four copies of A T J Q K), hands dealt in packets from the dealer's next seat, and the widow
// of three-handed play.

import { shuffle } from "./fair.js";

const SUITS = "SHDC";
const DEALS = {  // variant: [ranks, copies, seats, cards each, packet]
  single: ["A9TJQK", 2, 4, 12, 3],
  double: ["ATJQK", 4, 4, 20, 4],
  three: ["A9TJQK", 2, 3, 15, 3],
};

function variantOf(record) {
  return (record.options && record.options.variant) || "single";
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

/** Every seat's cards as dealt: packets from the dealer's next seat (the eldest) on. */
export function handsFrom(deck, dealer, variant) {
  const [, , n, each, packet] = DEALS[variant];
  const hands = Array.from({ length: n }, () => []);
  for (let r = 0; r < each / packet; r++) {
    for (let k = 0; k < n; k++) {
      const start = (n * r + k) * packet;
      hands[(dealer + 1 + k) % n].push(...deck.slice(start, start + packet));
    }
  }
  return hands;
}

/** The deck, every hand as dealt and the widow (three-handed), against the server's record. */
export async function checkDeal(record, { add, same, seed }) {
  const variant = variantOf(record);
  const recorded = record.recorded || {};
  const deck = await shuffle(canonicalDeck(variant), record.secret, "deal", seed);
  add("deck", "deck", same(deck, recorded.deck), deck, recorded.deck);
  const hands = handsFrom(deck, record.dealer, variant);
  hands.forEach((hand, seat) => {
    const got = (recorded.hands || [])[seat];
    add(`hand-${seat}`, "hand", same(hand, got), hand, got, { seat });
  });
  if (variant === "three") {
    const [, , n, each] = DEALS[variant];
    const widow = deck.slice(n * each);
    add("widow", "widow", same(widow, recorded.widow), widow, recorded.widow);
  }
}
