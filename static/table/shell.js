// The live table's shell, the same for every game: one socket (/ws/table/<id>/,
// docs/protocol.md) with reconnect, backoff and resync; the latest full `state` (stale ones
// dropped by round and event number); seats around the felt (names, bot, away, whose turn,
// teams, the turn clock's ring and its last seconds); the score header; toasts, banners, the
// choice dialog, the score-sheet frame and the match's end; sounds; and the "played for you"
// notice when the clock or a bot moved for this seat.
//
// The game is a module next to this one, named by the page (data-game="banakil" loads
// ./banakil.js). The server is the authority: moves go out as engine actions and the page
// redraws from the next `state`.
//
// ---- The game module interface ---------------------------------------------------------------
//
// A game module exports createGame(shell) and returns:
//
//   mount(parts)              once, before the first render: parts = {center, hand, controls,
//                             side, panel} (empty elements the shell placed: the middle of the
//                             felt, the hand's box, the action buttons' bar, a small tool column
//                             beside the hand, a panel under it).
//   render(state, before)     every new state (before: the previous one, or null).
//   prompt(state) -> string   what the seated player should do now ("" for nothing).
//   renderSheet(box, state)   the score sheet's body for a round with a result (the shell adds
//                             the title, the verify link and the buttons).
//   describe(last, state)     one action in words (state.last, from docs/protocol.md), for the
//                             "played for you" notice.
//   soundOf(last) -> name     the sound of an action ("draw", "throw", "meld" or null).
//   Optional: seatTags(state, seat) -> [nodes]; teamExtra(state, team) -> text;
//             matchSheet(box, state): the game's own part of the match's end sheet (after the
//             totals and the coins; state: the last round's with the current match);
//             onMessage(message) for message types the shell does not know (e.g. "hints");
//             layout() after the window changed size.
//
// The shell reads these fields of the game's view by convention: turn, turn_no, phase
// ("ended" once over), hand_counts[], result (non-null when the round is over); and
// round.dealer.
//
// The shell object the game gets: app, t, fmt, h, num, signed, state (getter), send(message,
// onOk, onError), act(action, onOk), toast(text, kind), ask(question, options), myTurn(state),
// seatName(state, seat), teamLabel(state, team), seatElement(seat), seatPlace(seat) (the box
// the seat sits in), redraw() (header, seats and sheet again), sound(name),
// fly(code, fromRect, toElementOrRect, options), rectOf(element), overlay(name, {box, opener,
// close}) and overlayClosed(name) (a popover, panel or dialog is open / was closed by its owner:
// see "overlays" below).
//
// Table talk (quick phrases, muting: ./talk.js) and the rematch (./rematch.js) are the shell's
// own modules, the same for every game.

import { Backoff, BUSY, countReconnect } from "../js/backoff.js";
import { cardElement, cardSVG } from "./cards.js";
import { createRematch } from "./rematch.js";
import * as sounds from "./sounds.js";
import { createTalk } from "./talk.js";
import { h, num, reducedMotion, signed, signedNode, strings, svgBox, svgEl } from "./ui.js";

const app = document.getElementById("table-app");
const { t, fmt } = strings(JSON.parse(document.getElementById("table-strings").textContent));
const slot = (name) => app.querySelector(`[data-slot="${name}"]`);

const URGENT_MS = 5000;
// a turn past its deadline with no news this long after: its time-out's state may have been
// lost on the way (the channel layer delivers at most once), so ask for the current one
const STALE_AFTER_DEADLINE_MS = 3000;
const baseTitle = document.title;

const store = {
  state: null,
  deadlineAt: null, // performance.now() at which the turn ends
  askedAfterDeadline: false, // a resync was asked for once this deadline had long passed
  seedSentFor: null, // round number whose seed went out
  closedSheet: null, // round number whose score sheet the player closed
  ended: null, // the last state that showed a round's result
  tickedAt: null, // the last whole second that ticked
  nextId: 1,
  pending: new Map(), // message id -> what to do on "ok"
  failing: new Map(), // message id -> what to do on its "error" (besides the toast)
  notice: null, // {round, actor, events: [text], since}: what the clock or a bot did for you
  soundLog: [], // the last sounds asked for (tests read it): {name, played}
};

let game = null;
let parts = null;
let talk = null; // quick phrases and muting (talk.js)
let rematch = null; // "Play again" at the match's end (rematch.js)

// --- small things the game uses too ---------------------------------------------------------

/** A seat's name; a seat no person ever held is a bot, named in the reader's language. */
function seatName(state, seat) {
  const s = state.seats[seat];
  if (!s) return "?";
  return s.user === null && s.bot ? fmt("bot_name", { n: seat + 1 }) : s.name;
}

function myTurn(state = store.state) {
  const view = state && state.view;
  return !!(view && state.you !== null && view.turn === state.you && view.phase !== "ended" &&
    state.round && state.round.status === "playing" && state.match.status === "playing" &&
    !state.seats[state.you].bot);
}

function teamLabel(state, team) {
  if (state.match.totals.length > 2) {
    const members = state.seats.filter((s) => s.team === team);
    if (members.length === 1) { // each seat for itself (three-handed): the seat's name
      return members[0].seat === state.you ? t.you : seatName(state, members[0].seat);
    }
    return team === mySide(state) ? t.us : fmt("team_n", { n: team + 1 }); // four teams of two
  }
  if (state.you === null) return team === 0 ? t.team_a : t.team_b;
  return team === mySide(state) ? t.us : t.them;
}

