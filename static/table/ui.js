// Small DOM and text helpers shared by the table shell and every game module.
//
// Digits: Latin everywhere (docs/decisions.md, "Latin digits"); a signed or mixed number is
// isolated left-to-right so "+150" never turns into "150+" in an Arabic line.

export const SVG_NS = "http://www.w3.org/2000/svg";

const PLAIN_ATTRS = new Set(["role", "dir", "title", "type", "hidden", "draggable", "tabindex", "lang", "style"]);

/** h("div", {class, text, data-*, aria-*, on*…}, ...children): an element. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || PLAIN_ATTRS.has(k)) node.setAttribute(k, v === true ? "" : v);
    else node[k] = v;
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function svgBox(viewBox, cls) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", viewBox);
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  return svg;
}

export function svgEl(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

const LRI = "\u2066";
const FSI = "\u2068";
const PDI = "\u2069";

/** A number as the server sends it ("37.5", 12) shown with Latin digits and no trailing ".0". */
export function num(value) {
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : String(value);
}

/** A signed number ("+150", "-20", "0") isolated left-to-right inside any line. */
export function signed(value) {
  const n = Number(value);
  const text = n > 0 ? `+${num(n)}` : num(n);
  return `${LRI}${text}${PDI}`;
}

/** The same, as a <bdi dir="ltr"> element (for markup rather than plain text). */
export function signedNode(value, cls = "") {
  const n = Number(value);
  return h("bdi", { dir: "ltr", class: cls || null }, n > 0 ? `+${num(n)}` : num(n));
}

/** Strings from the server (lobby/table_strings.py) and a formatter for their {fields}. */
export function strings(t) {
  function fmt(key, params = {}) {
    let text = t[key] ?? key;
    for (const [k, v] of Object.entries(params)) {
      // numbers stay as they are; names and card lists are isolated so Arabic and English
      // mix cleanly in one line
      const value = typeof v === "number" ? String(v) : `${FSI}${v}${PDI}`;
      text = text.replaceAll(`{${k}}`, value);
    }
    return text;
  }
  return { t, fmt };
}

export function rtl() {
  return document.documentElement.dir === "rtl";
}

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
