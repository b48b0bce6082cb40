// Pinochle's replay board: the auction bid by bid, the contract, declarer and trump, the cards
// that changed hands (the widow, the kitty and where it was dealt out, the discard, the passed
// cards: the hand is over, all is public), a concession or the choice to play on, the trick with
// each card by its player and who took it, tricks, counters and meld per side, and the result.
// Every seat's meld by name and points is in its box; with check Pinochle the hand's checks per
// seat, their events in words and the net (checkRows). Two-handed adds the stock (its count and
// the turn-up), each step's draws, the melds declared after won tricks (each seat's box shows its
// cards on the table) and the change to strict play. The frame
// (static/history/frame.js) draws the controls, the event line and the seats.

import { cardElement, cardTile } from "../table/cards.js";
import { alone, cards, data, fill, named, nameAt, namedList, node, sideLabel, startReplay, t } from "./frame.js";

const $ = (id) => document.getElementById(id);
const SUIT_GLYPH = { S: "\u2660\ufe0e", H: "\u2665\ufe0e", D: "\u2666\ufe0e", C: "\u2663\ufe0e" };
const sides = [...new Set(data.sides)].sort((a, b) => a - b);
const steps = data.steps;

function suitNode(suit) {
  const span = node("span", "pn-trump");
  const glyph = node("span", `pn-suit ${suit === "H" || suit === "D" ? "red" : "black"}`, SUIT_GLYPH[suit]);
  glyph.setAttribute("aria-hidden", "true");
  span.append(glyph, " ", t[`suit_${suit}`]);
  return span;
}

/** The partner across (single, double: +2 of 4; eight: +4 of 8). */
function partnerOf(seat) {
  return (seat + sides.length) % data.players;
}

const two = data.players === 2;

/** Two-handed's lines of a step: the meld declared (or none), the draws, the stock's end. */
function twoLines(step, before, name) {
  const view = step.view;
  const lines = [];
  const action = step.action;
  if (action.type === "meld") {
    const meld = view.meld_log.at(-1);
    const values = { name, meld: t[`meld_${meld.name}`] || meld.name, points: meld.points, card: named(before.turn_up) };
    lines.push(fill(meld.exchanged ? t.dix_exchanged : t.declared, values));
  } else if (action.type === "pass" && before.phase === "meld") {
    lines.push(fill(t.no_declaration, { name }));
  }
  for (const draw of step.draws || []) {
    const who = data.names[draw.seat];
    if (draw.turn_up) lines.push(fill(t.takes_turn_up, { name: who, card: named(draw.card) }));
    else lines.push(draw.card ? fill(t.draws_card, { name: who, card: named(draw.card) }) : fill(t.draws, { name: who }));
  }
  if (before.stage === "stock" && view.stage === "strict") lines.push(t.strict_stage);
  return lines;
}

/** A two-handed stock-stage card played from the seat's table (it had one there fewer). */
function fromTable(step, before) {
  const seat = step.seat;
  return two && before.stage === "stock" && (step.action.from === "table" || (step.action.from === undefined && before.table[seat].length > step.view.table[seat].length));
}

