// The replay viewer: steps through a finished round, one action at a time, from the states the
// server computed with the engine (static data in the page; nothing is re-played here).

import { cardElement, cardName, cardTile } from "../table/cards.js";

const data = JSON.parse(document.getElementById("replay-data").textContent);
const t = JSON.parse(document.getElementById("replay-strings").textContent);
const steps = data.steps;
const $ = (id) => document.getElementById(id);
const playButton = $("play");
const scrub = $("scrub");
let index = 0;
let timer = null;

function fill(text, values) {
  // each value is isolated so a Latin name or card code keeps its place in an Arabic sentence
  return text.replace(/\{(\w+)\}/g, (_, key) => (key in values ? `\u2068${values[key]}\u2069` : `{${key}}`));
}

function node(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function cards(codes, className = "cards-row") {
  const row = node("div", className);
  row.dir = "ltr";
  for (const code of codes) row.appendChild(cardTile(code, t));
  return row;
}

function named(code) {
  return code ? cardName(code, t) : "";
}

function describe(step, number) {
  if (number === 0) {
    const starter = (data.dealer + 1) % data.players;
    return fill(t.dealt, { name: data.names[starter] });
  }
  const lines = [];
  // a bot that played this step for a player's seat is named "Alice (bot standing in)"
  const nameOf = (seat) => (step.bot && seat === step.seat ? data.stand_in_names[seat] : data.names[seat]);
  for (const event of step.events) {
    const name = event.seat === null || event.seat === undefined ? "" : nameOf(event.seat);
    if (event.type === "draw") {
      lines.push(fill(event.from === "pile" ? t.draw_pile : t.draw_stock, { name, card: named(event.card) }));
    } else if (event.type === "restock") {
      lines.push(fill(t.restock, { k: event.k }));
    } else if (event.type === "end") {
      if (event.reason === "exhausted") lines.push(t.end_exhausted);
      else lines.push(fill(step.result && step.result.nazla ? t.end_nazla : t.end_out, { name }));
    } else if (event.type === "meld" || event.type === "layoff" || event.type === "swap" || event.type === "throw") {
      const action = step.action || {};
      lines.push(fill(t[event.type], { name, card: named(action.card), meld: action.meld ?? "" }));
    }
  }
  if (!lines.length && step.action) {
    const action = step.action;
    lines.push(fill(t[action.type] || "{name}", { name: nameOf(step.seat), card: named(action.card), meld: action.meld ?? "" }));
  }
  return lines.join(" · ");
}

function render() {
  const step = steps[index];
  $("step-no").textContent = fill(t.step, { i: index, n: steps.length - 1 });
  scrub.value = String(index);
  $("event").textContent = describe(step, index);

  const seats = $("seats");
  seats.replaceChildren();
  step.hands.forEach((hand, seat) => {
    const box = node("section", `seat-box team-${seat % 2}`);
    if (step.turn === seat && !step.result) box.classList.add("on-turn");
    if (step.seat === seat && index > 0) box.classList.add("acted");
    const head = node("div", "seat-head");
    head.append(node("strong", "", data.names[seat]));
    head.append(node("span", "tag", seat % 2 === 0 ? t.team_a : t.team_b));
    if (seat === data.dealer) head.append(node("span", "tag", t.dealer));
    if (step.turn === seat && !step.result) head.append(node("span", "tag tag-coin", t.turn));
    head.append(node("span", "muted small", fill(t.cards, { n: hand.length })));
    box.append(head, cards(hand, "cards-row hand-row"));
    seats.appendChild(box);
  });

  const stock = $("stock");
  stock.replaceChildren(step.stock_size ? cardElement(null, t) : node("span", "muted", t.empty), node("span", "count", String(step.stock_size)));
  const pile = $("pile");
  pile.replaceChildren(step.pile_top ? cardElement(step.pile_top, t) : node("span", "muted", t.empty), node("span", "count", String(step.pile_size)));

  const melds = $("melds");
  melds.replaceChildren();
  for (const team of [0, 1]) {
    const box = node("section", `melds-box team-${team}`);
    box.append(node("h3", "", `${team === 0 ? t.team_a : t.team_b} · ${step.team_meld_points[team]}`));
    const mine = step.melds.filter((m) => m.team === team);
    if (!mine.length) box.append(node("p", "muted small", t.no_melds));
    for (const meld of mine) box.append(cards(meld.cards, "cards-row meld-row"));
    melds.appendChild(box);
  }
  const result = $("result");
  result.replaceChildren();
  if (step.result) {
    result.append(node("p", "result-line", fill(t.points, { a: step.result.team_points[0], b: step.result.team_points[1] })));
  }
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
