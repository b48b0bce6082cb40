// Cards drawn as SVG: faces (rank, suit, colours), jokers, the banakil's mark, the back.
// Codes: rank "A23456789TJQK" + suit "SHDC", or "JK" (docs/protocol.md).

const NS = "http://www.w3.org/2000/svg";

export const SUITS = "SHDC";
export const RANKS = "A23456789TJQK";
const RED = new Set(["H", "D"]);
const SHOWN_RANK = { T: "10" };

// Suit shapes in a 100×100 box.
const SUIT_PATHS = {
  H: "M50 90C47 86 6 60 6 32 6 16 18 6 31 6 41 6 47 12 50 19 53 12 59 6 69 6 82 6 94 16 94 32 94 60 53 86 50 90Z",
  D: "M50 3 87 50 50 97 13 50Z",
  S: "M50 4C44 14 8 38 8 60 8 74 19 82 31 82 39 82 44 78 47 73 46 83 41 91 32 96H68C59 91 54 83 53 73 56 78 61 82 69 82 81 82 92 74 92 60 92 38 56 14 50 4Z",
  C: "M50 6A19 19 0 0 0 37 39 19 19 0 1 0 44 68C43 80 39 89 31 96H69C61 89 57 80 56 68A19 19 0 1 0 63 39 19 19 0 0 0 50 6Z",
};

export function isWild(code) {
  return code === "JK" || code[0] === "2";
}

export function isRed(code) {
  return code !== "JK" && RED.has(code[1]);
}

export function rankOf(code) {
  return code === "JK" ? "" : code[0];
}

export function suitOf(code) {
  return code === "JK" ? "" : code[1];
}

/** The card's name in the page's language: "7 of hearts" / "7 هاص", "Joker" / "جوكر". */
export function cardName(code, t) {
  if (code === "JK") return t.joker;
  return t.card_name.replace("{rank}", t[`rank_${code[0]}`]).replace("{suit}", t[`suit_${code[1]}`]);
}

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function suitShape(suit, x, y, size, parent, extra = {}) {
  el("path", {
    d: SUIT_PATHS[suit],
    transform: `translate(${x} ${y}) scale(${size / 100})`,
    class: `suit suit-${suit}`,
    ...extra,
  }, parent);
}

let uid = 0;

function corner(code, parent, flip) {
  const g = el("g", flip ? { transform: "rotate(180 50 70)" } : {}, parent);
  const label = SHOWN_RANK[code[0]] || code[0];
  const attrs = { x: 12, y: 24, class: "rank", "text-anchor": "middle", "font-size": 22 };
  if (label.length > 1) Object.assign(attrs, { x: 12.5, "font-size": 19, textLength: 19, lengthAdjust: "spacingAndGlyphs" });
  const text = el("text", attrs, g);
  text.textContent = label;
  suitShape(code[1], 5, 28, 14, g);
}

function pips(code, svg) {
  const suit = code[1];
  const rank = code[0];
  if (rank === "J" || rank === "Q" || rank === "K") {
    const id = `face-${++uid}`;
    const defs = el("defs", {}, svg);
    const grad = el("linearGradient", { id, x1: 0, y1: 0, x2: 0, y2: 1 }, defs);
    el("stop", { offset: 0, class: "face-a" }, grad);
    el("stop", { offset: 1, class: "face-b" }, grad);
    el("rect", { x: 22, y: 24, width: 56, height: 92, rx: 7, fill: `url(#${id})`, class: "face-frame" }, svg);
    const letter = el("text", { x: 50, y: 78, "text-anchor": "middle", class: "face-letter", "font-size": 44 }, svg);
    letter.textContent = rank;
    suitShape(suit, 41, 88, 18, svg);
    suitShape(suit, 43, 30, 14, svg, { opacity: ".55" });
    return;
  }
  if (rank === "A") {
    suitShape(suit, 28, 44, 44, svg);
    return;
  }
  if (rank === "2") {
    suitShape(suit, 34, 44, 32, svg);
    return;
  }
  const n = rank === "T" ? 10 : Number(rank);
  const layouts = {
    3: [[50, 36], [50, 70], [50, 104]],
    4: [[36, 40], [64, 40], [36, 100], [64, 100]],
    5: [[36, 40], [64, 40], [50, 70], [36, 100], [64, 100]],
    6: [[36, 40], [64, 40], [36, 70], [64, 70], [36, 100], [64, 100]],
    7: [[36, 40], [64, 40], [50, 55], [36, 70], [64, 70], [36, 100], [64, 100]],
    8: [[36, 38], [64, 38], [50, 54], [36, 70], [64, 70], [50, 86], [36, 102], [64, 102]],
    9: [[36, 36], [64, 36], [36, 58], [64, 58], [50, 70], [36, 82], [64, 82], [36, 104], [64, 104]],
    10: [[36, 36], [64, 36], [50, 48], [36, 60], [64, 60], [36, 80], [64, 80], [50, 92], [36, 104], [64, 104]],
  };
  const size = n >= 9 ? 15 : 17;
  for (const [x, y] of layouts[n]) {
    const g = el("g", y > 72 ? { transform: `rotate(180 ${x} ${y})` } : {}, svg);
    suitShape(suit, x - size / 2, y - size / 2, size, g);
  }
}

// The words printed on wild faces, in the page's language (cardElement passes the strings;
// English when a page gives none).
const FACE_WORDS = { face_joker: "JOKER", face_banakil: "WILD" };

/**
 * An SVG card face (or the back when code is null), 100×140 units, scaled by CSS. ``t`` (the
 * page's strings) gives the words on wild faces: face_joker, face_banakil.
 */
