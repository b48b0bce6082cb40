// The live table: one socket (/ws/table/<id>/, docs/protocol.md), the latest full `state`,
// and a page drawn from it. The server is the authority: every move goes out as an engine
// action and the page redraws from the next `state`; refusals come back as translated toasts.

import { cardElement, cardName, cardSVG, isWild } from "./cards.js";
import { arrangeLayoff, arrangeMeld, banakilPlace, fittingEnds, jokerFits, runSpan } from "./arrange.js";

const app = document.getElementById("table-app");
const t = JSON.parse(document.getElementById("table-strings").textContent);
const slot = (name) => app.querySelector(`[data-slot="${name}"]`);

const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };
const RANK_ORDER = { A: 1, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, T: 10, J: 11, Q: 12, K: 13 };
const URGENT_MS = 5000;
// a turn past its deadline with no news this long after: its time-out's state may have been
// lost on the way (the channel layer delivers at most once), so ask for the current one
const STALE_AFTER_DEADLINE_MS = 3000;
const baseTitle = document.title;

const store = {
  state: null,
  hints: null, // {event, round_no, hints}
  selection: [], // keys "CODE#k": the k-th copy of CODE in the hand
  sort: localStorage.getItem("sahrat.sort") === "rank" ? "rank" : "suit",
  deadlineAt: null, // performance.now() at which the turn ends
  askedAfterDeadline: false, // a resync was asked for once this deadline had long passed
  seedSentFor: null, // round number whose seed went out
  closedSheet: null, // round number whose score sheet the player closed
  ended: null, // the last state that showed a round's result
  seenMelds: new Set(),
  lastPile: null,
  nextId: 1,
  pending: new Map(), // message id -> what to do on "ok"
};

// --- helpers ------------------------------------------------------------------------------------

function fmt(key, params = {}) {
  let text = t[key] ?? key;
  for (const [k, v] of Object.entries(params)) {
    // names and card lists are isolated so Arabic and English mix cleanly in one line
    text = text.replaceAll(`{${k}}`, k === "n" || k === "id" ? v : `\u2068${v}\u2069`);
  }
  return text;
}

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role" || k === "dir" || k === "title" || k === "type" || k === "hidden" || k === "draggable" || k === "tabindex")
      node.setAttribute(k, v === true ? "" : v);
    else node[k] = v;
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function num(text) {
  return String(Number(text));
}

function cardsText(codes) {
  return codes.map((c) => cardName(c, t)).join(document.documentElement.dir === "rtl" ? "، " : ", ");
}

/** A seat's name; a seat no person ever held is a bot, named in the reader's language. */
function seatName(state, seat) {
  const s = state.seats[seat];
  if (!s) return "?";
  return s.user === null && s.bot ? fmt("bot_name", { n: seat + 1 }) : s.name;
}

function myTurn(state = store.state) {
  return !!(state && state.view && state.you !== null && state.view.turn === state.you &&
    state.view.phase !== "ended" && state.round && state.round.status === "playing" &&
    state.match.status === "playing" && !state.seats[state.you].bot);
}

function teamLabel(state, team) {
  if (state.you === null) return team === 0 ? t.team_a : t.team_b;
  return team === state.you % 2 ? t.us : t.them;
}

// --- the hand and the selection -----------------------------------------------------------------

function sortKey(code) {
  if (code === "JK") return [2, 99, 99];
  if (code[0] === "2") return [1, store.sort === "suit" ? SUIT_ORDER[code[1]] : 0, SUIT_ORDER[code[1]]];
  const suit = SUIT_ORDER[code[1]];
  const rank = RANK_ORDER[code[0]];
  return store.sort === "suit" ? [0, suit, rank] : [0, rank, suit];
}