/** The side (team, or seat three-handed) the reader plays for; null for a spectator. */
function mySide(state) {
  return state.you === null ? null : state.seats[state.you].team;
}

function rectOf(node) {
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return r.width || r.height ? r : null;
}

function sound(name) {
  const played = sounds.play(name);
  store.soundLog.push({ name, played, muted: sounds.isMuted() });
  if (store.soundLog.length > 30) store.soundLog.shift();
  return played;
}

/**
 * A card flying across the table (a draw, a throw, a lay-off): a copy of the card moves from
 * one box to another above everything, then goes. Nothing under prefers-reduced-motion.
 */
function fly(code, from, to, { delay = 0, duration = 380, width = null } = {}) {
  if (reducedMotion() || !from) return;
  const target = to instanceof Element ? rectOf(to) : to;
  if (!target) return;
  const w = width || Math.min(72, Math.max(34, target.width || 60));
  const node = code ? cardElement(code, t) : h("span", { class: "pcard back" }, cardSVG(null));
  node.classList.add("flying");
  node.setAttribute("aria-hidden", "true");
  node.style.width = `${w}px`;
  const fx = from.left + from.width / 2 - w / 2;
  const fy = from.top + from.height / 2 - (w * 1.4) / 2;
  const tx = target.left + target.width / 2 - w / 2;
  const ty = target.top + target.height / 2 - (w * 1.4) / 2;
  node.style.left = `${fx}px`;
  node.style.top = `${fy}px`;
  document.body.append(node);
  const move = node.animate(
    [
      { transform: "translate(0, 0) rotate(0deg)", opacity: 0.95 },
      { transform: `translate(${tx - fx}px, ${ty - fy}px) rotate(${tx > fx ? 8 : -8}deg)`, opacity: 1 },
    ],
    { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "both" },
  );
  move.onfinish = () => node.remove();
  move.oncancel = () => node.remove();
}

// --- the socket -------------------------------------------------------------------------------

let socket = null;
const backoff = new Backoff(); // exponential, full jitter; 4503 waits its hint (backoff.js)
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
    backoff.opened();
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
    showBanner(e.code === BUSY ? t.busy : t.reconnecting, true);
    setTimeout(connect, backoff.next(e));
    countReconnect();
  });
}

function send(message, onOk = null, onError = null) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    toast(t.reconnecting);
    return false;
  }
  const id = store.nextId++;
  if (onOk) store.pending.set(id, onOk);
  if (onError) store.failing.set(id, onError);
  socket.send(JSON.stringify({ ...message, id }));
  return true;
}

function act(action, onOk = null) {
  const state = store.state;
  if (!myTurn(state)) {
    toast(t.not_your_turn);
    return false;
  }
  return send({ type: "action", action, turn_no: state.view.turn_no }, onOk);
}

