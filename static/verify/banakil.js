// Banakil's deal, for the Verify page: the 106-card canonical deck, the hands (the seat after
// the dealer takes 19, then 18 each) and every restock of the table pile, followed from the
// action log alone (docs/fair-shuffle.md, docs/rules/banakil.md).

import { shuffle } from "./fair.js";

export const FIRST_HAND = 19;
export const HAND = 18;
const RANKS = "A23456789TJQK";
const SUITS = "SHDC";

/** The 106 cards in canonical order: copy 1, 2; suits S H D C; ranks A..K; then two jokers. */
export function canonicalDeck() {
  const deck = [];
  for (let copy = 0; copy < 2; copy++) {
    for (const suit of SUITS) for (const rank of RANKS) deck.push(rank + suit);
  }
  deck.push("JK", "JK");
  return deck;
}

export function seats(record) {
  return record.players;
}

export function dealDeck(secretHex, clientSeed) {
  return shuffle(canonicalDeck(), secretHex, "deal", clientSeed);
}

/** Every seat's hand as dealt, in deck order: the seat after the dealer takes 19, then 18 each. */
export function handsFrom(deck, dealer, players) {
  const hands = Array.from({ length: players }, () => []);
  let pos = 0;
  for (let k = 0; k < players; k++) {
    const seat = (dealer + 1 + k) % players;
    const size = k === 0 ? FIRST_HAND : HAND;
    hands[seat] = deck.slice(pos, pos + size);
    pos += size;
  }
  return hands;
}

/**
 * Each restock's input pile (oldest throw first), followed from the action log alone: a throw
 * goes on the pile, a pile draw takes its top, a stock draw on an empty stock restocks from the
 * pile but its top card (or ends the round when the pile has fewer than two cards).
 */
export function restockPiles(actions, players) {
  let stock = 106 - FIRST_HAND - HAND * (players - 1);
  let pile = [];
  const piles = [];
  for (const [, action] of actions) {
    if (action.type === "throw") pile.push(action.card);
    else if (action.type === "draw" && action.from === "pile") pile.pop();
    else if (action.type === "draw" && action.from === "stock") {
      if (stock === 0) {
        if (pile.length < 2) break;
        piles.push(pile.slice(0, -1));
        stock = pile.length - 1;
        pile = pile.slice(-1);
      }
      stock -= 1;
    }
  }
  return piles;
}

/** The deck, every hand as dealt and every restock, against what the server recorded. */
export async function checkDeal(record, { add, same, seed }) {
  const { secret, players, dealer } = record;
  const recorded = record.recorded || {};
  const deck = await dealDeck(secret, seed);
  add("deck", "deck", same(deck, recorded.deck), deck, recorded.deck);
  const hands = handsFrom(deck, dealer, players);
  for (let seat = 0; seat < players; seat++) {
    const got = (recorded.hands || [])[seat];
    add(`hand-${seat}`, "hand", same(hands[seat], got), hands[seat], got, { seat });
  }
  const piles = restockPiles(record.actions || [], players);
  const restocks = recorded.restocks || [];
  const count = Math.max(piles.length, restocks.length);
  for (let i = 0; i < count; i++) {
    const k = i + 1;
    const pile = piles[i];
    const rec = restocks[i];
    if (!pile || !rec) {
      add(`restock-${k}`, "restock", false, pile ?? null, rec ?? null, { k });
      continue;
    }
    const stock = await shuffle(pile, secret, `restock:${k}`, seed);
    const ok = rec.k === k && same(pile, rec.pile) && same(stock, rec.stock);
    add(`restock-${k}`, "restock", ok, stock, rec.stock, { k, pile, recorded_pile: rec.pile });
  }
}
