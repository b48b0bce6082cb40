// A hand of cards laid out to fit its box, for any card game.
//
// Cards overlap in one row, or in several overlapping rows when one row would leave less
// than MIN_STRIP px of each card to tap. Each card is a button whose box is exactly its visible
// part (the face overflows it and is drawn under the next card), so a tap lands on the card
// you see and every visible strip is at least 44×44 px.
//
// Cards are dragged with pointer events (mouse and touch alike): dropped inside the hand they
// reorder it (onReorder), dropped on an element that ``dropTargetAt`` accepts they go to the
// game (onDrop). A press without a drag is a click (onToggle). Alt+←/→ moves a focused card.
//
// HandOrder keeps the player's own order across turns and reloads (localStorage, per round).

import { cardElement } from "./cards.js";
import { reducedMotion } from "./ui.js";

const MIN_STRIP = 44; // px: the smallest visible part of a card, across and down
const DRAG_FROM = 7; // px of movement before a press becomes a drag

export class HandOrder {
  constructor(prefix = "sahrat.hand.") {
    this.prefix = prefix;
    this.key = null;
    this.custom = null;
  }

  /** Use the order saved for this round (key: e.g. "<match>.<round>"); forget older rounds'. */
  use(roundKey) {
    const key = this.prefix + roundKey;
    if (key === this.key) return;
    this.key = key;
    try {
      const saved = JSON.parse(localStorage.getItem(key) || "null");
      this.custom = Array.isArray(saved) ? saved.filter((c) => typeof c === "string") : null;
      for (let i = localStorage.length - 1; i >= 0; i--) {
        const k = localStorage.key(i);
        if (k && k.startsWith(this.prefix) && k !== key) localStorage.removeItem(k);
      }
    } catch {
      this.custom = null;
    }
  }

  get isCustom() {
    return this.custom !== null;
  }

  /** The hand in display order: the player's order kept, cards new to it added at the end. */
  arrange(hand, sorted) {
    if (!this.custom) return sorted(hand);
    const left = {};
    for (const c of hand) left[c] = (left[c] ?? 0) + 1;
    const out = [];
    for (const c of this.custom) {
      if (left[c] > 0) {
        out.push(c);
        left[c] -= 1;
      }
    }
    for (const c of sorted(hand)) {
      if (left[c] > 0) {
        out.push(c);
        left[c] -= 1;
      }
    }
    return out;
  }

  set(codes) {
    this.custom = codes.slice();
    if (this.key) localStorage.setItem(this.key, JSON.stringify(this.custom));
  }

  clear() {
    this.custom = null;
    if (this.key) localStorage.removeItem(this.key);
  }
}

/** Cards with keys ("CODE#k", the k-th copy of CODE) in the given order. */
export function keyed(codes) {
  const seen = {};
  return codes.map((code) => {
    const k = seen[code] ?? 0;
    seen[code] = k + 1;
    return { code, key: `${code}#${k}` };
  });
}