function receive(message) {
  switch (message.type) {
    case "state":
      onState(message);
      break;
    case "ok": {
      const done = store.pending.get(message.id);
      store.pending.delete(message.id);
      store.failing.delete(message.id);
      if (done) done();
      break;
    }
    case "error": {
      store.pending.delete(message.id);
      const failed = store.failing.get(message.id);
      store.failing.delete(message.id);
      toast(message.message || message.code, "error");
      if (failed) failed(message);
      // the server failed midway (its move may or may not have happened): ask what is true now
      if (message.code === "server_error") setTimeout(() => send({ type: "resync" }), 1000);
      break;
    }
    case "pong":
      break;
    case "phrase":
      talk?.onPhrase(message);
      break;
    case "rematch":
      rematch?.onReply(message);
      break;
    default:
      game?.onMessage?.(message);
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
  const ms = message.clock && message.clock.remaining_ms;
  store.deadlineAt = typeof ms === "number" ? performance.now() + ms : null;
  store.askedAfterDeadline = false;
  if (turnChanged(message, before)) closeOverlays(message, before);
  const round = message.round;
  if (round && round.status === "seeding" && message.you !== null && !round.seeds_in[message.you] &&
      store.seedSentFor !== round.number) {
    store.seedSentFor = round.number;
    send({ type: "ready", seed: app.dataset.seed || newSeed() }); // the profile's seed, if any
  }
  render(before);
  soundsFor(message, before);
  noticeFor(message, before);
  rematch?.onState(message);
}

function newSeed() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function sameLast(a, b) {
  return !!(a && b && a.round_no === b.round_no && JSON.stringify(a.last) === JSON.stringify(b.last));
}

function soundsFor(state, before) {
  if (!before) return;
  if (state.last && !sameLast(state, before) && state.event > (before.round_no === state.round_no ? before.event : 0)) {
    const name = game.soundOf(state.last);
    if (name) sound(name);
  }
  const dealt = state.view && (!before.view || before.round_no !== state.round_no);
  if (dealt) sound("deal");
  if (myTurn(state) && (!myTurn(before) || before.view.turn_no !== state.view.turn_no)) sound("turn");
}

// --- banner, toasts, the played-for-you notice, choices -----------------------------------

function showBanner(text, spinning = false) {
  const banner = slot("banner");
  banner.hidden = !text;
  banner.textContent = text || "";
  banner.classList.toggle("spinning", !!spinning);
}

function toast(text, kind = "info") {
  const box = slot("toasts");
  // just under the header strip, whatever sits above it: never over the score
  const bar = app.querySelector(".tbar")?.getBoundingClientRect();
  if (bar && bar.bottom > 0) box.style.top = `${Math.round(bar.bottom + 6)}px`;
  const node = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status", "data-testid": "toast" }, text);
  box.append(node);
  setTimeout(() => node.classList.add("out"), 3600);
  setTimeout(() => node.remove(), 4000);
}

/**
 * What the clock (a time-out) or a bot standing in did for this seat, kept on screen until the
 * player moves again or closes it: the clock's throw of a card it just drew is a surprise.
 */
function noticeFor(state, before) {
  const last = state.last;
  const you = state.you;
  if (you === null || !last || sameLast(state, before)) {
    if (store.notice && store.notice.round !== state.round_no) clearNotice();
    return;
  }
  if (last.seat !== you) return;
  if (last.actor === "player") {
    clearNotice();
    return;
  }
  const text = game.describe(last, state);
  const n = store.notice;
  const continues = n && n.round === state.round_no && n.actor === last.actor && n.turnSeen === (before?.view?.turn_no ?? null);
  if (continues) n.events.push(text);
  else store.notice = { round: state.round_no, actor: last.actor, events: [text] };
  store.notice.turnSeen = state.view ? state.view.turn_no : null;
  renderNotice();
}

/**
 * A bot plays this seat for its player (turns missed, or away): what happened and why, and one
 * button to take the seat back (at once, or from the next turn when the bot is on turn).
 */
function renderStandIn(state) {
  const box = slot("stand-in");
  if (!box) return;
  const s = state.you === null ? null : state.seats[state.you];
  const shown = !!(s && s.bot && s.user !== null && state.match.status === "playing");
  box.hidden = !shown;
  const why = !shown ? "" : s.missed > 0 ? fmt("bot_for_you_missed", { n: num(s.missed) }) : t.bot_for_you_away;
  // drawn again only when it says something new: a tap must not land on a button a bot's move
  // just replaced
  const key = shown ? `${why}|${s.returning}` : "";
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  if (!shown) {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(
    h("span", { class: "notice-icon", "aria-hidden": "true" }, botIcon()),
    h("div", { class: "notice-text" }, h("b", { "data-testid": "stand-in-why" }, why),
      s.returning ? [" ", h("span", { "data-testid": "stand-in-soon" }, t.bot_for_you_soon)] : null),
    s.returning ? null : h("button", { type: "button", class: "btn btn-small", "data-action": "take-seat-back" }, t.take_seat_back));
}

function clearNotice() {
  store.notice = null;
  renderNotice();
}

function renderNotice() {
  const box = slot("notice");
  if (!box) return;
  const n = store.notice;
  box.hidden = !n;
  if (!n) {
    box.replaceChildren();
    return;
  }
  const lead = n.actor === "timeout" ? t.played_for_you_clock : t.played_for_you_bot;
  box.replaceChildren(
    h("span", { class: "notice-icon", "aria-hidden": "true" }, n.actor === "timeout" ? "⏱" : botIcon()),
    h("div", { class: "notice-text" }, h("b", {}, lead), " ", h("span", { "data-testid": "played-for-you-moves" }, n.events.join(t.list_sep || " · "))),
    h("button", { type: "button", class: "notice-close", "data-action": "close-notice", "aria-label": t.close, title: t.close }, "✕"));
}

// --- overlays: every popover, panel and dialog over the table --------------------------------
//
// One rule for all of them (issue #35): an open overlay closes on Escape (the last opened
// first), on a pointer-down outside it and outside the control that opened it (whose own click
// toggles it), and when the turn changes (a new turn_no or round): nothing of one turn stays
// over the table while the next one is played (the site's menu excepted: it is not the game's).
// Focus that was in the overlay or on its opener goes back to the opener (found again: it may
// have been drawn anew meanwhile).

const overlays = new Map(); // name -> {box: () => element(s), opener: () => element, close}

/** An overlay is open: ``close()`` hides it (its owner's own way); ``box`` finds its element (or
 * a list of them) and ``opener`` the control that opened it. ``untilTurn: false`` only for the
 * site's menu (navigation, not the game): it stays open across turns; ``"mine"`` (the talk
 * panel) closes only when the reader's own turn begins or ends, so that the bots' quick turns
 * do not shut it while a phrase is being chosen, and it never stands over the reader's turn. */
function overlay(name, { box, opener = () => null, close, untilTurn = true }) {
  overlays.set(name, { box, opener, close, untilTurn });
}

/** The owner closed it itself (its close button, a toggle): nothing left to close. */
function overlayClosed(name) {
  overlays.delete(name);
}

function within(boxes, node) {
  return [boxes].flat().some((box) => !!box && box.contains(node));
}

/** Close one overlay; ``refocus``: give focus back to its opener if the focus was in the
 * overlay or on the opener ("lost": also when it had fallen back to the page, as after Escape on
 * an opener drawn anew), or never (a pointer-down elsewhere goes where it went). */
function closeOverlay(name, refocus = "lost") {
  const o = overlays.get(name);
  if (!o) return;
  overlays.delete(name);
  const focus = document.activeElement;
  const had = within(o.box(), focus) || !!o.opener()?.contains(focus) ||
    (refocus === "lost" && (!focus || focus === document.body));
  o.close();
  const now = document.activeElement;
  if (refocus && had && (!now || now === document.body || !now.isConnected || within(o.box(), now))) {
    o.opener()?.focus({ preventScroll: true });
  }
}

/** The turn changed (from ``before`` to ``now``): close what belongs to the turn. */
function closeOverlays(now, before) {
  const mine = myTurn(now) || myTurn(before);
  for (const [name, o] of [...overlays]) {
    if (o.untilTurn === true || (o.untilTurn === "mine" && mine)) closeOverlay(name, "kept");
  }
}

document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || !overlays.size) return;
  e.preventDefault();
  closeOverlay([...overlays.keys()].at(-1));
});

