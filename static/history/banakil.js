// Banakil's replay board: the stock, the table pile, each team's melds and the round's points;
// the frame (static/history/frame.js) draws the controls, the event line and the seats.

import { cardElement } from "../table/cards.js";
import { data, fill, node, cards, named, nameAt, startReplay, t } from "./frame.js";

const $ = (id) => document.getElementById(id);

function describe(step, number) {
  if (number === 0) {
    const starter = (data.dealer + 1) % data.players;
    return fill(t.dealt, { name: data.names[starter] });
  }
  const lines = [];
  for (const event of step.events) {
    const name = nameAt(step, event.seat);
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
    lines.push(fill(t[action.type] || "{name}", { name: nameAt(step, step.seat), card: named(action.card), meld: action.meld ?? "" }));
  }
  return lines.join(" · ");
}

function board(step) {
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
}

startReplay({ describe, board, turn: (step) => step.turn });