function describe(step, index) {
  const view = step.view;
  const result = view.result;
  if (index === 0) {
    if (result && result.reason === "redeal") {
      return fill(t.redeal, { name: data.names[result.redeal_seat], n: result.redeal_cards.length });
    }
    if (two && view.turn_up) {
      const lines = [fill(t.dealt_two, { name: data.names[view.eldest], card: named(view.turn_up), suit: t[`suit_${view.trump}`] })];
      if (view.meld_log.length) lines.push(fill(t.dix_turned, { name: data.names[view.dealer] }));
      return lines.join(" · ");
    }
    const dealt = step.widow ? t.dealt_widow : step.kitty ? t.dealt_kitty : t.dealt;
    return fill(dealt, { name: data.names[view.eldest] });
  }
  const before = steps[index - 1].view;
  const action = step.action;
  const name = nameAt(step, step.seat);
  const lines = [];
  if (action.type === "bid") lines.push(fill(t.bid, { name, amount: action.amount }));
  else if (action.type === "pass" && before.phase !== "meld") lines.push(fill(t.pass, { name }));
  else if (action.type === "trump") lines.push(fill(t.trump_named, { name, suit: t[`suit_${action.suit}`] }));
  else if (action.type === "pass_cards") {
    const to = step.seat === view.declarer ? partnerOf(step.seat) : view.declarer;
    lines.push(fill(t.pass_cards, { name, cards: namedList(action.cards), to: data.names[to] }));
  } else if (action.type === "discard") lines.push(fill(t.discard, { name, cards: namedList(action.cards) }));
  else if (action.type === "play") lines.push(fill(fromTable(step, before) ? t.play_from_table : t.play, { name, card: named(action.card) }));
  else if (action.type === "give_kitty") lines.push(fill(t.give_kitty, { name, gifts: gifts(action.cards) }));
  else if (action.type === "concede") lines.push(fill(t.concede, { name }));
  else if (action.type === "play_on") lines.push(fill(t.play_on, { name }));
  if (two) lines.push(...twoLines(step, before, name));

  if (before.declarer === null && view.declarer !== null) {
    lines.push(fill(t.won_auction, { name: data.names[view.declarer], amount: view.contract }));
    if (view.widow) lines.push(fill(t.widow_taken, { name: data.names[view.declarer], cards: namedList(view.widow) }));
    if (step.kitty) {
      const took = view.options.kitty === "declarer" ? t.kitty_taken : t.kitty_seen;
      lines.push(fill(took, { name: data.names[view.declarer], cards: namedList(step.kitty) }));
    }
  }
  if (before.melds === null && view.melds !== null) lines.push(t.meld_shown);
  if (step.took !== null && step.took !== undefined) {
    lines.push(fill(result ? t.took_last : t.took, { name: data.names[step.took] }));
  }
  if (result) {
    if (result.reason === "all_passed") lines.push(t.all_passed);
    else if (result.reason === "conceded") lines.push(fill(t.conceded, { name: data.names[result.declarer], contract: result.contract }));
    else if (result.reason === "played") lines.push(playedLine(result));
  }
  return lines.join(" · ");
}

/** A played hand's outcome: made or set; with no contract (two-handed's turn-up), what each
 * seat scores. */
function playedLine(result) {
  if (result.declarer === null) {
    return result.team_points.map((points, seat) => fill(t.scores, { name: data.names[seat], points })).join(" · ");
  }
  return fill(result.made ? t.made : t.set, { name: data.names[result.declarer], contract: result.contract });
}

/** The kitty as dealt out: each card by the seat it went to. */
function gifts(codes) {
  return codes.map((code, seat) => fill(t.kitty_gift, { card: named(code), name: data.names[seat] })).join(t.list_separator || ", ");
}

function auction(view, index) {
  const none = view.options.two_trump === "turn_up" && two; // trump is turned up: no auction
  $("pn-auction-title").hidden = $("pn-auction").hidden = none;
  $("pn-auction-title").textContent = t.auction;
  const list = $("pn-auction");
  list.replaceChildren();
  if (!view.auction.length) list.append(node("li", "pass", t.no_bids));
  view.auction.forEach((entry, n) => {
    const item = node("li", entry.bid === null ? "pass" : "bid");
    item.dataset.seat = String(entry.seat);
    if (index > 0 && n === view.auction.length - 1 && steps[index].action && (steps[index].action.type === "bid" || steps[index].action.type === "pass")) {
      item.classList.add("latest");
    }
    item.append(node("span", "", data.names[entry.seat]));
    item.append(node("span", "amount", entry.bid === null ? t.pass_short : String(entry.bid)));
    list.append(item);
  });
}

function fact(label, value, id) {
  const box = node("div", "pn-fact");
  if (id) box.id = id;
  box.append(node("span", "muted", label));
  const strong = node("strong");
  if (typeof value === "string") strong.textContent = value;
  else strong.append(value);
  box.append(strong);
  return box;
}