document.addEventListener("pointerdown", (e) => {
  for (const [name, o] of [...overlays]) {
    if (!within(o.box(), e.target) && !o.opener()?.contains(e.target)) closeOverlay(name, null);
  }
}, true);

function turnChanged(state, before) {
  return !!before && (before.round_no !== state.round_no || (before.view?.turn_no ?? null) !== (state.view?.turn_no ?? null));
}

let choiceResolve = null;

/**
 * The choice dialog: a question, a card, a row of buttons; resolves the chosen value or null
 * (cancelled). ``choices``: [{value, label, enabled, icon, iconAfter}]; ``prefix`` makes each
 * button's data-action "<prefix>-<value>".
 */
function ask(question, { prefix, choices, card = null }) {
  closeChoice(null);
  return new Promise((resolve) => {
    choiceResolve = resolve;
    const buttons = choices.map((c) =>
      h("button", { type: "button", class: `btn choice-${c.value}`, "data-action": `${prefix}-${c.value}`, disabled: c.enabled === false,
        dir: "ltr", onclick: () => closeChoice(c.value) },
      c.icon ? h("span", { "aria-hidden": "true" }, c.icon) : null, h("span", {}, c.label),
      c.iconAfter ? h("span", { "aria-hidden": "true" }, c.iconAfter) : null));
    const dialog = h("div", { class: "choice", role: "dialog", "aria-modal": "true", "aria-label": question, "data-testid": "choice" },
      h("div", { class: "choice-box" },
        card ? h("div", { class: "choice-card" }, cardElement(card, t)) : null,
        h("p", { class: "choice-q" }, question),
        h("div", { class: "choice-buttons", dir: "ltr" }, buttons),
        h("button", { type: "button", class: "btn btn-ghost btn-small", "data-action": "cancel", onclick: () => closeChoice(null) }, t.cancel)));
    const from = document.activeElement;
    document.body.append(dialog);
    overlay("choice", { box: () => dialog.querySelector(".choice-box"), opener: () => again(from), close: () => closeChoice(null) });
    dialog.querySelector("button:not([disabled])")?.focus();
  });
}

/** The control that was focused, or the one drawn in its place since (the same data-action). */
function again(node) {
  if (!node || node === document.body) return null;
  if (node.isConnected) return node;
  return node.dataset?.action ? app.querySelector(`[data-action="${node.dataset.action}"]`) : null;
}

function closeChoice(value) {
  overlayClosed("choice");
  document.querySelector(".choice")?.remove();
  if (choiceResolve) {
    const resolve = choiceResolve;
    choiceResolve = null;
    resolve(value);
  }
}

// --- drawing the page -------------------------------------------------------------------------

function render(before) {
  const state = store.state;
  if (!parts) build(state);
  app.classList.toggle("seated", state.you !== null);
  app.classList.toggle("my-turn", myTurn(state));
  app.classList.toggle("bot-has-seat", !!(state.you !== null && state.seats[state.you].bot));
  renderTop(state);
  renderSeats(state);
  renderPrompt(state);
  renderStandIn(state);
  game.render(state, before);
  renderSheet(state);
  renderClock();
  document.title = `${myTurn(state) ? "● " + t.your_turn + " · " : ""}${baseTitle}`;
}

/** The page's frame, once: the felt with its seat places and middle, the hand's area. */
function build(state) {
  const board = slot("board");
  const n = state.seats.length;
  const felt = h("div", { class: `felt-live players-${n}${state.you === null ? " spectator" : ""}` });
  const seats = {};
  for (let seat = 0; seat < n; seat++) {
    if (seat === state.you) continue; // your own seat sits with your hand
    const place = h("div", { class: `seat-slot pos-${position(state, seat)}`, "data-seat-slot": seat });
    seats[seat] = place;
    felt.append(place);
  }
  const center = h("div", { class: "center" });
  felt.append(center);
  const items = [felt];
  parts = { felt, seats, center };
  if (state.you !== null) {
    const own = h("div", { class: "own-seat", "data-seat-slot": state.you });
    seats[state.you] = own;
    const area = h("section", { class: "hand-area", "aria-label": t.your_hand },
      h("div", { class: "prompt-row" },
        own,
        h("div", { class: "prompt-main" },
          h("p", { class: "prompt", "data-slot-local": "prompt", role: "status" }),
          h("div", { class: "turn-bar", "aria-hidden": "true" }, h("span", { class: "turn-fill" })))),
      h("div", { class: "notice stand-in", "data-slot": "stand-in", "data-testid": "stand-in", role: "status", hidden: true }),
      h("div", { class: "notice", "data-slot": "notice", "data-testid": "played-for-you", role: "status", hidden: true }),
      h("div", { class: "hand-row" },
        parts.side = h("div", { class: "hand-side" }),
        parts.hand = h("div", { class: "hand", dir: "ltr", "data-testid": "hand", role: "group", "aria-label": t.your_hand }),
        parts.controls = h("div", { class: "controls" })),
      parts.panel = h("div", { class: "game-panel", hidden: true }));
    items.push(area);
  } else {
    items.push(h("p", { class: "watching" }, t.watching));
    parts.hand = parts.controls = parts.side = parts.panel = null;
  }
  board.replaceChildren(...items);
  game.mount({ center, hand: parts.hand, controls: parts.controls, side: parts.side, panel: parts.panel });
  renderNotice();
}

