// sahrat-shuffle-v1 in the browser: an implementation of docs/fair-shuffle.md written
// apart from the server's Python, so the verdict does not rest on the server's own code.

import { fromHex, hex, hmacKey, sha256 } from "./sha256.js";

export const ALGORITHM = "sahrat-shuffle-v1";
export const FIRST_HAND = 19;
export const HAND = 18;
const RANKS = "A23456789TJQK";
const SUITS = "SHDC";
const utf8 = new TextEncoder();

/** The 106 cards in canonical order: copy 1, 2; suits S H D C; ranks A..K; then two jokers. */
export function canonicalDeck() {
  const deck = [];
  for (let copy = 0; copy < 2; copy++) {
    for (const suit of SUITS) for (const rank of RANKS) deck.push(rank + suit);
  }
  deck.push("JK", "JK");
  return deck;
}

/** Lowercase hex SHA-256 of the 32 raw secret bytes. */
export async function commitmentOf(secretHex) {
  return hex(await sha256(fromHex(secretHex)));
}

/** The byte stream: HMAC-SHA256(secret, "purpose|client_seed|counter") for counter 0, 1, … */
export class Stream {
  constructor(mac, purpose, clientSeed) {
    this.mac = mac;
    this.prefix = `${purpose}|${clientSeed}|`;
    this.counter = 0;
    this.buffer = new Uint8Array(0);
    this.pos = 0;
  }

  static async open(secretHex, purpose, clientSeed) {
    return new Stream(await hmacKey(fromHex(secretHex)), purpose, clientSeed);
  }

  async read(n) {
    while (this.buffer.length - this.pos < n) {
      const block = await this.mac(utf8.encode(this.prefix + String(this.counter)));
      this.counter += 1;
      const rest = this.buffer.slice(this.pos);
      const joined = new Uint8Array(rest.length + block.length);
      joined.set(rest);
      joined.set(block, rest.length);
      this.buffer = joined;
      this.pos = 0;
    }
    const out = this.buffer.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** A uniform integer in [0, n): big-endian 32-bit words, rejection above the last full range. */
  async below(n) {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const b = await this.read(4);
      const x = ((b[0] << 24) >>> 0) + (b[1] << 16) + (b[2] << 8) + b[3];
      if (x < limit) return x % n;
    }
  }
}

/** Fisher–Yates (Durstenfeld) on a fresh stream; returns a new array. */
export async function shuffle(items, secretHex, purpose, clientSeed) {
  const out = items.slice();
  const stream = await Stream.open(secretHex, purpose, clientSeed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = await stream.below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export function dealDeck(secretHex, clientSeed) {
  return shuffle(canonicalDeck(), secretHex, "deal", clientSeed);
}

export async function firstDealer(secretHex, clientSeed, players) {
  return (await Stream.open(secretHex, "dealer", clientSeed)).below(players);
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

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Re-derive a round from its secret and check it against what the server recorded.
 * Returns {ok, items: [{id, kind, ok, expected, derived, detail?}]}; ``ok`` is false if any
 * item fails or the round cannot be checked (no secret yet, a malformed record).
 */
export async function verifyRound(record) {
  const items = [];
  const add = (id, kind, ok, derived, expected, extra = {}) =>
    items.push({ id, kind, ok: Boolean(ok), derived, expected, ...extra });
  try {
    if (record.algorithm !== ALGORITHM) {
      add("algorithm", "algorithm", false, ALGORITHM, record.algorithm);
      return { ok: false, items };
    }
    if (!record.secret) {
      add("secret", "secret", false, null, null, { detail: "not revealed" });
      return { ok: false, items };
    }
    const { secret, players, dealer } = record;
    const seed = record.client_seed ?? "";
    const recorded = record.recorded || {};
    const commitment = await commitmentOf(secret);
    add("commitment", "commitment", commitment === record.commitment, commitment, record.commitment);
    const deck = await dealDeck(secret, seed);
    add("deck", "deck", same(deck, recorded.deck), deck, recorded.deck);
    const hands = handsFrom(deck, dealer, players);
    for (let seat = 0; seat < players; seat++) {
      const got = (recorded.hands || [])[seat];
      add(`hand-${seat}`, "hand", same(hands[seat], got), hands[seat], got, { seat });
    }
    if (record.number === 1 && record.first_dealer !== null && record.first_dealer !== undefined) {
      const first = await firstDealer(secret, seed, players);
      add("first-dealer", "first_dealer", first === record.first_dealer, first, record.first_dealer);
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
  } catch (error) {
    add("error", "error", false, null, null, { detail: String(error && error.message || error) });
  }
  return { ok: items.length > 0 && items.every((item) => item.ok), items };
}