export function createHand(box, t, { onToggle, onReorder, onDrop, dropTargetAt, onDragState } = {}) {
  const nodes = new Map(); // key -> button
  let cards = [];
  let slots = []; // [{x, y, w, h}] by display index
  let geometry = null;
  let drag = null;
  let suppressClick = false;

  box.classList.add("hand-cards");

  function metrics() {
    const style = getComputedStyle(box);
    const cw = parseFloat(style.getPropertyValue("--cw")) || 80;
    const ch = Math.round(cw * 1.4);
    const lift = parseFloat(style.getPropertyValue("--lift")) || 18;
    const maxRows = parseInt(style.getPropertyValue("--max-rows"), 10) || 4;
    const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const width = Math.max(cw, box.clientWidth - padX);
    return { cw, ch, lift, maxRows, width, padLeft: parseFloat(style.paddingLeft) };
  }

  /** Slots for n cards: one row if it leaves MIN_STRIP per card, else more rows. */
  function layout(n) {
    const m = metrics();
    const { cw, ch, width } = m;
    const maxStrip = Math.max(MIN_STRIP, Math.round(cw * 0.62));
    let rows = 1;
    let perRow = n;
    let strip = maxStrip;
    for (rows = 1; rows <= m.maxRows; rows++) {
      perRow = Math.ceil(n / rows);
      strip = perRow > 1 ? Math.min(maxStrip, (width - cw) / (perRow - 1)) : maxStrip;
      if (strip >= MIN_STRIP || rows === m.maxRows) break;
    }
    strip = Math.floor(strip);
    const rowStep = Math.max(MIN_STRIP + 4, Math.round(ch * 0.45));
    const blockW = cw + (Math.min(perRow, n) - 1) * strip;
    const x0 = m.padLeft + Math.max(0, (width - blockW) / 2);
    const out = [];
    for (let i = 0; i < n; i++) {
      const row = Math.floor(i / perRow);
      const col = i % perRow;
      const inRow = Math.min(perRow, n - row * perRow);
      const nextRow = Math.max(0, Math.min(perRow, n - (row + 1) * perRow));
      const lastInRow = col === inRow - 1;
      const coveredBelow = nextRow >= col; // a card of the next row lies over its lower part
      out.push({
        x: Math.round(x0 + col * strip),
        y: Math.round(m.lift + row * rowStep),
        w: lastInRow ? cw : strip,
        h: coveredBelow && nextRow > 0 ? rowStep : ch,
        row,
        col,
      });
    }
    const height = m.lift + (Math.ceil(n / perRow) - 1) * rowStep + ch + 6;
    return { slots: out, cw, ch, rows: Math.ceil(n / Math.max(1, perRow)), perRow, strip, rowStep, height };
  }

  function place(node, slot) {
    node.style.left = `${slot.x}px`;
    node.style.top = `${slot.y}px`;
    node.style.width = `${slot.w}px`;
    node.style.height = `${slot.h}px`;
  }

  /**
   * Draw ``list`` ([{code, key}] in display order). ``decorate(node, card, index)`` sets the
   * game's classes and badges on each (fresh or reused) node; ``enter`` (keys) cards animate in.
   */
  function render(list, { decorate = () => {}, draggable = true, dealing = false } = {}) {
    cards = list;
    geometry = layout(list.length);
    slots = geometry.slots;
    box.style.setProperty("--ch", `${geometry.ch}px`);
    box.style.height = `${geometry.height}px`;
    box.dataset.rows = String(geometry.rows);
    const keep = new Set(list.map((c) => c.key));
    for (const [key, node] of nodes) {
      if (!keep.has(key)) {
        node.remove();
        nodes.delete(key);
      }
    }
    const focused = document.activeElement?.dataset?.key;
    list.forEach((card, i) => {
      let node = nodes.get(card.key);
      const fresh = !node || node.dataset.card !== card.code;
      if (fresh) {
        node?.remove();
        node = cardElement(card.code, t, { tag: "button" });
        node.dataset.key = card.key;
        node.classList.add("hcard");
        node.style.setProperty("--cw", `${geometry.cw}px`);
        nodes.set(card.key, node);
        if (dealing && !reducedMotion()) {
          node.classList.add("dealt");
          node.style.setProperty("--deal-i", String(i));
          node.addEventListener("animationend", () => node.classList.remove("dealt"), { once: true });
          setTimeout(() => node.classList.remove("dealt"), 2000); // no animation ran (hidden tab)
        }
      }
      node.className = node.className.replace(/\b(selected|owed|drawn|hint|arrive)\b/g, "").replace(/\s+/g, " ").trim();
      node.querySelector(".badge")?.remove();
      node.style.zIndex = String(i + 1);
      node.style.setProperty("--cw", `${geometry.cw}px`);
      node.draggable = false;
      node.dataset.index = String(i);
      node.dataset.drag = draggable ? "1" : "";
      decorate(node, card, i);
      place(node, slots[i]);
      // DOM order = display order = paint order; a node is moved only when out of place, since
      // moving it restarts its animations
      const at = box.children[i];
      if (at !== node) box.insertBefore(node, at || null);
    });
    if (focused) box.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
  }

  function relayout() {
    if (!cards.length) return;
    geometry = layout(cards.length);
    slots = geometry.slots;
    box.style.height = `${geometry.height}px`;
    cards.forEach((card, i) => {
      const node = nodes.get(card.key);
      if (node) {
        node.style.setProperty("--cw", `${geometry.cw}px`);
        place(node, slots[i]);
      }
    });
  }

  new ResizeObserver(() => relayout()).observe(box);

  /** The display index a point in the hand falls on (for a drop while reordering). */
  function indexAt(clientX, clientY) {
    const r = box.getBoundingClientRect();
    const x = clientX - r.left;
    const y = clientY - r.top;
    let best = 0;
    let bestD = Infinity;
    slots.forEach((s, i) => {
      const cx = s.x + Math.min(s.w, geometry.strip) / 2;
      const cy = s.y + geometry.ch / 2;
      const d = Math.abs(x - cx) + Math.abs(y - cy) * 1.5;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    });
    return best;
  }

  function showGap(from, to) {
    // other cards move to where they would be with the dragged card at ``to``
    const order = cards.map((c, i) => i);
    order.splice(from, 1);
    order.splice(to, 0, from);
    order.forEach((cardIndex, slotIndex) => {
      if (cardIndex === from) return;
      const node = nodes.get(cards[cardIndex].key);
      if (node) place(node, slots[slotIndex]);
    });
  }

  box.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    const node = e.target.closest(".hcard");
    if (!node || !box.contains(node) || node.dataset.drag !== "1") return;
    drag = { node, key: node.dataset.key, from: Number(node.dataset.index), x: e.clientX, y: e.clientY, id: e.pointerId, on: false, to: null, over: null };
  });

  box.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.on) {
      if (Math.hypot(dx, dy) < DRAG_FROM) return;
      drag.on = true;
      box.setPointerCapture(e.pointerId); // the card itself lets the pointer through (CSS)
      drag.node.classList.add("dragged");
      box.classList.add("reordering");
      onDragState?.(true, drag.key);
    }
    e.preventDefault();
    drag.node.style.transform = `translate(${dx}px, ${dy}px)`;
    const r = box.getBoundingClientRect();
    const inHand = e.clientY >= r.top - 20 && e.clientY <= r.bottom + 10 && e.clientX >= r.left && e.clientX <= r.right;
    const over = inHand ? null : dropTargetAt?.(e.clientX, e.clientY, drag.key) || null;
    if (over !== drag.over) {
      drag.over?.classList.remove("drop-over");
      over?.classList.add("drop-over");
      drag.over = over;
    }
    const to = inHand ? indexAt(e.clientX, e.clientY) : drag.from;
    if (to !== drag.to) {
      drag.to = to;
      showGap(drag.from, to);
    }
  });

  function endDrag(e, cancelled) {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.on) return;
    suppressClick = true;
    setTimeout(() => (suppressClick = false), 0);
    d.node.classList.remove("dragged");
    d.node.style.transform = "";
    box.classList.remove("reordering");
    d.over?.classList.remove("drop-over");
    onDragState?.(false, d.key);
    if (!cancelled && d.over) {
      relayout();
      onDrop?.(d.over, d.key);
      return;
    }
    if (!cancelled && d.to !== null && d.to !== d.from) {
      const order = cards.map((c) => c.code);
      const [moved] = order.splice(d.from, 1);
      order.splice(d.to, 0, moved);
      onReorder?.(order, d.key);
      return;
    }
    relayout();
  }

  box.addEventListener("pointerup", (e) => endDrag(e, false));
  box.addEventListener("pointercancel", (e) => endDrag(e, true));

  box.addEventListener(
    "click",
    (e) => {
      const node = e.target.closest(".hcard");
      if (!node || !box.contains(node)) return;
      e.stopPropagation();
      if (suppressClick) return;
      onToggle?.(node.dataset.key);
    },
    true,
  );

  box.addEventListener("keydown", (e) => {
    if (!e.altKey || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
    const node = e.target.closest(".hcard");
    if (!node) return;
    e.preventDefault();
    const from = Number(node.dataset.index);
    const to = Math.max(0, Math.min(cards.length - 1, from + (e.key === "ArrowLeft" ? -1 : 1)));
    if (to === from) return;
    const order = cards.map((c) => c.code);
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved);
    onReorder?.(order, node.dataset.key);
  });

  return {
    render,
    relayout,
    node: (key) => nodes.get(key),
    get geometry() {
      return geometry;
    },
  };
}