function renderTop(state) {
  const scores = slot("scores");
  scores.replaceChildren();
  for (const team of state.match.totals.keys()) {
    const mine = team === mySide(state);
    const names = state.seats.filter((s) => s.team === team).map((s) => seatName(state, s.seat)).join(" · ");
    const extra = game.teamExtra?.(state, team);
    scores.append(h("div", { class: `score team-${team}${mine ? " mine" : ""}`, "data-team": team, title: names },
      h("span", { class: "score-team" }, teamLabel(state, team)),
      h("bdi", { class: "score-total", dir: "ltr" }, num(state.match.totals[team])),
      h("span", { class: "score-target" }, h("bdi", { dir: "ltr" }, `/${state.match.target}`)),
      extra ? h("span", { class: "score-melds" }, extra) : null));
  }
  slot("round").replaceChildren(state.round ? h("span", { class: "tag" }, fmt("round_no", { n: state.round.number })) : "",
    state.clock.turn_seconds === null ? h("span", { class: "tag", "data-testid": "no-clock" }, t.no_clock) : "");
  const c = slot("commitment");
  c.replaceChildren();
  if (state.round) {
    const r = state.round;
    let title = `${t.commitment_help}\n\n${t.commitment}: ${r.commitment}`;
    if (r.secret) title += `\n${t.secret}: ${r.secret}`;
    c.append(h("button", { type: "button", class: "commit", title, "data-action": "commitment", "data-testid": "commitment",
      "aria-expanded": store.commitOpen ? "true" : "false", "aria-controls": "commit-pop" },
    lockIcon(!!r.secret), h("span", { class: "commit-word" }, `${t.commitment} `), h("code", { dir: "ltr" }, r.commitment.slice(0, 8))));
    const row = (label, value) => value ? h("div", { class: "pop-row" }, h("span", {}, label), h("code", { dir: "ltr" }, value)) : null;
    c.append(h("div", { id: "commit-pop", class: "commit-pop", hidden: !store.commitOpen, role: "region", "aria-label": t.commitment },
      h("p", {}, t.commitment_help),
      row(t.commitment, r.commitment),
      row(t.client_seed, r.client_seed),
      row(t.secret, r.secret)));
  }
  renderSoundButton();
  talk?.button(slot("talk"), state);
}

function renderSoundButton() {
  const box = slot("sound");
  if (!box) return;
  const muted = sounds.isMuted();
  box.replaceChildren(h("button", {
    type: "button", class: `icon-btn sound-btn${muted ? " muted" : ""}`, "data-action": "mute", "data-testid": "mute",
    "aria-pressed": muted ? "true" : "false", "aria-label": muted ? t.sound_off : t.sound_on, title: muted ? t.sound_off : t.sound_on,
  }, speakerIcon(muted)));
}

function speakerIcon(muted) {
  const svg = svgBox("0 0 24 24", "speaker");
  svgEl("path", { d: "M4 9h4l5-4v14l-5-4H4z" }, svg);
  if (muted) svgEl("path", { d: "M16 9l5 6M21 9l-5 6", class: "stroke" }, svg);
  else svgEl("path", { d: "M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12", class: "stroke" }, svg);
  return svg;
}

function lockIcon(open) {
  const svg = svgBox("0 0 16 16", "lock");
  svgEl("path", { d: open ? "M5 7V4.5a3 3 0 0 1 5.8-1" : "M5 7V4.5a3 3 0 0 1 6 0V7" }, svg);
  svgEl("rect", { x: 3, y: 7, width: 10, height: 8, rx: 1.5 }, svg);
  return svg;
}

/** Where a seat sits on screen: 0 bottom (you), then to your right, opposite, to your left. */
function position(state, seat) {
  const n = state.seats.length;
  const me = state.you ?? 0;
  const rel = (seat - me + n) % n;
  if (n === 2) return rel === 0 ? "bottom" : "top";
  if (n === 3) return ["bottom", "right", "left"][rel];
  if (n > 4) return rel === 0 ? "bottom" : `s${rel}`; // six and eight: around the table (table.css)
  return ["bottom", "right", "top", "left"][rel];
}

function renderSeats(state) {
  // only the seat itself is redrawn: a phrase's bubble beside it stays for its few seconds
  for (const [seat, place] of Object.entries(parts.seats)) {
    const box = seatBox(state, Number(seat));
    const old = place.querySelector(":scope > .seat");
    if (old) old.replaceWith(box);
    else place.prepend(box);
  }
}

function seatElement(seat) {
  return parts?.seats[seat]?.querySelector(".seat") || null;
}

/** The box a seat sits in (the place for things shown beside it, like a phrase's bubble). */
function seatPlace(seat) {
  return parts?.seats[seat] || null;
}