function sortedHand(hand) {
  return hand.slice().sort((a, b) => {
    const ka = sortKey(a);
    const kb = sortKey(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return 0;
  });
}

/** Hand cards with keys: [{code, key}] in display order. */
function keyedHand() {
  const view = store.state?.view;
  if (!view || !view.hand) return [];
  const seen = {};
  return sortedHand(view.hand).map((code) => {
    const k = seen[code] ?? 0;
    seen[code] = k + 1;
    return { code, key: `${code}#${k}` };
  });
}

function selectedCards() {
  return store.selection.map((key) => key.split("#")[0]);
}

function pruneSelection() {
  const keys = new Set(keyedHand().map((c) => c.key));
  store.selection = store.selection.filter((k) => keys.has(k));
}

function toggle(key) {
  const i = store.selection.indexOf(key);
  if (i >= 0) store.selection.splice(i, 1);
  else store.selection.push(key);
  renderHand();
  renderControls();
  renderMeldTargets();
}

function selectCodes(codes) {
  const want = {};
  for (const c of codes) want[c] = (want[c] ?? 0) + 1;
  store.selection = [];
  for (const { code, key } of keyedHand()) {
    if (want[code] > 0) {
      want[code] -= 1;
      store.selection.push(key);
    }
  }
  renderHand();
  renderControls();
  renderMeldTargets();
}

// --- the socket ---------------------------------------------------------------------------------

let socket = null;
let backoff = 500;
let everConnected = false;
let pingTimer = null;
let lastHeard = 0;

// Back from a hidden tab (timers there may have slept): ask for the current state.
document.addEventListener("visibilitychange", () => {
  if (!document.hidden && socket && socket.readyState === WebSocket.OPEN) send({ type: "resync" });
});

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}${app.dataset.ws}`);
  socket.addEventListener("open", () => {
    backoff = 500;
    showBanner(null);
    if (everConnected) send({ type: "resync" });
    everConnected = true;
    clearInterval(pingTimer);
    lastHeard = Date.now();
    pingTimer = setInterval(() => {
      // a socket that stopped answering is dead even if the browser hasn't noticed: reopen it
      if (Date.now() - lastHeard > 60000) socket.close();
      else send({ type: "ping" });
    }, 20000);
  });
  socket.addEventListener("message", (e) => {
    lastHeard = Date.now();
    let message;
    try {
      message = JSON.parse(e.data);
    } catch {
      return;
    }
    receive(message);
  });
  socket.addEventListener("close", (e) => {
    clearInterval(pingTimer);
    if (e.code === 4401 || e.code === 4403) {
      // the session ended, or the table is private to us now: the page says so (no socket)
      location.reload();
      return;
    }
    if (e.code === 4404) {
      showBanner(t.no_match, false);
      return;
    }
    showBanner(t.reconnecting, true);
    setTimeout(connect, backoff + Math.random() * 250);
    backoff = Math.min(backoff * 2, 10000);
  });
}

function send(message, onOk = null) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    toast(t.reconnecting);
    return false;
  }
  const id = store.nextId++;
  if (onOk) store.pending.set(id, onOk);
  socket.send(JSON.stringify({ ...message, id }));
  return true;
}

function act(action, onOk = null) {
  const state = store.state;
  if (!myTurn(state)) {
    toast(t.not_your_turn);
    return;
  }
  send({ type: "action", action, turn_no: state.view.turn_no }, onOk);
}

function receive(message) {
  switch (message.type) {
    case "state":
      onState(message);
      break;
    case "hints":
      if (store.state && message.round_no === store.state.round_no && message.event >= store.state.event) {
        store.hints = message;
        renderHints();
      }
      break;
    case "ok": {
      const done = store.pending.get(message.id);
      store.pending.delete(message.id);
      if (done) done();
      break;
    }
    case "error":
      store.pending.delete(message.id);
      toast(message.message || message.code, "error");
      // the server failed midway (its move may or may not have happened): ask what is true now
      if (message.code === "server_error") setTimeout(() => send({ type: "resync" }), 1000);
      break;
    default:
      break;
  }
}

function isStale(message) {
  const cur = store.state;
  if (!cur) return false;
  if (message.round_no !== cur.round_no) return message.round_no < cur.round_no;
  return message.event < cur.event;
}

function onState(message) {
  if (isStale(message)) return;
  const before = store.state;
  store.state = message;
  if (!before || before.event !== message.event || before.round_no !== message.round_no) store.hints = null;
  const ms = message.clock && message.clock.remaining_ms;
  store.deadlineAt = typeof ms === "number" ? performance.now() + ms : null;
  store.askedAfterDeadline = false;
  pruneSelection();
  const round = message.round;
  if (round && round.status === "seeding" && message.you !== null && !round.seeds_in[message.you] &&
      store.seedSentFor !== round.number) {
    store.seedSentFor = round.number;
    send({ type: "ready", seed: app.dataset.seed || newSeed() });  // the profile's seed, if any
  }
  render(before);
}

function newSeed() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// --- banner, toasts, choices --------------------------------------------------------------------

function showBanner(text, spinning = false) {
  const banner = slot("banner");
  banner.hidden = !text;
  banner.textContent = text || "";
  banner.classList.toggle("spinning", !!spinning);
}

function toast(text, kind = "info") {
  const box = slot("toasts");
  const node = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status", "data-testid": "toast" }, text);
  box.append(node);
  setTimeout(() => node.classList.add("out"), 3600);
  setTimeout(() => node.remove(), 4000);
}

let choiceResolve = null;

/** Ask low/high; resolves "low", "high" or null (cancelled). */
function ask(question, prefix, { low = true, high = true, card = null } = {}) {
  closeChoice(null);
  return new Promise((resolve) => {
    choiceResolve = resolve;
    const btn = (end, label, enabled) =>
      h("button", { type: "button", class: `btn choice-${end}`, "data-action": `${prefix}-${end}`, disabled: !enabled, dir: "ltr",
        onclick: () => closeChoice(end) },
      end === "low" ? h("span", { "aria-hidden": "true" }, "◀") : null, h("span", {}, label),
      end === "high" ? h("span", { "aria-hidden": "true" }, "▶") : null);
    const dialog = h("div", { class: "choice", role: "dialog", "aria-modal": "true", "aria-label": question, "data-testid": "choice" },
      h("div", { class: "choice-box" },
        card ? h("div", { class: "choice-card" }, cardElement(card, t)) : null,
        h("p", { class: "choice-q" }, question),
        h("div", { class: "choice-buttons", dir: "ltr" }, btn("low", t.to_low, low), btn("high", t.to_high, high)),
        h("button", { type: "button", class: "btn btn-ghost btn-small", "data-action": "cancel", onclick: () => closeChoice(null) }, t.cancel)));
    app.append(dialog);
    dialog.querySelector("button:not([disabled])")?.focus();
  });
}

function closeChoice(value) {
  app.querySelector(".choice")?.remove();
  if (choiceResolve) {
    const resolve = choiceResolve;
    choiceResolve = null;
    resolve(value);
  }
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && choiceResolve) closeChoice(null);
});

// --- moves --------------------------------------------------------------------------------------

function clearSelection() {
  store.selection = [];
  renderHand();
  renderControls();
  renderMeldTargets();
}

async function doMeld() {
  const cards = selectedCards();
  if (cards.length < 3) {
    toast(t.select_first);
    return;
  }
  const ordered = await arrangeMeld(cards, (wild) => ask(fmt("where_wild", { card: cardName(wild, t) }), "wild", { card: wild }));
  if (!ordered) return;
  act({ type: "meld", cards: ordered }, clearSelection);
}

function doThrow(cards = selectedCards()) {
  if (cards.length !== 1) {
    toast(t.select_one_throw);
    return;
  }
  act({ type: "throw", card: cards[0] }, clearSelection);
}

function meldById(id) {
  return store.state?.view?.melds.find((m) => m.id === id);
}

async function doLayoff(meldId, end = null, cards = selectedCards()) {
  const meld = meldById(meldId);
  if (!meld) return;
  if (!cards.length) {
    toast(t.select_first);
    return;
  }
  const place = banakilPlace(meld, cards);
  if (place >= 0) {
    const span = runSpan(meld);
    const to = await ask(t.where_banakil, "banakil", { low: span.lo > 1, high: span.hi < 14, card: meld.cards[place] });
    if (!to) return;
    act({ type: "layoff", meld: meldId, cards, banakil_to: to }, clearSelection);
    return;
  }
  if (meld.kind === "set") {
    act({ type: "layoff", meld: meldId, cards, end: end || "high" }, clearSelection);
    return;
  }
  if (!end) {
    const ends = fittingEnds(meld, cards);
    if (ends.length === 1) end = ends[0];
    else if (ends.length === 2) end = await ask(t.where_end, "end");
    else end = "high"; // fits nowhere: the server says why
    if (!end) return;
  }
  const block = arrangeLayoff(meld, cards, end) || cards;
  act({ type: "layoff", meld: meldId, cards: block, end }, clearSelection);
}

function doSwap(meldId) {
  const cards = selectedCards();
  if (cards.length !== 1 || isWild(cards[0])) {
    toast(t.select_one_swap);
    return;
  }
  act({ type: "swap", meld: meldId, card: cards[0] }, clearSelection);
}

function onStock() {
  const view = store.state?.view;
  if (!view) return;
  if (!myTurn()) return toast(t.not_your_turn);
  act({ type: "draw", from: "stock" });
}

function onPile() {
  const view = store.state?.view;
  if (!view) return;
  if (!myTurn()) return toast(t.not_your_turn);
  if (view.phase === "draw") act({ type: "draw", from: "pile" });
  else doThrow();
}

// --- drawing the page ---------------------------------------------------------------------------

function render(before) {
  const state = store.state;
  renderTop(state);
  renderBoard(state, before);
  renderSheet(state);
  renderClock();
}

function renderTop(state) {
  const scores = slot("scores");
  scores.replaceChildren();
  const view = state.view;
  for (const team of [0, 1]) {
    const mine = state.you !== null && team === state.you % 2;
    const names = state.seats.filter((s) => s.team === team).map((s) => seatName(state, s.seat)).join(" · ");
    scores.append(h("div", { class: `score${mine ? " mine" : ""}`, "data-team": team, title: names },
      h("span", { class: "score-team" }, teamLabel(state, team)),
      h("span", { class: "score-total" }, num(state.match.totals[team])),
      h("span", { class: "score-target" }, "/ ", state.match.target),
      view ? h("span", { class: "score-melds" }, fmt("meld_points", { n: num(view.team_meld_points[team]) })) : null));
  }
  slot("round").replaceChildren(state.round ? h("span", { class: "tag" }, fmt("round_no", { n: state.round.number })) : "");
  const c = slot("commitment");
  c.replaceChildren();
  if (state.round) {
    const r = state.round;
    let title = `${t.commitment_help}\n\n${t.commitment}: ${r.commitment}`;
    if (r.secret) title += `\n${t.secret}: ${r.secret}`;
    c.append(h("button", { type: "button", class: "commit", title, "data-action": "commitment", "data-testid": "commitment",
      "aria-expanded": store.commitOpen ? "true" : "false", "aria-controls": "commit-pop" },
    lockIcon(!!r.secret), `${t.commitment} `, h("code", { dir: "ltr" }, r.commitment.slice(0, 8))));
    const row = (label, value) => value ? h("div", { class: "pop-row" }, h("span", {}, label), h("code", { dir: "ltr" }, value)) : null;
    c.append(h("div", { id: "commit-pop", class: "commit-pop", hidden: !store.commitOpen, role: "region", "aria-label": t.commitment },
      h("p", {}, t.commitment_help),
      row(t.commitment, r.commitment),
      row(t.client_seed, r.client_seed),
      row(t.secret, r.secret)));
  }
}

function lockIcon(open) {
  const svg = svgBox("0 0 16 16", "lock");
  const body = document.createElementNS(SVG_NS, "rect");
  Object.entries({ x: 3, y: 7, width: 10, height: 8, rx: 1.5 }).forEach(([k, v]) => body.setAttribute(k, v));
  const shackle = document.createElementNS(SVG_NS, "path");
  shackle.setAttribute("d", open ? "M5 7V4.5a3 3 0 0 1 5.8-1" : "M5 7V4.5a3 3 0 0 1 6 0V7");
  svg.append(shackle, body);
  return svg;
}

/** Where a seat sits on screen: 0 bottom (you), then to your right, opposite, to your left. */
function position(state, seat) {
  const n = state.seats.length;
  const me = state.you ?? 0;
  const rel = (seat - me + n) % n;
  if (n === 2) return rel === 0 ? "bottom" : "top";
  return ["bottom", "right", "top", "left"][rel];
}

function seatBox(state, seat) {
  const view = state.view;
  const s = state.seats[seat];
  const turn = view && view.phase !== "ended" && view.turn === seat && state.round.status === "playing";
  const count = view ? view.hand_counts[seat] : null;
  const me = seat === state.you;
  const name = seatName(state, seat);
  const partner = state.you !== null && !me && s.team === state.you % 2;
  const tags = [];
  if (me) tags.push(h("span", { class: "seat-tag you" }, t.you));
  else if (partner) tags.push(h("span", { class: "seat-tag partner" }, t.partner));
  if (s.bot && s.user !== null) tags.push(h("span", { class: "seat-tag bot" }, t.bot));
  if (s.away) tags.push(h("span", { class: "seat-tag away" }, t.away));
  if (view && view.dealer === seat) tags.push(h("span", { class: "seat-tag dealer", title: t.dealer }, t.dealer));
  if (view && view.has_meld[seat]) tags.push(h("span", { class: "seat-tag melded", title: t.has_meld }, "✓ ", t.has_meld));
  const initial = s.user === null ? "" : (name || "?").trim().charAt(0).toUpperCase();
  const ring = ringSVG();
  const fan = h("div", { class: "fan", "aria-hidden": "true" });
  if (count !== null && !me) {
    const shown = Math.min(count, 7);
    for (let i = 0; i < shown; i++) fan.append(h("span", { class: "fan-card", style: `--i:${i - (shown - 1) / 2}` }, cardSVG(null)));
  }
  const box = h("div", {
    class: `seat team-${s.team}${turn ? " turn" : ""}${s.bot ? " is-bot" : ""}${s.away ? " is-away" : ""}${me ? " me" : ""}`,
    "data-seat": seat,
    "aria-label": `${name}${s.bot && s.user !== null ? " " + t.bot : ""}${count !== null ? " · " + fmt("cards_in_hand", { n: count }) : ""}${turn ? " · " + (me ? t.your_turn : fmt("turn_of", { name })) : ""}`,
    role: "group",
  },
  h("div", { class: "avatar" }, ring, h("span", { class: "avatar-letter" }, initial || botIcon())),
  h("div", { class: "seat-info" },
    h("div", { class: "seat-name" }, name),
    h("div", { class: "seat-tags" }, tags),
    count !== null ? h("div", { class: "seat-count", title: fmt("cards_in_hand", { n: count }) },
      h("span", { class: "count-icon", "aria-hidden": "true" }), h("b", { "data-testid": "hand-count" }, count)) : null,
    null),
  turn ? h("div", { class: "seat-secs", "aria-hidden": "true" }) : null,
  !me ? fan : null);
  return box;
}

const SVG_NS = "http://www.w3.org/2000/svg";

function svgBox(viewBox, cls) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", viewBox);
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  return svg;
}

function botIcon() {
  const svg = svgBox("0 0 24 24", "bot-icon");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", "M11 2h2v3h4a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V8a3 3 0 0 1 3-3h4V2Zm-2 8.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm6 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM8 21h8v1H8z");
  svg.append(path);
  return svg;
}

function ringSVG() {
  const svg = svgBox("0 0 44 44", "ring");
  for (const cls of ["ring-track", "ring-time"]) {
    const c = document.createElementNS(SVG_NS, "circle");
    c.setAttribute("cx", "22");
    c.setAttribute("cy", "22");
    c.setAttribute("r", "20");
    c.setAttribute("class", cls);
    c.setAttribute("pathLength", "100");
    svg.append(c);
  }
  return svg;
}

function renderBoard(state, before) {
  const board = slot("board");
  store.animate = !!before; // nothing flies in on the first drawing of the page
  const view = state.view;
  const felt = h("div", { class: `felt-live players-${state.seats.length}${state.you === null ? " spectator" : ""}` });
  for (let seat = 0; seat < state.seats.length; seat++) {
    if (seat === state.you) continue; // your own seat sits with your hand
    felt.append(h("div", { class: `seat-slot pos-${position(state, seat)}` }, seatBox(state, seat)));
  }
  const center = h("div", { class: `center${view ? "" : " is-seeding"}` });
  const ourTeam = state.you === null ? 0 : state.you % 2;
  center.append(middle(state, before));
  center.append(meldZone(state, 1 - ourTeam, "top"));
  center.append(meldZone(state, ourTeam, "bottom"));
  felt.append(center);
  const parts = [felt];
  if (state.you !== null) parts.push(handArea(state));
  else parts.push(h("p", { class: "watching" }, t.watching));
  board.replaceChildren(...parts);
  if (view) {
    store.seenMelds = new Set(view.melds.map((m) => `${state.round_no}:${m.id}:${m.cards.length}`));
    store.lastPile = `${state.round_no}:${view.pile_size}:${view.pile_top}`;
  }
  renderHand();
  renderControls();
  renderMeldTargets();
  renderHints();
}

function meldZone(state, team, where) {
  const view = state.view;
  const label = state.you === null ? fmt("team_melds", { team: teamLabel(state, team) }) : team === state.you % 2 ? t.our_melds : t.their_melds;
  const zone = h("section", { class: `meld-zone zone-${where} team-${team}`, "aria-label": label, "data-team": team },
    h("h2", { class: "zone-title" }, label, view ? h("span", { class: "zone-points" }, num(view.team_meld_points[team])) : null));
  const list = h("div", { class: "meld-list" });
  const melds = view ? view.melds.filter((m) => m.team === team) : [];
  if (!melds.length) list.append(h("p", { class: "no-melds" }, t.no_melds));
  for (const m of melds) list.append(meldBox(state, m));
  zone.append(list);
  return zone;
}

function meldBox(state, m) {
  const fresh = store.animate && !store.seenMelds.has(`${state.round_no}:${m.id}:${m.cards.length}`) && store.state.view.phase !== "ended";
  const owner = seatName(state, m.owner);
  const label = fmt("meld_label", { id: m.id, name: owner, cards: cardsText(m.cards) });
  const ours = state.you !== null && m.team === state.you % 2;
  const box = h("div", {
    class: `meld meld-${m.kind}${fresh ? " fresh" : ""}${ours ? " ours" : ""}`,
    "data-meld-id": m.id, "data-kind": m.kind, dir: "ltr", role: "group", "aria-label": label,
  });
  if (ours) {
    box.append(h("button", { type: "button", class: "end end-low", "data-end": "low", "data-meld": m.id,
      "aria-label": fmt("lay_off_low", { id: m.id }), title: t.low_end }, "+"));
  }
  const cards = h("div", { class: "meld-cards" });
  m.cards.forEach((code, i) => {
    const wildFor = isWild(code) ? m.stands_for[i] : null;
    const forText = wildFor ? (wildFor.endsWith("*") ? `${t[`rank_${wildFor[0]}`]} · ${t.any_suit}` : cardName(wildFor, t)) : null;
    const name = wildFor ? fmt("wild_for", { card: cardName(code, t), for: forText }) : cardName(code, t);
    let node;
    if (code === "JK" && ours) {
      node = cardElement(code, t, { tag: "button", label: `${name} — ${fmt("swap_label", { id: m.id })}` });
      node.dataset.swap = m.id;
      node.classList.add("swappable");
    } else {
      node = cardElement(code, t, { label: name });
    }
    if (wildFor) {
      node.append(h("span", { class: "stands", "aria-hidden": "true" }, wildFor.endsWith("*") ? wildFor[0] : shortCard(wildFor)));
    }
    cards.append(node);
  });
  box.append(cards);
  if (ours) {
    box.append(h("button", { type: "button", class: "end end-high", "data-end": "high", "data-meld": m.id,
      "aria-label": fmt("lay_off_high", { id: m.id }), title: t.high_end }, "+"));
  }
  box.append(h("span", { class: "meld-points", "aria-hidden": "true" }, num(m.points)));
  box.append(h("span", { class: "meld-id", "aria-hidden": "true" }, m.id));
  return box;
}

function shortCard(code) {
  const rank = code[0] === "T" ? "10" : code[0];
  return rank + { S: "♠", H: "♥", D: "♦", C: "♣" }[code[1]];
}

function middle(state, before) {
  const view = state.view;
  const mid = h("div", { class: "middle" });
  if (!view) {
    const r = state.round;
    mid.append(h("div", { class: "seeding", "data-testid": "seeding" },
      h("div", { class: "shuffle", "aria-hidden": "true" }, cardSVG(null), cardSVG(null), cardSVG(null)),
      h("p", {}, t.seeding),
      r ? h("p", { class: "muted small", title: t.commitment_help }, `${t.commitment}: `, h("code", { dir: "ltr" }, r.commitment.slice(0, 16) + "…")) : null));
    return mid;
  }
  const canDraw = myTurn(state) && view.phase === "draw";
  const stack = h("div", { class: "stack", "aria-hidden": "true" });
  const layers = Math.min(4, Math.ceil(view.stock_size / 20));
  for (let i = 0; i < Math.max(1, layers); i++) stack.append(h("span", { class: "stack-card", style: `--i:${i}` }, cardSVG(null)));
  const stock = h("button", {
    type: "button", class: `stock${canDraw ? " can-act" : ""}${view.stock_size === 0 ? " empty" : ""}`, "data-testid": "stock",
    "aria-label": fmt("stock_label", { n: view.stock_size }), title: t.stock,
  }, stack, h("span", { class: "pile-label" }, t.stock, " · ", h("b", {}, view.stock_size)));
  const pileName = view.pile_top ? cardName(view.pile_top, t) : "";
  const pileKey = `${state.round_no}:${view.pile_size}:${view.pile_top}`;
  const pileCards = h("div", { class: "pile-cards", "aria-hidden": "true" });
  if (view.pile_size > 1) pileCards.append(h("span", { class: "under" }, cardSVG(null)));
  if (view.pile_top) {
    const top = cardElement(view.pile_top, t);
    if (store.animate && store.lastPile && store.lastPile !== pileKey) top.classList.add("landed");
    pileCards.append(top);
  } else {
    pileCards.append(h("span", { class: "pile-empty" }));
  }
  const canThrow = myTurn(state) && view.phase === "play";
  const pile = h("button", {
    type: "button", class: `pile${canDraw || canThrow ? " can-act" : ""}`, "data-testid": "pile",
    "aria-label": view.pile_top ? fmt("pile_label", { n: view.pile_size, card: pileName }) : t.pile_empty, title: t.pile,
  }, pileCards, h("span", { class: "pile-label" }, t.pile, " · ", h("b", {}, view.pile_size)));
  mid.append(h("div", { class: "piles" }, stock, pile));
  mid.append(logList(state));
  return mid;
}

function logList(state) {
  const list = h("ol", { class: "log", "aria-live": "polite" });
  const entries = state.view.last_actions.slice(-3);
  for (const a of entries) {
    const name = seatName(state, a.seat);
    let text = "";
    if (a.type === "draw") {
      if (a.from === "pile") text = fmt("log_draw_pile", { name, card: cardName(a.card, t) });
      else if (a.card) text = fmt("log_draw_stock_card", { name, card: cardName(a.card, t) });
      else text = fmt("log_draw_stock", { name });
    } else if (a.type === "meld") text = fmt("log_meld", { name, cards: cardsText(a.cards || []) });
    else if (a.type === "layoff") text = fmt("log_layoff", { name, cards: cardsText(a.cards || []) });
    else if (a.type === "swap") text = fmt("log_swap", { name, card: cardName(a.card, t) });
    else if (a.type === "throw") text = fmt("log_throw", { name, card: cardName(a.card, t) });
    else continue;
    list.append(h("li", {}, text));
  }
  if (!list.children.length) list.hidden = true;
  return list;
}

function handArea(state) {
  const view = state.view;
  const area = h("section", { class: "hand-area", "aria-label": t.your_hand });
  area.append(h("div", { class: "prompt-row" },
    seatBox(state, state.you),
    h("div", { class: "prompt-main" },
      h("p", { class: "prompt", "data-slot-local": "prompt", role: "status" }, prompt(state)),
      h("div", { class: "turn-bar", "aria-hidden": "true" }, h("span", { class: "turn-fill" })))));
  area.append(h("div", { class: "hand", dir: "ltr", "data-testid": "hand", role: "group", "aria-label": t.your_hand }));
  area.append(h("div", { class: "controls" }));
  area.append(h("div", { class: "hints-panel", hidden: true, "data-testid": "hints-panel" }));
  if (!view) area.querySelector(".hand").append(h("p", { class: "muted" }, t.seeding));
  return area;
}

function prompt(state) {
  const view = state.view;
  if (!view) return t.seeding;
  if (view.phase === "ended" || state.round.status !== "playing") return "";
  if (state.seats[state.you].bot) return t.bot_has_seat;
  if (!myTurn(state)) return fmt("waiting_for", { name: seatName(state, view.turn) });
  if (view.phase === "draw") return t.do_draw;
  if (view.must_go_down.length) return fmt("do_owed", { card: cardName(view.must_go_down[0], t) });
  if (view.turn_no === 1 && view.turn === view.starter) return t.do_first;
  return t.do_play;
}

function renderHand() {
  const hand = app.querySelector(".hand");
  const state = store.state;
  if (!hand || !state || !state.view || !state.view.hand) return;
  const view = state.view;
  const focused = document.activeElement?.dataset?.key;
  const owed = myTurn(state) ? [...view.must_go_down] : [];
  let drawn = view.drawn;
  const cards = keyedHand();
  const nodes = cards.map(({ code, key }) => {
    const node = cardElement(code, t, { tag: "button" });
    node.dataset.key = key;
    node.draggable = myTurn(state) && view.phase === "play";
    const picked = store.selection.includes(key);
    node.classList.toggle("selected", picked);
    node.setAttribute("aria-pressed", picked ? "true" : "false");
    const owedAt = owed.indexOf(code);
    if (owedAt >= 0) {
      owed.splice(owedAt, 1);
      node.classList.add("owed");
      node.append(h("span", { class: "badge owed-badge" }, t.must_go_down));
      node.setAttribute("aria-label", `${node.getAttribute("aria-label")} — ${t.must_go_down}`);
    }
    if (drawn && code === drawn) {
      drawn = null;
      node.classList.add("drawn");
      const mark = `${state.round_no}:${view.turn_no}:${code}`;
      if (store.drawnShown !== mark) {
        store.drawnShown = mark;
        node.classList.add("arrive");
      }
      node.setAttribute("aria-label", `${node.getAttribute("aria-label")} — ${t.drawn}`);
    }
    return node;
  });
  hand.replaceChildren(...nodes);
  hand.style.setProperty("--n", String(nodes.length));
  if (focused) hand.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  markHints();
}

function renderControls() {
  const box = app.querySelector(".controls");
  const state = store.state;
  if (!box || !state) return;
  const view = state.view;
  const mine = myTurn(state);
  const play = mine && view && view.phase === "play";
  app.classList.toggle("bot-has-seat", !!(state.you !== null && state.seats[state.you].bot));
  const n = store.selection.length;
  const button = (action, label, enabled, cls = "") =>
    h("button", { type: "button", class: `btn ${cls}`, "data-action": action, disabled: !enabled }, label);
  box.replaceChildren(
    h("div", { class: "control-group main" },
      button("meld", t.meld, play && n >= 3),
      button("throw", t.throw, play && n === 1, "btn-throw"),
      button("hints", t.hints, !!view && view.phase !== "ended", "btn-ghost")),
    h("div", { class: "control-group side" },
      h("span", { class: "selected-count", "aria-live": "polite" }, n ? fmt("selected", { n }) : ""),
      button("clear", t.clear, n > 0, "btn-ghost btn-small"),
      h("span", { class: "sorts", role: "group" },
        h("button", { type: "button", class: `chip-btn${store.sort === "suit" ? " on" : ""}`, "data-action": "sort-suit", "aria-pressed": store.sort === "suit" ? "true" : "false" }, "♠♥ ", t.sort_suit),
        h("button", { type: "button", class: `chip-btn${store.sort === "rank" ? " on" : ""}`, "data-action": "sort-rank", "aria-pressed": store.sort === "rank" ? "true" : "false" }, "A23 ", t.sort_rank))));
  const p = app.querySelector("[data-slot-local=prompt]");
  if (p) {
    p.textContent = prompt(state);
    p.classList.toggle("mine", mine);
  }
  document.title = `${mine ? "● " + t.your_turn + " · " : ""}${baseTitle}`;
}

/** Show the end zones of melds the selection could go on (and every team meld while dragging). */
function renderMeldTargets() {
  const state = store.state;
  if (!state || !state.view) return;
  const cards = selectedCards();
  const live = myTurn(state) && state.view.phase === "play" && cards.length > 0;
  app.classList.toggle("can-lay-off", live);
  for (const node of app.querySelectorAll(".meld.ours")) {
    const meld = meldById(Number(node.dataset.meldId));
    if (!meld) continue;
    const ends = live ? fittingEnds(meld, cards) : [];
    const banakil = live && banakilPlace(meld, cards) >= 0;
    node.classList.toggle("fits", ends.length > 0 || banakil);
    for (const end of node.querySelectorAll(".end")) end.classList.toggle("fits", ends.includes(end.dataset.end) || banakil);
    const swap = node.querySelector("[data-swap]");
    if (swap) swap.classList.toggle("fits", live && cards.length === 1 && jokerFits(meld, cards[0]));
  }
}

function renderHints() {
  const panel = app.querySelector(".hints-panel");
  if (!panel) return;
  const hints = store.hints && store.hints.hints;
  if (!hints) {
    panel.hidden = true;
    panel.replaceChildren();
    markHints();
    return;
  }
  panel.hidden = false;
  const items = [];
  const nothing = !hints.melds.length && !hints.layoffs.length && !hints.swaps.length && !hints.pile;
  if (nothing) items.push(h("p", {}, t.hints_none));
  if (hints.pile) items.push(h("p", {}, t.hints_pile));
  if (hints.melds.length) {
    items.push(h("p", {}, fmt("hints_melds", { n: num(hints.meld_points) })));
    const row = h("div", { class: "hint-melds" });
    hints.melds.forEach((cards, i) => {
      const chip = h("button", { type: "button", class: "hint-chip", "data-action": `hint-meld-${i}`, "aria-label": `${t.hint_select}: ${cardsText(cards)}`, dir: "ltr" });
      for (const c of cards) chip.append(cardElement(c, t));
      chip.addEventListener("click", () => selectCodes(cards));
      row.append(chip);
    });
    items.push(row);
  }
  const chips = (label, list, cardsOf) => {
    items.push(h("p", {}, label));
    const row = h("div", { class: "hint-melds" });
    list.slice(0, 6).forEach((entry) => {
      const cards = cardsOf(entry);
      const chip = h("button", { type: "button", class: "hint-chip", "aria-label": `${t.hint_select}: ${cardsText(cards)}`, dir: "ltr" });
      for (const c of cards) chip.append(cardElement(c, t));
      chip.append(h("span", { class: "hint-to", "aria-hidden": "true" }, `→ ${entry.meld}`));
      chip.addEventListener("click", () => selectCodes(cards));
      row.append(chip);
    });
    items.push(row);
  };
  if (hints.layoffs.length) chips(fmt("hints_layoffs", { n: hints.layoffs.length }), hints.layoffs, (a) => a.cards);
  if (hints.swaps.length) chips(fmt("hints_swaps", { n: hints.swaps.length }), hints.swaps, (a) => [a.card]);
  panel.replaceChildren(...items);
  markHints();
}

function markHints() {
  for (const node of app.querySelectorAll(".hint, .hint-target, .hint-swap, .hint-pile")) {
    node.classList.remove("hint", "hint-target", "hint-swap", "hint-pile");
  }
  const hints = store.hints && store.hints.hints;
  if (!hints) return;
  const handNodes = [...app.querySelectorAll(".hand [data-card]")];
  const mark = (codes) => {
    const used = new Set();
    for (const c of codes) {
      const node = handNodes.find((n, i) => n.dataset.card === c && !used.has(i) && (used.add(i) || true));
      if (node) node.classList.add("hint");
    }
  };
  for (const cards of hints.melds) mark(cards);
  for (const a of hints.layoffs) {
    mark(a.cards);
    const meld = app.querySelector(`.meld[data-meld-id="${a.meld}"]`);
    if (!meld) continue;
    if (a.end) meld.querySelector(`[data-end="${a.end}"]`)?.classList.add("hint-target");
    else meld.classList.add("hint-target");
  }
  for (const s of hints.swaps) {
    mark([s.card]);
    app.querySelector(`.meld[data-meld-id="${s.meld}"] [data-swap]`)?.classList.add("hint-swap");
  }
  if (hints.pile) app.querySelector("[data-testid=pile]")?.classList.add("hint-pile");
}

// --- the round's end and the match's end --------------------------------------------------------

function renderSheet(current) {
  let sheet = app.querySelector(".sheet");
  // The last round's sheet stays up while the next round is being seeded.
  if (current.view && current.view.result) store.ended = current;
  else if (!(current.round && current.round.status === "seeding" && store.ended && store.ended.round_no === current.round_no - 1)) store.ended = null;
  const state = current.match.status !== "playing" ? { ...(store.ended || current), match: current.match, seats: current.seats } : store.ended || current;
  const view = state.view;
  const over = state.match.status !== "playing";
  const result = view && view.result;
  if (!result && !over) {
    sheet?.remove();
    return;
  }
  if (!over && store.closedSheet === state.round_no) {
    sheet?.remove();
    return;
  }
  sheet?.remove();
  const box = h("div", { class: "sheet-box" });
  sheet = h("div", { class: "sheet", role: "dialog", "aria-modal": "false", "aria-labelledby": "sheet-title", "data-testid": over ? "match-end" : "score-sheet" }, box);
  if (over) {
    let title = t.abandoned;
    if (state.match.status === "finished") {
      const w = state.match.winner;
      if (state.you === null) title = fmt("winner", { team: teamLabel(state, w) });
      else title = w === state.you % 2 ? t.we_win : t.we_lose;
    }
    box.append(h("h2", { id: "sheet-title", class: `sheet-title${state.match.winner !== null && state.you !== null && state.match.winner === state.you % 2 ? " win" : ""}` }, state.match.status === "finished" ? "🏆 " : "", t.match_over));
    box.append(h("p", { class: "sheet-lead", "data-testid": "match-result" }, title));
    box.append(h("h3", {}, t.final_totals));
    box.append(h("div", { class: "totals" }, [0, 1].map((team) =>
      h("div", { class: `total${state.match.winner === team ? " won" : ""}` },
        h("span", {}, teamLabel(state, team)),
        h("small", {}, state.seats.filter((s) => s.team === team).map((s) => seatName(state, s.seat)).join(" · ")),
        h("b", {}, num(state.match.totals[team]))))));
    const coins = current.match.coins;
    if (coins && state.you !== null && coins[state.you] !== null && coins[state.you] !== undefined) {
      const n = coins[state.you];
      box.append(h("p", { class: `sheet-coins ${n > 0 ? "up" : n < 0 ? "down" : ""}`, "data-testid": "match-coins" },
        fmt("coins_result", { n: `\u2066${n > 0 ? `+${n}` : n}\u2069` })));
    }
    box.append(h("div", { class: "sheet-actions center" },
      h("a", { class: "btn", href: app.dataset.lobby, "data-action": "lobby" }, t.back_to_lobby)));
  }
  if (result) {
    if (!over) box.append(h("h2", { id: "sheet-title", class: "sheet-title" }, fmt("score_sheet", { n: state.round_no })));
    else box.append(h("h3", {}, fmt("score_sheet", { n: state.round_no })));
    let lead = t.exhausted;
    if (result.out_seat !== null && result.out_seat !== undefined) {
      lead = fmt(result.reason === "out_by_throw" ? "went_out_throw" : "went_out", { name: seatName(state, result.out_seat) });
    }
    box.append(h("p", { class: "sheet-lead" }, lead, result.nazla ? h("span", { class: "nazla", "data-testid": "nazla" }, t.nazla) : null));
    const handPts = [0, 1].map((team) => state.seats.filter((s) => s.team === team).reduce((sum, s) => sum + Number(result.hand_points[s.seat]), 0));
    const rows = [
      [t.row_melds, result.meld_points.map(num)],
      [t.row_hands, handPts.map((p) => (p ? `-${num(p)}` : "0"))],
      [t.row_bonus, result.bonus.map(num)],
      [t.row_round, result.team_points.map(num), "strong"],
      [t.row_total, state.match.totals.map(num), "row-total"],
    ];
    const table = h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, teamLabel(state, 0)), h("th", {}, teamLabel(state, 1)))),
      h("tbody", {}, rows.map(([label, values, cls]) => h("tr", { class: cls || "" }, h("th", { scope: "row" }, label), values.map((v) => h("td", { dir: "ltr" }, v))))));
    box.append(table);
    box.append(h("h3", {}, t.hands_left));
    const hands = h("div", { class: "left-hands" });
    state.seats.forEach((s) => {
      const cards = result.hands[s.seat] || [];
      const row = h("div", { class: "left-hand", dir: "ltr" });
      for (const c of cards) row.append(cardElement(c, t));
      hands.append(h("div", { class: "left-row" },
        h("div", { class: "left-name" }, seatName(state, s.seat), h("small", { dir: "ltr" }, cards.length ? `-${num(result.hand_points[s.seat])}` : "✓")), row));
    });
    box.append(hands);
  }
  if (result) {
    // the round's deal, re-derived in the browser from the secret revealed at its end
    box.append(h("p", { class: "sheet-verify" },
      h("a", { href: `/verify/matches/${state.match.id}/rounds/${state.round_no}/`, target: "_blank", rel: "noopener", "data-action": "verify" }, t.verify_deal)));
    const next = current.round && current.round.number === state.round_no ? current.round.next_commitment : null;
    if (next) {  // the next round's secret is fixed already: its fingerprint, before any seed
      box.append(h("p", { class: "sheet-verify muted", "data-testid": "next-commitment" },
        t.next_commitment, " ", h("code", { dir: "ltr", title: next }, `${next.slice(0, 16)}…`)));
    }
  }
  if (!over) {
    box.append(h("div", { class: "sheet-actions" },
      h("p", { class: "muted" }, t.next_round),
      h("button", { type: "button", class: "btn btn-ghost", "data-action": "close-sheet" }, t.close)));
  }
  app.append(sheet);
}

// --- the clock ----------------------------------------------------------------------------------

function renderClock() {
  const state = store.state;
  if (!state) return;
  const total = (state.clock.turn_seconds || 20) * 1000;
  const left = store.deadlineAt === null ? null : Math.max(0, store.deadlineAt - performance.now());
  const frac = left === null ? 0 : Math.min(1, left / total);
  const urgent = left !== null && left < URGENT_MS;
  if (left === 0 && !store.askedAfterDeadline &&
      performance.now() - store.deadlineAt > STALE_AFTER_DEADLINE_MS &&
      socket && socket.readyState === WebSocket.OPEN) {
    store.askedAfterDeadline = true;
    send({ type: "resync" });
  }
  for (const seat of app.querySelectorAll(".seat.turn")) {
    seat.classList.toggle("urgent", urgent);
    const ring = seat.querySelector(".ring-time");
    if (ring) ring.style.strokeDashoffset = String(100 - frac * 100);
    const secs = seat.querySelector(".seat-secs");
    if (secs) secs.textContent = left === null ? "" : String(Math.ceil(left / 1000));
  }
  const bar = app.querySelector(".turn-bar");
  if (bar) {
    const mine = myTurn(state);
    bar.classList.toggle("on", mine && left !== null);
    bar.classList.toggle("urgent", urgent);
    bar.style.setProperty("--left", String(frac));
    bar.setAttribute("title", left === null ? "" : fmt("seconds_left", { n: Math.ceil(left / 1000) }));
  }
}

setInterval(renderClock, 200);

// --- input --------------------------------------------------------------------------------------

app.addEventListener("click", (e) => {
  const target = e.target.closest("button, a");
  if (!target || !app.contains(target)) return;
  if (target.closest(".choice") || target.closest(".hint-chip")) return;
  const action = target.dataset.action;
  if (action) {
    switch (action) {
      case "meld": return void doMeld();
      case "throw": return void doThrow();
      case "hints":
        if (store.hints) {
          store.hints = null;
          renderHints();
        } else send({ type: "hints" });
        return;
      case "sort-suit":
      case "sort-rank":
        store.sort = action === "sort-suit" ? "suit" : "rank";
        localStorage.setItem("sahrat.sort", store.sort);
        renderHand();
        renderControls();
        return;
      case "clear":
        clearSelection();
        return;
      case "commitment":
        store.commitOpen = !store.commitOpen;
        renderTop(store.state);
        return;
      case "close-sheet":
        store.closedSheet = (store.ended || store.state).round_no;
        app.querySelector(".sheet")?.remove();
        return;
      default:
        return;
    }
  }
  if (target.dataset.key) return toggle(target.dataset.key);
  if (target.dataset.testid === "stock") return onStock();
  if (target.dataset.testid === "pile") return onPile();
  if (target.dataset.end) return void doLayoff(Number(target.dataset.meld), target.dataset.end);
  if (target.dataset.swap) return doSwap(Number(target.dataset.swap));
});

// A click on a meld's body (not an end zone): lay the selection off where it fits.
app.addEventListener("click", (e) => {
  if (e.target.closest("button")) return;
  const meld = e.target.closest(".meld.ours");
  if (!meld || !store.selection.length || !myTurn()) return;
  doLayoff(Number(meld.dataset.meldId));
});

// Drag the selection (or the dragged card) onto a meld or one of its ends.
app.addEventListener("dragstart", (e) => {
  const card = e.target.closest(".hand [data-key]");
  if (!card) return;
  if (!store.selection.includes(card.dataset.key)) {
    store.selection = [card.dataset.key];
    renderMeldTargets();
    for (const n of app.querySelectorAll(".hand [data-key]")) n.classList.toggle("selected", n.dataset.key === card.dataset.key);
  }
  e.dataTransfer.setData("text/plain", selectedCards().join(" "));
  e.dataTransfer.effectAllowed = "move";
  app.classList.add("dragging");
});

app.addEventListener("dragend", () => {
  app.classList.remove("dragging");
  for (const n of app.querySelectorAll(".drop-over")) n.classList.remove("drop-over");
});

function dropTarget(e) {
  return e.target.closest(".meld.ours .end, .meld.ours, [data-testid=pile]");
}

app.addEventListener("dragover", (e) => {
  const target = dropTarget(e);
  if (!target) return;
  e.preventDefault();
  e.dataTransfer.dropEffect = "move";
  for (const n of app.querySelectorAll(".drop-over")) if (n !== target) n.classList.remove("drop-over");
  target.classList.add("drop-over");
});

app.addEventListener("drop", (e) => {
  const target = dropTarget(e);
  app.classList.remove("dragging");
  for (const n of app.querySelectorAll(".drop-over")) n.classList.remove("drop-over");
  if (!target) return;
  e.preventDefault();
  if (target.dataset.testid === "pile") return doThrow();
  if (target.dataset.end) return void doLayoff(Number(target.dataset.meld), target.dataset.end);
  doLayoff(Number(target.dataset.meldId));
});

// Leaving mid-match hands the seat to a bot (or to the clock at coin tables): ask first.
app.addEventListener("submit", (e) => {
  if (e.target.querySelector("[data-action=leave]") && store.state?.match.status === "playing" && !window.confirm(t.leave_confirm)) {
    e.preventDefault();
  }
});

// --- start --------------------------------------------------------------------------------------

window.sahratTable = Object.freeze({
  get state() {
    return store.state;
  },
  get hints() {
    return store.hints;
  },
  get selection() {
    return selectedCards();
  },
});

connect();