export function cardSVG(code, t = FACE_WORDS) {
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-svg", "aria-hidden": "true", focusable: "false" });
  if (!code) {
    el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 9, class: "back-base" }, svg);
    el("rect", { x: 7, y: 7, width: 86, height: 126, rx: 6, class: "back-field" }, svg);
    const g = el("g", { class: "back-stars" }, svg);
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 3; col++) {
        const cx = 25 + col * 25;
        const cy = 22 + row * 24;
        el("rect", { x: cx - 7, y: cy - 7, width: 14, height: 14, transform: `rotate(45 ${cx} ${cy})` }, g);
        el("rect", { x: cx - 7, y: cy - 7, width: 14, height: 14 }, g);
      }
    }
    el("rect", { x: 7, y: 7, width: 86, height: 126, rx: 6, class: "back-line" }, svg);
    return svg;
  }
  const kind = code === "JK" ? "joker" : isRed(code) ? "red" : "black";
  svg.classList.add(`face-${kind}`);
  el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 9, class: "face-base" }, svg);
  if (code === "JK") {
    const star = "M50 34 57 53 77 53 61 65 67 85 50 73 33 85 39 65 23 53 43 53Z";
    el("circle", { cx: 50, cy: 64, r: 33, class: "joker-ring" }, svg);
    el("path", { d: star, class: "joker-star" }, svg);
    const top = el("text", { x: 50, y: 124, "text-anchor": "middle", class: "joker-word", "font-size": 15 }, svg);
    top.textContent = t.face_joker || FACE_WORDS.face_joker;
    if (/[^\x00-\x7f]/.test(top.textContent)) top.setAttribute("class", "joker-word joker-word-script");
    const j = el("text", { x: 11, y: 24, "text-anchor": "middle", class: "joker-corner", "font-size": 20 }, svg);
    j.textContent = "J";
    const k = el("text", { x: 11, y: 44, "text-anchor": "middle", class: "joker-corner", "font-size": 20 }, svg);
    k.textContent = "K";
    return svg;
  }
  corner(code, svg, false);
  corner(code, svg, true);
  pips(code, svg);
  if (code[0] === "2") {
    // the banakil: a wild, marked with a gold band
    el("rect", { x: 18, y: 98, width: 64, height: 18, rx: 9, class: "banakil-band" }, svg);
    const w = el("text", { x: 50, y: 111.5, "text-anchor": "middle", class: "banakil-word", "font-size": 11 }, svg);
    w.textContent = t.face_banakil || FACE_WORDS.face_banakil;
    if (/[^\x00-\x7f]/.test(w.textContent)) w.setAttribute("class", "banakil-word banakil-word-script");
  }
  return svg;
}

/**
 * A card element. ``tag`` "button" for cards the player acts on (focusable), "span" otherwise.
 * Sets data-card and an aria-label in the page's language.
 */
export function cardElement(code, t, { tag = "span", label = null } = {}) {
  const node = document.createElement(tag);
  node.className = "pcard";
  if (tag === "button") node.type = "button";
  if (code) {
    node.dataset.card = code;
    node.classList.add(isWild(code) ? "wild" : isRed(code) ? "red" : "black");
  } else {
    node.classList.add("back");
  }
  const name = label || (code ? cardName(code, t) : t.card_back);
  if (tag === "button") node.setAttribute("aria-label", name);
  else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", name);
  }
  node.title = name;
  node.appendChild(cardSVG(code, t));
  return node;
}

const SUIT_GLYPH = { S: "\u2660\ufe0e", H: "\u2665\ufe0e", D: "\u2666\ufe0e", C: "\u2663\ufe0e" };

/** A card's short text: "7♥", "10♠", "★" for the joker (Latin digits in every language). */
export function shortName(code) {
  if (code === "JK") return "\u2605";
  return (SHOWN_RANK[code[0]] || code[0]) + SUIT_GLYPH[code[1]];
}

/**
 * A compact card: a small tile with a large rank and suit, readable at 26 px wide (melds,
 * score sheets, the replay, Verify). ``stands`` (a wild's card or rank it stands for, as in a
 * meld's stands_for) adds a badge under it. The tile's size comes from CSS (--tw).
 */
export function cardTile(code, t, { tag = "span", label = null, stands = null } = {}) {
  const node = document.createElement(tag);
  node.className = `ctile ${code === "JK" ? "joker wild" : code[0] === "2" ? "wild banakil" : ""} ${isRed(code) ? "red" : "black"}`;
  if (tag === "button") node.type = "button";
  node.dataset.card = code;
  const name = label || cardName(code, t);
  node.setAttribute("aria-label", name);
  if (tag !== "button") node.setAttribute("role", "img");
  node.title = name;
  const face = document.createElement("span");
  face.className = "ct-face";
  face.setAttribute("aria-hidden", "true");
  const rank = document.createElement("b");
  rank.className = "ct-rank";
  const suit = document.createElement("i");
  suit.className = "ct-suit";
  if (code === "JK") {
    rank.textContent = "\u2605";
    suit.textContent = (t.face_joker || FACE_WORDS.face_joker);
  } else {
    rank.textContent = SHOWN_RANK[code[0]] || code[0];
    suit.textContent = SUIT_GLYPH[code[1]];
  }
  face.append(rank, suit);
  node.append(face);
  if (stands) {
    const badge = document.createElement("span");
    badge.className = "ct-for";
    badge.setAttribute("aria-hidden", "true");
    badge.textContent = stands.endsWith("*") ? (SHOWN_RANK[stands[0]] || stands[0]) : shortName(stands);
    node.append(badge);
  }
  return node;
}