/** Draw the header and the seats again (after a change made on this page, not a new state). */
function redraw() {
  if (!store.state || !parts) return;
  renderTop(store.state);
  renderSeats(store.state);
  renderSheet(store.state);
}

function seatBox(state, seat) {
  const view = state.view;
  const s = state.seats[seat];
  const turn = !!(view && view.phase !== "ended" && view.turn === seat && state.round.status === "playing");
  const count = view && view.hand_counts ? view.hand_counts[seat] : null;
  const me = seat === state.you;
  const name = seatName(state, seat);
  const partner = state.you !== null && !me && s.team === mySide(state);
  const tags = [];
  if (me) tags.push(h("span", { class: "seat-tag you" }, t.you));
  else if (partner) tags.push(h("span", { class: "seat-tag partner" }, t.partner));
  if (s.bot && s.user !== null) tags.push(h("span", { class: "seat-tag bot" }, t.bot));
  if (s.bot && s.bot_level) tags.push(h("span", { class: "seat-tag bot-level", "data-testid": "bot-level" }, t[`bot_level_${s.bot_level}`]));
  if (s.away) tags.push(h("span", { class: "seat-tag away" }, t.away));
  const dealer = view ? view.dealer : state.round?.dealer;
  if (dealer === seat) tags.push(h("span", { class: "seat-tag dealer", title: t.dealer }, t.dealer));
  tags.push(...(game.seatTags?.(state, seat) || []));
  tags.push(...(talk?.seatTags(state, seat) || []));
  const initial = s.user === null ? "" : (name || "?").trim().charAt(0).toUpperCase();
  const fan = h("div", { class: "fan", "aria-hidden": "true" });
  if (count !== null && !me) {
    const shown = Math.min(count, 7);
    for (let i = 0; i < shown; i++) fan.append(h("span", { class: "fan-card", style: `--i:${i - (shown - 1) / 2}` }, cardSVG(null)));
  }
  const label = `${name}${s.bot && s.user !== null ? " " + t.bot : ""}${s.rating ? " · " + fmt(s.rating.provisional ? "rating_provisional" : "rating", { n: s.rating.figure }) : ""} · ${teamLabel(state, s.team)}${count !== null ? " · " + fmt("cards_in_hand", { n: count }) : ""}${turn ? " · " + (me ? t.your_turn : fmt("turn_of", { name })) : ""}`;
  return h("div", {
    class: `seat team-${s.team}${turn ? " turn" : ""}${s.bot ? " is-bot" : ""}${s.away ? " is-away" : ""}${me ? " me" : ""}${partner ? " partner" : ""}`,
    "data-seat": seat, "aria-label": label, role: "group",
  },
  h("div", { class: "avatar" }, ringSVG(), h("span", { class: "avatar-letter" }, initial || botIcon())),
  h("div", { class: "seat-info" },
    h("div", { class: "seat-head" }, h("div", { class: "seat-name" }, name), ratingBadge(s)),
    h("div", { class: "seat-tags" }, tags)),
  count !== null ? h("div", { class: "seat-count", title: fmt("cards_in_hand", { n: count }) },
    h("span", { class: "count-icon", "aria-hidden": "true" }), h("b", { "data-testid": "hand-count" }, count)) : null,
  turn ? h("div", { class: "seat-secs", "aria-hidden": "true" }) : null,
  !me ? fan : null);
}

/** A player's rating beside their name: the figure, "?" after it while provisional. */
function ratingBadge(s) {
  if (!s.rating) return null;
  const { figure, provisional } = s.rating;
  return h("bdi", {
    class: `seat-rating${provisional ? " provisional" : ""}`, dir: "ltr", "data-testid": "seat-rating",
    title: fmt(provisional ? "rating_provisional" : "rating", { n: figure }),
  }, `${num(figure)}${provisional ? "?" : ""}`);
}

function botIcon() {
  const svg = svgBox("0 0 24 24", "bot-icon");
  svgEl("path", { d: "M11 2h2v3h4a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V8a3 3 0 0 1 3-3h4V2Zm-2 8.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm6 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM8 21h8v1H8z" }, svg);
  return svg;
}

function ringSVG() {
  const svg = svgBox("0 0 44 44", "ring");
  for (const cls of ["ring-track", "ring-time"]) svgEl("circle", { cx: 22, cy: 22, r: 20, class: cls, pathLength: 100 }, svg);
  return svg;
}

function renderPrompt(state) {
  const p = app.querySelector("[data-slot-local=prompt]");
  if (!p) return;
  let text = "";
  if (state.view && state.you !== null) {
    if (state.seats[state.you].bot && state.view.phase !== "ended") text = ""; // the stand-in box says it
    else if (state.view.phase !== "ended" && state.round.status === "playing" && !myTurn(state)) {
      text = fmt("waiting_for", { name: seatName(state, state.view.turn) });
    } else text = game.prompt(state);
  } else if (!state.view) text = t.seeding;
  p.textContent = text;
  p.classList.toggle("mine", myTurn(state));
}

// --- the round's end and the match's end ------------------------------------------------------

