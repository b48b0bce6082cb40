// The Verify page («تحقق»): run the browser's own sahrat-shuffle-v1 on the embedded record and
// show each item and the overall verdict. The server's data is only compared, never trusted.

import { cardTile } from "../table/cards.js";
import { verifyRound } from "./fair.js";
import { engineName } from "./sha256.js";

const record = JSON.parse(document.getElementById("round-record").textContent);
const t = JSON.parse(document.getElementById("verify-strings").textContent);
const list = document.getElementById("checks");
const verdict = document.getElementById("verdict");

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, key) => (key in values ? String(values[key]) : `{${key}}`));
}

function node(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function badge(ok) {
  return node("span", `verdict-badge ${ok ? "pass" : "fail"}`, ok ? t.pass : t.fail);
}

function cardsRow(cards, other) {
  const row = node("div", "cards-row");
  row.dir = "ltr";
  (cards || []).forEach((code, i) => {
    const card = cardTile(code, t);
    if (other && other[i] !== code) card.classList.add("differs");
    row.appendChild(card);
  });
  return row;
}

function label(item) {
  // a name in the other script stays whole inside the sentence (first-strong isolate)
  const name = record.names && item.seat !== undefined ? `\u2068${record.names[item.seat]}\u2069` : "";
  switch (item.kind) {
    case "commitment": return t.item_commitment;
    case "deck": return fill(t.item_deck, { count: (item.derived || []).length });
    case "widow": return t.item_widow;
    case "turn_up": return t.item_turn_up;
    case "stock": return fill(t.item_stock, { count: (item.derived || []).length });
    case "kitty": return t.item_kitty;
    case "hand": return fill(t.item_hand, { seat: item.seat + 1, name, count: (item.derived || []).length });
    case "first_dealer": return t.item_first_dealer;
    case "restock": return fill(t.item_restock, { k: item.k });
    case "secret": return t.item_secret;
    case "algorithm": return t.item_algorithm;
    default: return fill(t.item_error, { detail: item.detail || "" });
  }
}

function render(item) {
  const li = node("li", `check ${item.ok ? "ok" : "bad"}`);
  li.dataset.item = item.id;
  li.dataset.ok = item.ok ? "pass" : "fail";
  const head = node("div", "check-head");
  head.append(badge(item.ok), node("span", "check-label", label(item)));
  li.appendChild(head);
  const isCards = Array.isArray(item.derived) || Array.isArray(item.expected);
  if (item.kind === "commitment") {
    const body = node("dl", "hexes");
    body.append(node("dt", "", t.derived), node("dd", "hex", item.derived));
    body.append(node("dt", "", t.recorded), node("dd", "hex", item.expected));
    li.appendChild(body);
  } else if (item.kind === "first_dealer") {
    li.appendChild(node("p", "", fill(t.first_dealer_values, {
      derived: item.derived + 1, recorded: item.expected === null || item.expected === undefined ? "—" : item.expected + 1,
    })));
  } else if (isCards) {
    if (item.kind === "restock" && item.pile) {
      li.appendChild(node("p", "muted small", fill(t.restock_pile, { n: item.pile.length })));
    }
    li.appendChild(node("p", "row-label", t.derived));
    li.appendChild(cardsRow(item.derived, item.expected));
    if (!item.ok) {
      li.appendChild(node("p", "row-label", t.recorded));
      li.appendChild(cardsRow(item.expected, item.derived));
    }
  }
  return li;
}

async function main() {
  record.names = JSON.parse(document.getElementById("verify-strings").textContent).names;
  const result = await verifyRound(record);
  list.replaceChildren(...result.items.map(render));
  verdict.classList.remove("pending");
  verdict.classList.add(result.ok ? "pass" : "fail");
  document.getElementById("verdict-text").replaceChildren(
    badge(result.ok),
    node("span", "", " " + (result.ok ? t.overall_pass : t.overall_fail)),
  );
  const passed = result.items.filter((item) => item.ok).length;
  document.getElementById("verdict-engine").textContent = fill(
    engineName() === "webcrypto" ? t.engine_webcrypto : t.engine_pure,
    { passed, total: result.items.length },
  );
  document.body.dataset.verdict = result.ok ? "pass" : "fail";
  window.sahratVerify = result;
}

main().catch((error) => {
  verdict.classList.remove("pending");
  verdict.classList.add("fail");
  document.getElementById("verdict-text").textContent = fill(t.item_error, { detail: String(error) });
  document.body.dataset.verdict = "fail";
});
