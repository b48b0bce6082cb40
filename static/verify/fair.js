// sahrat-shuffle-v1 in the browser: an implementation of docs/fair-shuffle.md written
// apart from the server's Python, so the verdict does not rest on the server's own code.
// What each game deals from the shuffled deck lives in a module of its own, next to this one
// (banakil.js, pinochle.js: named by the record's "game"), so a new game adds a file here and
// edits nothing.

import { fromHex, hex, hmacKey, sha256 } from "./sha256.js";

export const ALGORITHM = "sahrat-shuffle-v1";
const utf8 = new TextEncoder();

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

export async function firstDealer(secretHex, clientSeed, players) {
  return (await Stream.open(secretHex, "dealer", clientSeed)).below(players);
}

export function same(a, b) {
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
    const { secret } = record;
    const seed = record.client_seed ?? "";
    const commitment = await commitmentOf(secret);
    add("commitment", "commitment", commitment === record.commitment, commitment, record.commitment);
    const name = record.game || "banakil";
    if (!/^[a-z]+$/.test(name)) throw new Error(`unknown game ${name}`);
    const game = await import(`./${name}.js`);
    await game.checkDeal(record, { add, same, shuffle, seed });
    const seats = game.seats(record);
    if (record.number === 1 && record.first_dealer !== null && record.first_dealer !== undefined) {
      const first = await firstDealer(secret, seed, seats);
      add("first-dealer", "first_dealer", first === record.first_dealer, first, record.first_dealer);
    }
  } catch (error) {
    add("error", "error", false, null, null, { detail: String(error && error.message || error) });
  }
  return { ok: items.length > 0 && items.every((item) => item.ok), items };
}