function renderSheet(current) {
  let sheet = app.querySelector(".sheet");
  // The last round's sheet stays up while the next round is being seeded.
  if (current.view && current.view.result) store.ended = current;
  else if (!(current.round && current.round.status === "seeding" && store.ended && store.ended.round_no === current.round_no - 1)) store.ended = null;
  const state = current.match.status !== "playing" ? { ...(store.ended || current), match: current.match, seats: current.seats } : store.ended || current;
  const view = state.view;
  const over = state.match.status !== "playing";
  const result = view && view.result;
  if ((!result && !over) || (!over && store.closedSheet === state.round_no)) {
    sheet?.remove();
    return;
  }
  // the same round's sheet drawn again keeps its place; another round's comes in as new
  const again = !!sheet && sheet.dataset.round === String(state.round_no);
  const scroll = again ? sheet.querySelector(".sheet-body")?.scrollTop || 0 : 0;
  sheet?.remove();
  const body = h("div", { class: "sheet-body" });
  const actions = h("div", { class: "sheet-actions" });
  const box = h("div", { class: "sheet-box" }, body, actions);
  sheet = h("div", { class: `sheet${again ? " again" : ""}`, role: "dialog", "aria-modal": "false", "aria-labelledby": "sheet-title", "data-testid": over ? "match-end" : "score-sheet", "data-round": state.round_no }, box);
  if (over) {
    const finished = state.match.status === "finished";
    const w = state.match.winner;
    const won = finished && state.you !== null && w === mySide(state);
    let title = t.abandoned;
    if (finished) title = state.you === null ? fmt("winner", { team: teamLabel(state, w) }) : won ? t.we_win : t.we_lose;
    body.append(h("h2", { id: "sheet-title", class: `sheet-title${won ? " win" : ""}${finished && state.you !== null && !won ? " lose" : ""}` },
      won ? h("span", { class: "trophy", "data-testid": "trophy", "aria-hidden": "true" }, "🏆") : null, t.match_over));
    body.append(h("p", { class: "sheet-lead", "data-testid": "match-result" }, title));
    const why = !finished && state.match.abandoned_why ? t[`abandoned_${state.match.abandoned_why}`] : null;
    if (why) body.append(h("p", { class: "sheet-why", "data-testid": "abandoned-why" }, why));
    body.append(h("h3", {}, t.final_totals));
    body.append(h("div", { class: `totals sides-${state.match.totals.length}` }, [...state.match.totals.keys()].map((team) =>
      h("div", { class: `total${finished && w === team ? " won" : ""}` },
        h("span", {}, teamLabel(state, team), finished && w === team && state.you === null ? h("span", { class: "trophy", "data-testid": "trophy", "aria-hidden": "true" }, " 🏆") : null),
        h("small", {}, state.seats.filter((s) => s.team === team).map((s) => seatName(state, s.seat)).join(" · ")),
        h("b", { dir: "ltr" }, num(state.match.totals[team]))))));
    // the match's two coin figures, once settled: the stake result and what playing earned
    const stake = current.match.coins && state.you !== null ? current.match.coins[state.you] : null;
    const earned = current.match.earned && state.you !== null ? current.match.earned[state.you] : null;
    if (typeof stake === "number" && typeof earned === "number") {
      const figure = (n, key, testid) => h("span", { class: n > 0 ? "up" : n < 0 ? "down" : "", "data-testid": testid },
        fmt(key, { n: signed(n) }));
      body.append(h("p", { class: "sheet-coins", "data-testid": "match-coins" },
        figure(stake, "stake_result", "stake-result"), " · ", figure(earned, "earned_result", "earned")));
    }
    // a rated match, once archived: what it did to each player's rating (+12 / -9)
    const changes = current.match.ratings;
    if (changes && changes.some((c) => c)) {
      body.append(h("h3", {}, t.rating_changes));
      body.append(h("ul", { class: "sheet-ratings", "data-testid": "rating-changes" }, state.seats.filter((s) => changes[s.seat]).map((s) => {
        const c = changes[s.seat];
        return h("li", { "data-seat": s.seat, class: s.seat === state.you ? "me" : null },
          h("span", {}, seatName(state, s.seat)), " ",
          signedNode(c.change, `rating-change ${c.change > 0 ? "up" : c.change < 0 ? "down" : ""}`), " ",
          h("small", { class: "muted", title: fmt(c.provisional ? "rating_provisional" : "rating", { n: c.after }) },
            "(", h("bdi", { dir: "ltr" }, `${num(c.after)}${c.provisional ? "?" : ""}`), ")"));
      })));
    }
    game.matchSheet?.(body, state);
    actions.classList.add("center");
    const rematchPart = rematch ? rematch.part(current) : { body: [], actions: [] };
    body.append(...rematchPart.body);
    actions.append(...rematchPart.actions,
      h("a", { class: rematchPart.actions.length ? "btn btn-ghost" : "btn", href: app.dataset.lobby, "data-action": "lobby" }, t.back_to_lobby));
  }
  if (result) {
    body.append(over ? h("h3", {}, fmt("score_sheet", { n: state.round_no })) : h("h2", { id: "sheet-title", class: "sheet-title" }, fmt("score_sheet", { n: state.round_no })));
    game.renderSheet(body, state);
    // the round's deal, re-derived in the browser from the secret revealed at its end
    body.append(h("p", { class: "sheet-verify" },
      h("a", { href: `/verify/matches/${state.match.id}/rounds/${state.round_no}/`, target: "_blank", rel: "noopener", "data-action": "verify" }, t.verify_deal)));
    const next = current.round && current.round.number === state.round_no ? current.round.next_commitment : null;
    if (next) { // the next round's secret is fixed already: its fingerprint, before any seed
      body.append(h("p", { class: "sheet-verify muted", "data-testid": "next-commitment" },
        t.next_commitment, " ", h("code", { dir: "ltr", title: next }, `${next.slice(0, 16)}…`)));
    }
  }
  if (!over) {
    actions.append(h("p", { class: "muted" }, t.next_round),
      h("button", { type: "button", class: "btn btn-ghost", "data-action": "close-sheet" }, t.close));
  }
  app.append(sheet);
  body.scrollTop = scroll;
}