function facts(view) {
  const box = $("pn-facts");
  box.replaceChildren();
  if (view.declarer === null && !view.trump) return;
  if (view.declarer !== null) box.append(fact(t.contract, `${view.contract} · ${data.names[view.declarer]}`, "pn-contract-line"));
  box.append(fact(t.trump, view.trump ? suitNode(view.trump) : t.not_named, "pn-trump-line"));
}

/** Two-handed: the stock's count with the turn-up under it, the stage, and this step's draws
 * (another seat's drawn card face down while the match goes on). */
function stock(step) {
  const view = step.view;
  const box = $("pn-stock-box");
  box.hidden = !two || view.stock_count === undefined;
  if (box.hidden) return;
  $("pn-stock-title").textContent = fill(t.stock_n, { n: view.stock_count });
  const pile = $("pn-stock");
  pile.replaceChildren();
  if (view.stock_count) pile.append(cardElement(null, t));
  if (view.turn_up) pile.append(exchangeLine(t.turn_up, [view.turn_up]));
  const drawn = $("pn-drawn");
  drawn.replaceChildren();
  for (const draw of step.draws || []) {
    const item = node("div", "pn-played");
    item.dataset.seat = String(draw.seat);
    item.append(draw.card ? cardTile(draw.card, t) : cards([null]), node("span", "who", data.names[draw.seat]));
    drawn.append(item);
  }
  const stage = $("pn-stage");
  stage.textContent = view.stage === "strict" ? t.stage_strict : t.stage_stock;
  stage.dataset.stage = view.stage;
}

function exchangeLine(label, codes) {
  const line = node("div", "pn-exchange-line");
  line.append(node("span", "muted small", label), cards(codes));
  return line;
}

function exchange(step) {
  const box = $("pn-exchange");
  box.replaceChildren();
  if (step.widow) box.append(exchangeLine(t.widow, step.widow));
  if (step.kitty) box.append(exchangeLine(t.kitty, step.kitty));
  if (step.kitty_given) {
    const line = node("div", "pn-exchange-line pn-kitty-given");
    line.append(node("span", "muted small", t.kitty_dealt_out));
    step.kitty_given.forEach((code, seat) => {
      const gift = node("span", "pn-gift");
      gift.append(node("span", "who", data.names[seat]), cards([code]));
      line.append(gift);
    });
    box.append(line);
  }
  if (step.discard) box.append(exchangeLine(t.laid_aside, step.discard));
  if (step.passed.to_declarer) box.append(exchangeLine(t.to_declarer, step.passed.to_declarer));
  if (step.passed.to_partner) box.append(exchangeLine(t.to_partner, step.passed.to_partner));
}

function trick(step) {
  const view = step.view;
  const done = view.tricks_won.reduce((a, b) => a + b, 0);
  const took = step.took !== null && step.took !== undefined;
  const shown = took ? view.last_trick.cards : view.trick;
  // no trick box before the play (the auction, trump, passing) nor for a hand never played
  $("pn-trick-box").hidden = view.phase !== "play" && !took && done === 0;
  $("pn-trick-title").textContent = shown.length ? fill(t.trick, { n: took ? done : done + 1 }) : fill(t.trick, { n: done + 1 });
  const box = $("pn-trick");
  box.replaceChildren();
  if (!shown.length) box.append(node("span", "muted", view.phase === "play" ? t.no_trick : ""));
  for (const played of shown) {
    const item = node("div", "pn-played");
    item.dataset.seat = String(played.seat);
    if (took && played.seat === step.took) item.classList.add("winner");
    item.append(cardTile(played.card, t), node("span", "who", nameAt(step, played.seat)));
    box.append(item);
  }
  $("pn-taken").textContent = took ? fill(t.taken_by, { name: data.names[step.took] }) : "";
}

function row(label, values, className) {
  const tr = node("tr", className);
  tr.append(node("th", "", label));
  for (const value of values) {
    const td = node("td");
    const bdi = node("bdi", "", value === null || value === undefined ? "–" : String(value));
    bdi.dir = "ltr";
    td.append(bdi);
    tr.append(td);
  }
  return tr;
}

