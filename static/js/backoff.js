// When to reopen a socket that closed (docs/protocol.md, "Opening and closing a socket"): every
// page that holds a socket (the table, the lobby) waits through this, so a thousand pages
// dropped at once come back spread out, never in lockstep (exponential backoff, full jitter),
// and a server that said it is busy (close code 4503, "busy; retry after N s") is left alone
// for at least N seconds. Pure: no DOM, so node can test it (tests/browser/js_unit/).

export const BUSY = 4503;
export const GOING_AWAY = 1001;
export const BASE_MS = 500;
export const CAP_MS = 10000;
/** a socket open this long was a success: the next failure starts the backoff over */
export const STEADY_MS = 10000;
/** the wait after 4503 when its reason carries no hint */
export const BUSY_DEFAULT_MS = 5000;

/** The hint of a 4503's reason in milliseconds ("busy; retry after 5 s"), or null. */
export function retryHint(reason) {
  const match = /retry after (\d+(?:\.\d+)?) ?s/.exec(reason || "");
  return match ? Number(match[1]) * 1000 : null;
}

/** The wait before the next attempt, after ``attempt`` failures in a row, for this close. */
export function reconnectDelay(attempt, close, random = Math.random) {
  if (close.code === BUSY) {
    const hint = retryHint(close.reason) ?? BUSY_DEFAULT_MS;
    return hint + random() * hint;
  }
  if (close.code === GOING_AWAY) return random() * BASE_MS; // a restart: another process is up
  return random() * Math.min(CAP_MS, BASE_MS * 2 ** attempt);
}

/** One socket's reconnects: ``opened()`` when it opens, ``next(close)`` for the wait after a
 * close (the close event: its code and reason). Counts every reconnect in ``count``. */
export class Backoff {
  constructor(random = Math.random, now = () => Date.now()) {
    this.random = random;
    this.now = now;
    this.attempt = 0;
    this.openedAt = null;
    this.count = 0;
  }

  opened() {
    this.openedAt = this.now();
  }

  next(close) {
    if (this.openedAt !== null && this.now() - this.openedAt >= STEADY_MS) this.attempt = 0;
    this.openedAt = null;
    const wait = reconnectDelay(this.attempt, close, this.random);
    this.attempt += 1;
    this.count += 1;
    return wait;
  }
}

/** Every page's reconnects so far, for a benchmark or a test to read: ``window.sahratReconnects``
 * and ``data-reconnects`` on the root element. */
export function countReconnect() {
  if (typeof window === "undefined") return;
  window.sahratReconnects = (window.sahratReconnects || 0) + 1;
  document.documentElement.dataset.reconnects = String(window.sahratReconnects);
}