// --- the clock --------------------------------------------------------------------------------

function renderClock() {
  const state = store.state;
  if (!state) return;
  const total = (state.clock.turn_seconds || 20) * 1000;
  const left = store.deadlineAt === null ? null : Math.max(0, store.deadlineAt - performance.now());
  const frac = left === null ? 0 : Math.min(1, left / total);
  const urgent = left !== null && left < URGENT_MS && left > 0;
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
  const mine = myTurn(state);
  const bar = app.querySelector(".turn-bar");
  if (bar) {
    bar.classList.toggle("on", mine && left !== null);
    bar.classList.toggle("urgent", urgent);
    bar.style.setProperty("--left", String(frac));
    bar.setAttribute("title", left === null ? "" : fmt("seconds_left", { n: Math.ceil(left / 1000) }));
  }
  app.classList.toggle("urgent", mine && urgent);
  if (mine && urgent) {
    const second = Math.ceil(left / 1000);
    if (store.tickedAt !== second) {
      store.tickedAt = second;
      sound("tick");
    }
  } else store.tickedAt = null;
}

setInterval(renderClock, 200);

// --- input the shell handles ------------------------------------------------------------------

app.addEventListener("click", (e) => {
  const target = e.target.closest("button, a");
  if (!target || !app.contains(target)) return;
  switch (target.dataset.action) {
    case "commitment":
      store.commitOpen = !store.commitOpen;
      if (store.commitOpen) {
        overlay("commitment", {
          box: () => app.querySelector("#commit-pop"),
          opener: () => app.querySelector("[data-action=commitment]"),
          close: () => {
            store.commitOpen = false;
            renderTop(store.state);
          },
        });
      } else overlayClosed("commitment");
      renderTop(store.state);
      app.querySelector("[data-action=commitment]")?.focus({ preventScroll: true });
      return;
    case "close-sheet":
      store.closedSheet = (store.ended || store.state).round_no;
      app.querySelector(".sheet")?.remove();
      return;
    case "close-notice":
      clearNotice();
      return;
    case "take-seat-back":
      target.disabled = true;
      send({ type: "back" }, null, () => { target.disabled = false; });
      return;
    case "mute":
      sounds.setMuted(!sounds.isMuted());
      renderSoundButton();
      if (!sounds.isMuted()) sound("turn");
      return;
    case "menu": {
      // on phones the site's menu is folded away; this opens it over the table, with the
      // "leave the seat" button under it
      const open = document.body.classList.toggle("show-nav");
      target.setAttribute("aria-expanded", open ? "true" : "false");
      const bar = document.querySelector(".topbar");
      if (open && bar) document.body.style.setProperty("--nav-bottom", `${bar.getBoundingClientRect().bottom}px`);
      if (open) {
        overlay("menu", {
          box: () => [document.querySelector(".topbar"), app.querySelector(".tbar-tools form.inline")],
          opener: () => app.querySelector("[data-action=menu]"),
          close: () => {
            document.body.classList.remove("show-nav");
            app.querySelector("[data-action=menu]")?.setAttribute("aria-expanded", "false");
          },
          untilTurn: false,
        });
      } else overlayClosed("menu");
      return;
    }
    default:
  }
});

// Leaving mid-match hands the seat to a bot (or to the clock at coin tables); against bots it
// ends the match: ask first, saying which.
app.addEventListener("submit", (e) => {
  const match = store.state?.match;
  if (e.target.querySelector("[data-action=leave]") && match?.status === "playing" &&
      !window.confirm(match.against_bots ? t.leave_confirm_bots : t.leave_confirm)) {
    e.preventDefault();
  }
});

window.addEventListener("resize", () => game?.layout?.());

// --- start ------------------------------------------------------------------------------------

const shell = Object.freeze({
  app, t, fmt, h, num, signed, signedNode,
  get state() {
    return store.state;
  },
  send, act, toast, ask, myTurn, seatName, teamLabel, seatElement, seatPlace, redraw, sound, fly, rectOf,
  overlay, overlayClosed,
});
talk = createTalk(shell);
rematch = createRematch(shell);

const name = (app.dataset.game || "banakil").replace(/[^a-z0-9_]/g, "");
const module = await import(`./${name}.js`);
game = module.createGame(shell);

// What tests and the curious read: the latest state, the sounds asked for, and the game's own.
const api = {
  get state() {
    return store.state;
  },
  get sounds() {
    return store.soundLog.slice();
  },
  get muted() {
    return sounds.isMuted();
  },
};
Object.defineProperties(api, Object.getOwnPropertyDescriptors(game.testing || {}));
window.sahratTable = Object.freeze(api);

connect();

// The shell object, for modules and tools running in this page (tests open dialogs with it).
export { shell };