function score(step) {
  const view = step.view;
  const table = $("pn-score");
  table.replaceChildren();
  const head = node("thead");
  const headRow = node("tr");
  headRow.append(node("th"));
  for (const side of sides) headRow.append(node("th", "", sideLabel(side)));
  head.append(headRow);
  const body = node("tbody");
  body.append(row(t.tricks, sides.map((s) => view.tricks_won[s])));
  body.append(row(t.counters, sides.map((s) => step.counters[s])));
  body.append(row(t.meld, sides.map((s) => (view.meld_totals ? view.meld_totals[s] : null))));
  const result = view.result;
  if (result && (result.reason === "played" || result.reason === "conceded")) {
    body.append(row(t.meld_counted, sides.map((s) => result.meld_counted[s])));
    body.append(row(t.hand_points, sides.map((s) => result.team_points[s]), "strong"));
  }
  body.append(...checkRows(result));
  table.append(head, body);
}

const signedText = (n) => (n > 0 ? `+${n}` : String(n));

/** Check Pinochle: the hand's checks per seat with their events in words, and the net (three
 *  seats each for themselves, so a side is a seat). */
function checkRows(result) {
  if (!result || !result.checks) return [];
  const checks = row(t.checks, sides.map((s) => signedText(result.checks[s])), "pn-checks");
  checks.querySelectorAll("td").forEach((td, i) => {
    const events = result.check_events.filter((e) => e.seat === sides[i]);
    const list = node("small", "pn-check-events", events.length ? "" : t.no_checks);
    for (const e of events) {
      const item = node("span", "", `${t[`check_${e.event}`] || e.event} `);
      item.dataset.event = e.event;
      const n = node("bdi", "", signedText(e.checks));
      n.dir = "ltr";
      item.append(n);
      list.append(item);
    }
    td.append(list);
  });
  return [checks, row(t.check_net, sides.map((s) => signedText(result.check_net[s])), "strong pn-check-net")];
}

function resultLine(step) {
  const box = $("result");
  box.replaceChildren();
  const result = step.view.result;
  if (!result) return;
  let text = t.not_played;
  if (result.reason === "played") {
    text = playedLine(result);
  } else if (result.reason === "conceded") {
    text = fill(t.conceded, { name: data.names[result.declarer], contract: result.contract });
  } else if (result.reason === "all_passed") {
    text = t.all_passed;
  } else if (result.reason === "redeal") {
    text = fill(t.redeal, { name: data.names[result.redeal_seat], n: result.redeal_cards.length });
  }
  const line = node("p", `result-line ${result.made === false ? "set" : "made"}`, text);
  line.id = "pn-result";
  if (result.reason === "played") line.dataset.made = result.made ? "made" : "set";
  if (result.reason === "conceded") line.dataset.made = "conceded";
  box.append(line);
}

function board(step, index) {
  auction(step.view, index);
  facts(step.view);
  exchange(step);
  stock(step);
  trick(step);
  score(step);
  resultLine(step);
}

function seatExtra(step, seat, box) {
  const view = step.view;
  const head = box.querySelector(".seat-head");
  if (view.declarer === seat) head.append(node("span", "tag tag-declarer", t.declarer));
  if (two && view.table && view.table[seat].length) {
    const table = node("div", "pn-table-line");
    table.dataset.testid = "table";
    table.append(node("span", "muted small", t.on_table), cards(view.table[seat].map((c) => c.card)));
    box.append(table);
  }
  if (step.kitty_given) box.append(node("div", "pn-from-kitty muted small", fill(t.from_kitty, { card: named(step.kitty_given[seat]) })));
  if (!view.melds) return;
  const meld = view.melds[seat];
  const list = node("div", "pn-seat-melds");
  list.append(node("div", "pn-meld-total", meld.melds.length ? fill(t.meld_of, { n: meld.points }) : t.no_meld));
  for (const entry of meld.melds) {
    const line = node("div", "pn-meld");
    line.dataset.meld = entry.name;
    line.append(node("span", "", t[`meld_${entry.name}`] || entry.name), node("span", "pts", String(entry.points)), cards(entry.cards));
    list.append(line);
  }
  box.append(list);
}

startReplay({ describe, board, seatExtra, turn: (step) => step.view.turn });
document.body.dataset.alone = alone ? "yes" : "no";
