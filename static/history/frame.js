// The replay's frame, shared by every game: the controls (buttons, scrub, keys, play/pause), the
// step number, the event line and the seats (each seat's name, side, dealer and turn tags and its
// cards). A game's module (static/history/<game>.js) gives what is its own: what a step did
// (``describe``), its board (``board``) and, if it wants, more in a seat's box (``seatExtra``).
// The steps are static data in the page, computed by the server with the engine.

import { cardName, cardTile } from "../table/cards.js";

export const data = JSON.parse(document.getElementById("replay-data").textContent);
export const t = JSON.parse(document.getElementById("replay-strings").textContent);
const steps = data.steps;
const $ = (id) => document.getElementById(id);

/** ``text`` with each {key} filled; each value isolated so a Latin name or card keeps its place
 * in an Arabic sentence. */
export function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, key) => (key in values ? `\u2068${values[key]}\u2069` : `{${key}}`));
}

export function node(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** A row of card tiles, left to right in both languages; a null code is a card face down (one
 * the reader may not see yet). */
export function cards(codes, className = "cards-row") {
  const row = node("div", className);
  row.dir = "ltr";
  for (const code of codes) row.appendChild(code ? cardTile(code, t) : faceDown());
  return row;
}

function faceDown() {
  const tile = node("span", "ctile down");
  tile.setAttribute("role", "img");
  tile.setAttribute("aria-label", t.card_back);
  tile.title = t.card_back;
  tile.append(node("span", "ct-face"));
  return tile;
}

export function named(code) {
  return code ? cardName(code, t) : "";
}

export function namedList(codes) {
  return (codes || []).map((code) => cardName(code, t)).join(t.list_separator || ", ");
}

/** A seat's name at a step: a bot that played this step for a player's seat is
 * "Alice (bot standing in)". */
export function nameAt(step, seat) {
  if (seat === null || seat === undefined) return "";
  return step && step.bot && seat === step.seat ? data.stand_in_names[seat] : data.names[seat];
}

/** Every seat for itself (three-handed Pinochle), or teams? */
export const alone = new Set(data.sides).size === data.players;

/** The label of a side: a team (A and B, or Team 1..4 with more than two), or the seat's own
 * name when every seat plays for itself. */
export function sideLabel(side) {
  if (alone) return data.names[data.sides.indexOf(side)];
  if (new Set(data.sides).size > 2) return fill(t.team_n, { n: side + 1 });
  return side === 0 ? t.team_a : t.team_b;
}

/**
 * Starts the replay. ``game``:
 * - ``describe(step, index)``: the event line of a step (text);
 * - ``board(step, index)``: draws the game's board (templates/games/<game>/replay_board.html);
 * - ``turn(step)``: the seat on turn at a step (null when none);
 * - ``seatExtra(step, seat, box)``: optional, adds to a seat's box after its cards.
 */
export function startReplay(game) {
  const playButton = $("play");
  const scrub = $("scrub");
  scrub.max = String(steps.length - 1);
  let index = 0;
  let timer = null;

  function seats(step) {
    const col = $("seats");
    col.replaceChildren();
    const turn = step.result ? null : game.turn(step);
    step.hands.forEach((hand, seat) => {
      const side = data.sides[seat];
      const box = node("section", `seat-box team-${side}`);
      box.dataset.seat = String(seat);
      if (turn === seat) box.classList.add("on-turn");
      if (step.seat === seat && index > 0) box.classList.add("acted");
      const head = node("div", "seat-head");
      head.append(node("strong", "seat-name", data.names[seat]));
      if (!alone) head.append(node("span", "tag", sideLabel(side)));
      if (seat === data.dealer) head.append(node("span", "tag", t.dealer));
      if (turn === seat) head.append(node("span", "tag tag-coin", t.turn));
      head.append(node("span", "muted small", fill(t.cards, { n: hand.length })));
      box.append(head, cards(hand, "cards-row hand-row"));
      if (game.seatExtra) game.seatExtra(step, seat, box);
      col.appendChild(box);
    });
  }

  function render() {
    const step = steps[index];
    $("step-no").textContent = fill(t.step, { i: index, n: steps.length - 1 });
    scrub.value = String(index);
    $("event").textContent = game.describe(step, index);
    seats(step);
    game.board(step, index);
    document.body.dataset.step = String(index);
  }

  function go(to) {
    index = Math.max(0, Math.min(steps.length - 1, to));
    render();
    if (index === steps.length - 1) stop();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    playButton.textContent = playButton.dataset.play;
  }

  function play() {
    if (timer) return stop();
    if (index === steps.length - 1) index = 0;
    playButton.textContent = playButton.dataset.pause;
    timer = setInterval(() => go(index + 1), 700);
  }

  document.querySelector(".rp-controls").addEventListener("click", (event) => {
    const button = event.target.closest("[data-go]");
    if (!button) return;
    const where = button.dataset.go;
    if (where === "play") return play();
    stop();
    if (where === "start") go(0);
    else if (where === "back") go(index - 1);
    else if (where === "forward") go(index + 1);
    else if (where === "end") go(steps.length - 1);
  });
  scrub.addEventListener("input", () => { stop(); go(Number(scrub.value)); });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      stop();
      const forward = (event.key === "ArrowRight") !== (document.dir === "rtl");
      go(index + (forward ? 1 : -1));
    } else if (event.key === " ") {
      event.preventDefault();
      play();
    }
  });
  window.sahratReplay = { steps, go, get index() { return index; } };
  render();
}
