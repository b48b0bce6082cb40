// Banakil at the live table (shell.js has the interface): the stock, the table pile «الأرض»,
// each team's melds with their lay-off ends, the hand (select, drag to a meld or the pile,
// drag to reorder, sort), the moves (draw, lay down, lay off, take a joker back, throw), the
// hints panel and the score sheet's body.

import { arrangeLayoff, arrangeMeld, banakilPlace, fittingEnds, jokerFits, runSpan } from "./arrange.js";
import { cardElement, cardName, cardSVG, cardTile, isWild } from "./cards.js";
import { HandOrder, createHand, keyed } from "./hand.js";
import { h, num, rtl } from "./ui.js";

const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };
const RANK_ORDER = { A: 1, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, T: 10, J: 11, Q: 12, K: 13 };
const TILE_MAX = 32; // px: a meld card's width when there is room
const TILE_MIN = 18;

export function createGame(shell) {
  const { t, fmt } = shell;
  const store = {
    hints: null, // {event, round_no, hints}
    selection: [], // keys "CODE#k": the k-th copy of CODE in the hand as shown
    sort: localStorage.getItem("sahrat.sort") === "rank" ? "rank" : "suit",
    seenMelds: new Set(),
    lastPile: null,
    drawnShown: null,
    dragging: false,
  };
  const order = new HandOrder();
  let parts = null;
  let hand = null;

  const cardsText = (codes) => codes.map((c) => cardName(c, t)).join(rtl() ? "، " : ", ");
  const state = () => shell.state;
  const myTurn = (s = state()) => shell.myTurn(s);

  // --- the hand's order and the selection ----------------------------------------------------

  function sortKey(code) {
    if (code === "JK") return [2, 99, 99];
    if (code[0] === "2") return [1, store.sort === "suit" ? SUIT_ORDER[code[1]] : 0, SUIT_ORDER[code[1]]];
    const suit = SUIT_ORDER[code[1]];
    const rank = RANK_ORDER[code[0]];
    return store.sort === "suit" ? [0, suit, rank] : [0, rank, suit];
  }

  function sorted(codes) {
    return codes.slice().sort((a, b) => {
      const ka = sortKey(a);
      const kb = sortKey(b);
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
      return 0;
    });
  }

  /** Hand cards with keys: [{code, key}] in display order. */
  function keyedHand() {
    const s = state();
    const view = s?.view;
    if (!view || !view.hand) return [];
    order.use(`${s.match.id}.${s.round_no}`);
    return keyed(order.arrange(view.hand, sorted));
  }

  const selectedCards = () => store.selection.map((key) => key.split("#")[0]);

  function pruneSelection() {
    const keys = new Set(keyedHand().map((c) => c.key));
    store.selection = store.selection.filter((k) => keys.has(k));
  }

  function selectionChanged() {
    renderHand();
    renderControls();
    renderMeldTargets();
    fitMelds();
  }

  function toggle(key) {
    const i = store.selection.indexOf(key);
    if (i >= 0) store.selection.splice(i, 1);
    else store.selection.push(key);
    selectionChanged();
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
    selectionChanged();
  }

  function clearSelection() {
    store.selection = [];
    selectionChanged();
  }

  /** The player dragged a card to a new place: that order is kept (across turns and reloads). */
  function reorder(codes, movedKey) {
    const before = keyedHand();
    const picked = new Set(store.selection);
    order.set(codes);
    // the selection follows the cards, not the places
    const pickedCodes = before.filter((c) => picked.has(c.key)).map((c) => c.code);
    const after = keyedHand();
    const want = {};
    for (const c of pickedCodes) want[c] = (want[c] ?? 0) + 1;
    store.selection = [];
    for (const c of after) {
      if (want[c.code] > 0) {
        want[c.code] -= 1;
        store.selection.push(c.key);
      }
    }
    renderHand();
    renderControls();
    const moved = after.find((c) => c.code === movedKey.split("#")[0]);
    if (moved) hand.node(moved.key)?.focus({ preventScroll: true });
  }

  // --- moves ------------------------------------------------------------------------------------

  function ask(question, prefix, { low = true, high = true, card = null } = {}) {
    return shell.ask(question, {
      prefix,
      card,
      choices: [
        { value: "low", label: t.to_low, enabled: low, icon: "◀" },
        { value: "high", label: t.to_high, enabled: high, iconAfter: "▶" },
      ],
    });
  }

  async function doMeld() {
    const cards = selectedCards();
    if (cards.length < 3) {
      shell.toast(t.select_first);
      return;
    }
    const ordered = await arrangeMeld(cards, (wild) => ask(fmt("where_wild", { card: cardName(wild, t) }), "wild", { card: wild }));
    if (!ordered) return;
    shell.act({ type: "meld", cards: ordered }, clearSelection);
  }

  function doThrow(cards = selectedCards()) {
    if (cards.length !== 1) {
      shell.toast(t.select_one_throw);
      return;
    }
    shell.act({ type: "throw", card: cards[0] }, clearSelection);
  }

  const meldById = (id) => state()?.view?.melds.find((m) => m.id === id);

  async function doLayoff(meldId, end = null, cards = selectedCards()) {
    const meld = meldById(meldId);
    if (!meld) return;
    if (!cards.length) {
      shell.toast(t.select_first);
      return;
    }
    const place = banakilPlace(meld, cards);
    if (place >= 0) {
      const span = runSpan(meld);
      const to = await ask(t.where_banakil, "banakil", { low: span.lo > 1, high: span.hi < 14, card: meld.cards[place] });
      if (!to) return;
      shell.act({ type: "layoff", meld: meldId, cards, banakil_to: to }, clearSelection);
      return;
    }
    if (meld.kind === "set") {
      shell.act({ type: "layoff", meld: meldId, cards, end: end || "high" }, clearSelection);
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
    shell.act({ type: "layoff", meld: meldId, cards: block, end }, clearSelection);
  }

  function doSwap(meldId) {
    const cards = selectedCards();
    if (cards.length !== 1 || isWild(cards[0])) {
      shell.toast(t.select_one_swap);
      return;
    }
    shell.act({ type: "swap", meld: meldId, card: cards[0] }, clearSelection);
  }

  function onStock() {
    if (!state()?.view) return;
    if (!myTurn()) return shell.toast(t.not_your_turn);
    shell.act({ type: "draw", from: "stock" });
  }

  function onPile() {
    const view = state()?.view;
    if (!view) return;
    if (!myTurn()) return shell.toast(t.not_your_turn);
    if (view.phase === "draw") shell.act({ type: "draw", from: "pile" });
    else doThrow();
  }

  /** A card dragged out of the hand and dropped on a meld, a meld's end, or the pile. */
  function onDrop(target, key) {
    if (target.dataset.testid === "pile") return doThrow([key.split("#")[0]]); // the card dragged
    if (!store.selection.includes(key)) store.selection = [key];
    if (target.dataset.swap && selectedCards().length === 1) return doSwap(Number(target.dataset.swap));
    if (target.dataset.end) return void doLayoff(Number(target.dataset.meld), target.dataset.end);
    const meld = target.closest(".meld");
    if (meld) return void doLayoff(Number(meld.dataset.meldId));
    renderHand();
  }

  function dropTargetAt(x, y) {
    if (!myTurn() || state().view.phase !== "play") return null;
    const el = document.elementFromPoint(x, y);
    return el?.closest(".meld.ours .end, .meld.ours [data-swap], .meld.ours, [data-testid=pile]") || null;
  }

  // --- drawing ----------------------------------------------------------------------------------

  function mount(p) {
    parts = p;
    if (p.panel) {
      p.panel.classList.add("hints-panel");
      p.panel.dataset.testid = "hints-panel";
    }
    if (p.hand) {
      hand = createHand(p.hand, t, {
        onToggle: toggle,
        onReorder: reorder,
        onDrop,
        dropTargetAt,
        onDragState: (on) => {
          store.dragging = on;
          shell.app.classList.toggle("dragging", on && myTurn() && state().view.phase === "play");
        },
      });
    }
  }

  function render(s, before) {
    if (!before || before.event !== s.event || before.round_no !== s.round_no) store.hints = null;
    pruneSelection();
    const next = !!(before && before.round_no === s.round_no && s.event === before.event + 1);
    const from = next ? snapshotRects(s) : null;
    const dealing = !!(s.view && (!before || !before.view || before.round_no !== s.round_no) && before);
    renderCenter(s, before);
    renderHand({ dealing });
    renderControls();
    renderMeldTargets();
    renderHints();
    fitMelds();
    if (from) animateLast(s, from);
    if (s.view) {
      store.seenMelds = new Set(s.view.melds.map((m) => `${s.round_no}:${m.id}:${m.cards.length}`));
      store.lastPile = `${s.round_no}:${s.view.pile_size}:${s.view.pile_top}`;
    }
  }

  function renderCenter(s, before) {
    const view = s.view;
    const center = parts.center;
    center.classList.toggle("is-seeding", !view);
    const ourTeam = s.you === null ? 0 : s.you % 2;
    center.replaceChildren(
      middle(s, before),
      h("div", { class: "zones" }, meldZone(s, 1 - ourTeam, "top"), meldZone(s, ourTeam, "bottom")),
    );
  }

  function meldZone(s, team, where) {
    const view = s.view;
    const label = s.you === null ? fmt("team_melds", { team: shell.teamLabel(s, team) }) : team === s.you % 2 ? t.our_melds : t.their_melds;
    const zone = h("section", { class: `meld-zone zone-${where} team-${team}`, "aria-label": label, "data-team": team },
      h("h2", { class: "zone-title" }, label, view ? h("bdi", { class: "zone-points", dir: "ltr" }, num(view.team_meld_points[team])) : null));
    const list = h("div", { class: "meld-list" });
    const melds = view ? view.melds.filter((m) => m.team === team) : [];
    // where zones sit side by side, each is as wide as its share of the cards on the table
    zone.style.setProperty("--weight", String(8 + melds.reduce((n, m) => n + m.cards.length + 1, 0)));
    if (!melds.length) list.append(h("p", { class: "no-melds" }, t.no_melds));
    for (const m of melds) list.append(meldBox(s, m));
    zone.append(list);
    return zone;
  }

  function meldBox(s, m) {
    const fresh = store.seenMelds.size > 0 && !store.seenMelds.has(`${s.round_no}:${m.id}:${m.cards.length}`) && s.view.phase !== "ended";
    const owner = shell.seatName(s, m.owner);
    const label = fmt("meld_label", { id: m.id, name: owner, cards: cardsText(m.cards) });
    const ours = s.you !== null && m.team === s.you % 2;
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
        node = cardTile(code, t, { tag: "button", label: `${name} — ${fmt("swap_label", { id: m.id })}`, stands: wildFor });
        node.dataset.swap = m.id;
        node.classList.add("swappable");
      } else {
        node = cardTile(code, t, { label: name, stands: wildFor });
      }
      node.classList.add("mcard");
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

  function middle(s) {
    const view = s.view;
    const mid = h("div", { class: "middle" });
    if (!view) {
      const r = s.round;
      mid.append(h("div", { class: "seeding", "data-testid": "seeding" },
        h("div", { class: "shuffle", "aria-hidden": "true" }, cardSVG(null), cardSVG(null), cardSVG(null)),
        h("p", {}, t.seeding),
        r ? h("p", { class: "muted small", title: t.commitment_help }, `${t.commitment}: `, h("code", { dir: "ltr" }, r.commitment.slice(0, 16) + "…")) : null));
      return mid;
    }
    const canDraw = myTurn(s) && view.phase === "draw";
    const stack = h("div", { class: "stack", "aria-hidden": "true" });
    const layers = Math.min(4, Math.ceil(view.stock_size / 20));
    for (let i = 0; i < Math.max(1, layers); i++) stack.append(h("span", { class: "stack-card", style: `--i:${i}` }, cardSVG(null)));
    const stock = h("button", {
      type: "button", class: `stock${canDraw ? " can-act" : ""}${view.stock_size === 0 ? " empty" : ""}`, "data-testid": "stock",
      "aria-label": fmt("stock_label", { n: view.stock_size }), title: t.stock,
    }, stack, h("span", { class: "pile-label" }, h("span", { class: "pile-word" }, t.stock), h("b", {}, view.stock_size)));
    const pileName = view.pile_top ? cardName(view.pile_top, t) : "";
    const pileKey = `${s.round_no}:${view.pile_size}:${view.pile_top}`;
    const pileCards = h("div", { class: "pile-cards", "aria-hidden": "true" });
    if (view.pile_size > 1) pileCards.append(h("span", { class: "under" }, cardSVG(null)));
    if (view.pile_top) {
      const top = cardElement(view.pile_top, t);
      if (store.lastPile && store.lastPile !== pileKey) top.classList.add("landed");
      pileCards.append(top);
    } else {
      pileCards.append(h("span", { class: "pile-empty" }));
    }
    const canThrow = myTurn(s) && view.phase === "play";
    const pile = h("button", {
      type: "button", class: `pile${canDraw || canThrow ? " can-act" : ""}`, "data-testid": "pile",
      "aria-label": view.pile_top ? fmt("pile_label", { n: view.pile_size, card: pileName }) : t.pile_empty, title: t.pile,
    }, pileCards, h("span", { class: "pile-label" }, h("span", { class: "pile-word" }, t.pile), h("b", {}, view.pile_size)));
    mid.append(h("div", { class: "piles" }, stock, pile));
    mid.append(logList(s));
    return mid;
  }

  function logText(s, a) {
    const name = shell.seatName(s, a.seat);
    if (a.type === "draw") {
      if (a.from === "pile") return fmt("log_draw_pile", { name, card: cardName(a.card, t) });
      if (a.card) return fmt("log_draw_stock_card", { name, card: cardName(a.card, t) });
      return fmt("log_draw_stock", { name });
    }
    if (a.type === "meld") return fmt("log_meld", { name, cards: cardsText(a.cards || []) });
    if (a.type === "layoff") return fmt("log_layoff", { name, cards: cardsText(a.cards || []) });
    if (a.type === "swap") return fmt("log_swap", { name, card: cardName(a.card, t) });
    if (a.type === "throw") return fmt("log_throw", { name, card: cardName(a.card, t) });
    return "";
  }

  function logList(s) {
    const list = h("ol", { class: "log", "aria-live": "polite" });
    for (const a of s.view.last_actions.slice(-3)) {
      const text = logText(s, a);
      if (text) list.append(h("li", {}, text));
    }
    if (!list.children.length) list.hidden = true;
    return list;
  }

  function renderHand({ dealing = false } = {}) {
    const s = state();
    if (!hand || !s) return;
    const view = s.view;
    if (!view || !view.hand) {
      hand.render([]);
      parts.hand.replaceChildren(h("p", { class: "muted hand-wait" }, t.seeding));
      return;
    }
    parts.hand.querySelector(".hand-wait")?.remove();
    const owed = myTurn(s) ? [...view.must_go_down] : [];
    let drawn = view.drawn;
    const play = myTurn(s) && view.phase === "play";
    hand.render(keyedHand(), {
      dealing,
      draggable: true,
      decorate: (node, { code, key }) => {
        const picked = store.selection.includes(key);
        node.classList.toggle("selected", picked);
        node.classList.toggle("can-drop", play);
        node.setAttribute("aria-pressed", picked ? "true" : "false");
        let label = cardName(code, t);
        const owedAt = owed.indexOf(code);
        if (owedAt >= 0) {
          owed.splice(owedAt, 1);
          node.classList.add("owed");
          node.append(h("span", { class: "badge owed-badge" }, t.must_go_down));
          label += ` — ${t.must_go_down}`;
        }
        if (drawn && code === drawn) {
          drawn = null;
          node.classList.add("drawn");
          const mark = `${s.round_no}:${view.turn_no}:${code}`;
          if (store.drawnShown !== mark) {
            store.drawnShown = mark;
            node.classList.add("arrive");
          }
          label += ` — ${t.drawn}`;
        }
        node.setAttribute("aria-label", label);
        node.title = label;
      },
    });
    markHints();
  }

  function renderControls() {
    const s = state();
    if (!parts.controls || !s) return;
    const view = s.view;
    const play = myTurn(s) && view && view.phase === "play";
    const n = store.selection.length;
    const button = (action, label, enabled, cls = "") =>
      h("button", { type: "button", class: `btn ${cls}`, "data-action": action, disabled: !enabled }, label);
    parts.controls.replaceChildren(
      button("meld", t.meld, play && n >= 3, "btn-meld"),
      button("throw", t.throw, play && n === 1, "btn-throw"),
      button("hints", t.hints, !!view && view.phase !== "ended", "btn-ghost btn-hints"));
    const custom = order.isCustom;
    parts.side.replaceChildren(
      h("span", { class: "selected-count", "aria-live": "polite" }, n ? fmt("selected", { n }) : ""),
      h("button", { type: "button", class: "tool-btn", "data-action": "clear", disabled: n === 0, title: t.clear, "aria-label": t.clear },
        h("span", { class: "tool-icon", "aria-hidden": "true" }, "✕"), h("span", { class: "tool-label" }, t.clear)),
      h("div", { class: "sorts", role: "group", "aria-label": t.sort_hand },
        h("button", { type: "button", class: `tool-btn chip-btn${!custom && store.sort === "suit" ? " on" : ""}`, "data-action": "sort-suit",
          "aria-pressed": !custom && store.sort === "suit" ? "true" : "false", title: t.sort_suit },
        h("span", { class: "tool-icon", "aria-hidden": "true" }, "♠♥"), h("span", { class: "tool-label" }, t.sort_suit)),
        h("button", { type: "button", class: `tool-btn chip-btn${!custom && store.sort === "rank" ? " on" : ""}`, "data-action": "sort-rank",
          "aria-pressed": !custom && store.sort === "rank" ? "true" : "false", title: t.sort_rank },
        h("span", { class: "tool-icon", "aria-hidden": "true" }, "A23"), h("span", { class: "tool-label" }, t.sort_rank))));
  }

  /** Show the end zones of melds the selection could go on (and every team meld while dragging). */
  function renderMeldTargets() {
    const s = state();
    if (!s || !s.view) return;
    const cards = selectedCards();
    const live = myTurn(s) && s.view.phase === "play" && cards.length > 0;
    shell.app.classList.toggle("can-lay-off", live);
    for (const node of shell.app.querySelectorAll(".meld.ours")) {
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

  /**
   * Every meld fully in view: meld cards shrink (down to TILE_MIN px) until each team's zone
   * holds its melds without a scroll bar; only past that does a zone scroll.
   */
  function fitMelds() {
    if (!parts?.center) return;
    for (const zone of parts.center.querySelectorAll(".meld-zone")) {
      const list = zone.querySelector(".meld-list");
      const fits = () => list.scrollHeight <= list.clientHeight + 1;
      const max = parseFloat(getComputedStyle(list).getPropertyValue("--tw-max")) || TILE_MAX;
      zone.classList.remove("overflowing");
      list.style.setProperty("--tw", `${max}px`);
      if (fits()) continue;
      // the largest size that fits, by halving (a few layouts, not one per pixel)
      let lo = TILE_MIN;
      let hi = max;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        list.style.setProperty("--tw", `${mid}px`);
        if (fits()) lo = mid;
        else hi = mid;
      }
      list.style.setProperty("--tw", `${lo}px`);
      if (!fits()) zone.classList.add("overflowing");
    }
  }

  // --- animations -------------------------------------------------------------------------------

  function snapshotRects(s) {
    const rects = { hand: new Map() };
    rects.stock = shell.rectOf(shell.app.querySelector("[data-testid=stock]"));
    rects.pile = shell.rectOf(shell.app.querySelector("[data-testid=pile] .pile-cards"));
    if (hand && s.you !== null) {
      for (const node of parts.hand.querySelectorAll(".hcard")) {
        if (!rects.hand.has(node.dataset.card)) rects.hand.set(node.dataset.card, node.getBoundingClientRect());
      }
    }
    return rects;
  }

  /** The last action, shown moving: from a seat (or your hand) to the pile, a meld, the hand. */
  function animateLast(s, from) {
    const last = s.last;
    if (!last || !s.view) return;
    const a = last.action;
    const mine = last.seat === s.you;
    const seatEl = mine ? parts.hand : shell.seatElement(last.seat);
    const seatRect = shell.rectOf(seatEl);
    const pile = shell.app.querySelector("[data-testid=pile] .pile-cards");
    if (a.type === "throw") {
      shell.fly(a.card, (mine && from.hand.get(a.card)) || seatRect, pile);
      pile?.querySelector(".pcard")?.classList.remove("landed");
    } else if (a.type === "draw") {
      const source = a.from === "pile" ? from.pile : from.stock;
      if (mine) {
        const code = a.from === "pile" ? s.view.last_actions.at(-1)?.card : s.view.drawn;
        const key = keyedHand().filter((c) => c.code === code).at(-1)?.key;
        const node = key ? hand.node(key) : null;
        if (node) {
          node.classList.remove("arrive");
          shell.fly(node.dataset.card, source, node.getBoundingClientRect(), { width: hand.geometry?.cw });
        }
      } else {
        shell.fly(a.from === "pile" ? s.view.last_actions.at(-1)?.card || null : null, source, seatRect, { width: 40 });
      }
    } else if (a.type === "meld" || a.type === "layoff" || a.type === "swap") {
      const id = a.type === "meld" ? Math.max(...s.view.melds.map((m) => m.id)) : a.meld;
      const meld = shell.app.querySelector(`.meld[data-meld-id="${id}"]`);
      const cards = a.type === "swap" ? [a.card] : a.cards;
      cards.slice(0, 6).forEach((code, i) => {
        shell.fly(code, (mine && from.hand.get(code)) || seatRect, meld, { delay: i * 45, width: 34, duration: 340 });
      });
    }
  }

  // --- hints ------------------------------------------------------------------------------------

  function renderHints() {
    const panel = parts.panel;
    if (!panel) return;
    const hints = store.hints && store.hints.hints;
    if (!hints) {
      shell.overlayClosed("hints");
      panel.hidden = true;
      panel.replaceChildren();
      markHints();
      return;
    }
    panel.hidden = false;
    shell.overlay("hints", {
      box: () => panel,
      opener: () => parts.controls.querySelector("[data-action=hints]"),
      close: () => {
        store.hints = null;
        renderHints();
        fitMelds();
      },
    });
    const items = [];
    const nothing = !hints.melds.length && !hints.layoffs.length && !hints.swaps.length && !hints.pile;
    if (nothing) items.push(h("p", {}, t.hints_none));
    if (hints.pile) items.push(h("p", {}, t.hints_pile));
    if (hints.melds.length) {
      items.push(h("p", {}, fmt("hints_melds", { n: num(hints.meld_points) })));
      const row = h("div", { class: "hint-melds" });
      hints.melds.forEach((cards, i) => {
        const chip = h("button", { type: "button", class: "hint-chip", "data-action": `hint-meld-${i}`, "aria-label": `${t.hint_select}: ${cardsText(cards)}`, dir: "ltr" });
        for (const c of cards) chip.append(cardTile(c, t));
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
        for (const c of cards) chip.append(cardTile(c, t));
        chip.append(h("span", { class: "hint-to", "aria-hidden": "true" }, `→ ${entry.meld}`));
        chip.addEventListener("click", () => selectCodes(cards));
        row.append(chip);
      });
      items.push(row);
    };
    if (hints.layoffs.length) chips(fmt("hints_layoffs", { n: hints.layoffs.length }), hints.layoffs, (a) => a.cards);
    if (hints.swaps.length) chips(fmt("hints_swaps", { n: hints.swaps.length }), hints.swaps, (a) => [a.card]);
    items.push(h("button", { type: "button", class: "hints-close", "data-action": "hints", "aria-label": t.close, title: t.close }, "✕"));
    panel.replaceChildren(...items);
    markHints();
  }

  function markHints() {
    for (const node of shell.app.querySelectorAll(".hint, .hint-target, .hint-swap, .hint-pile")) {
      node.classList.remove("hint", "hint-target", "hint-swap", "hint-pile");
    }
    const hints = store.hints && store.hints.hints;
    if (!hints || !parts.hand) return;
    const handNodes = [...parts.hand.querySelectorAll("[data-card]")];
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
      const meld = shell.app.querySelector(`.meld[data-meld-id="${a.meld}"]`);
      if (!meld) continue;
      if (a.end) meld.querySelector(`[data-end="${a.end}"]`)?.classList.add("hint-target");
      else meld.classList.add("hint-target");
    }
    for (const sw of hints.swaps) {
      mark([sw.card]);
      shell.app.querySelector(`.meld[data-meld-id="${sw.meld}"] [data-swap]`)?.classList.add("hint-swap");
    }
    if (hints.pile) shell.app.querySelector("[data-testid=pile]")?.classList.add("hint-pile");
  }

  // --- the score sheet's body -------------------------------------------------------------------

  function renderSheet(box, s) {
    const result = s.view.result;
    let lead = t.exhausted;
    if (result.out_seat !== null && result.out_seat !== undefined) {
      lead = fmt(result.reason === "out_by_throw" ? "went_out_throw" : "went_out", { name: shell.seatName(s, result.out_seat) });
    }
    box.append(h("p", { class: "sheet-lead" }, lead, result.nazla ? h("span", { class: "nazla", "data-testid": "nazla" }, t.nazla) : null));
    const handPts = [0, 1].map((team) => s.seats.filter((x) => x.team === team).reduce((sum, x) => sum + Number(result.hand_points[x.seat]), 0));
    const rows = [
      [t.row_melds, result.meld_points.map(num)],
      [t.row_hands, handPts.map((p) => (p ? `-${num(p)}` : "0"))],
      [t.row_bonus, result.bonus.map(num)],
      [t.row_round, result.team_points.map(num), "strong"],
      [t.row_total, s.match.totals.map(num), "row-total"],
    ];
    box.append(h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, shell.teamLabel(s, 0)), h("th", {}, shell.teamLabel(s, 1)))),
      h("tbody", {}, rows.map(([label, values, cls]) => h("tr", { class: cls || "" }, h("th", { scope: "row" }, label),
        values.map((v) => h("td", {}, h("bdi", { dir: "ltr" }, v))))))));
    box.append(h("h3", {}, t.hands_left));
    const hands = h("div", { class: "left-hands" });
    s.seats.forEach((x) => {
      const cards = result.hands[x.seat] || [];
      const row = h("div", { class: "left-hand", dir: "ltr" });
      for (const c of cards) row.append(cardTile(c, t));
      hands.append(h("div", { class: "left-row" },
        h("div", { class: "left-name" }, shell.seatName(s, x.seat),
          h("small", {}, cards.length ? h("bdi", { dir: "ltr" }, `-${num(result.hand_points[x.seat])}`) : "✓")), row));
    });
    box.append(hands);
  }

  // --- words for the shell ----------------------------------------------------------------------

  function prompt(s) {
    const view = s.view;
    if (!view) return t.seeding;
    if (view.phase === "ended" || s.round.status !== "playing") return "";
    if (view.phase === "draw") return t.do_draw;
    if (view.must_go_down.length) return fmt("do_owed", { card: cardName(view.must_go_down[0], t) });
    if (view.turn_no === 1 && view.turn === view.starter) return t.do_first;
    return t.do_play;
  }

  /** One action of ``last`` in words, without a name ("threw 2 of hearts"). */
  function describe(last, s) {
    const a = last.action;
    if (a.type === "draw" && a.from === "stock") {
      const seen = s.view?.last_actions.filter((x) => x.seat === last.seat && x.type === "draw" && x.from === "stock").at(-1);
      return seen?.card ? fmt("act_draw_stock_card", { card: cardName(seen.card, t) }) : t.act_draw_stock;
    }
    if (a.type === "draw") {
      const seen = s.view?.last_actions.filter((x) => x.seat === last.seat && x.type === "draw" && x.from === "pile").at(-1);
      return fmt("act_draw_pile", { card: seen?.card ? cardName(seen.card, t) : "" });
    }
    if (a.type === "meld") return fmt("act_meld", { cards: cardsText(a.cards) });
    if (a.type === "layoff") return fmt("act_layoff", { cards: cardsText(a.cards) });
    if (a.type === "swap") return fmt("act_swap", { card: cardName(a.card, t) });
    if (a.type === "throw") return fmt("act_throw", { card: cardName(a.card, t) });
    return "";
  }

  function soundOf(last) {
    const type = last.action.type;
    if (type === "draw") return "draw";
    if (type === "throw") return "throw";
    if (type === "meld" || type === "layoff" || type === "swap") return "meld";
    return null;
  }

  function seatTags(s, seat) {
    const view = s.view;
    if (!view || !view.has_meld[seat]) return [];
    return [h("span", { class: "seat-tag melded", title: t.has_meld }, "✓ ", h("span", { class: "tag-word" }, t.has_meld))];
  }

  function teamExtra(s, team) {
    return s.view ? fmt("meld_points", { n: num(s.view.team_meld_points[team]) }) : null;
  }

  // --- input ------------------------------------------------------------------------------------

  shell.app.addEventListener("click", (e) => {
    const target = e.target.closest("button");
    if (!target || !shell.app.contains(target) || target.closest(".hint-chip")) return;
    switch (target.dataset.action) {
      case "meld":
        return void doMeld();
      case "throw":
        return void doThrow();
      case "hints":
        if (store.hints) {
          const inside = parts.panel.contains(target); // the panel's ✕: focus back to the button
          store.hints = null;
          renderHints();
          fitMelds();
          if (inside) parts.controls.querySelector("[data-action=hints]")?.focus();
        } else shell.send({ type: "hints" });
        return;
      case "sort-suit":
      case "sort-rank":
        store.sort = target.dataset.action === "sort-suit" ? "suit" : "rank";
        localStorage.setItem("sahrat.sort", store.sort);
        order.clear();
        renderHand();
        renderControls();
        return;
      case "clear":
        clearSelection();
        return;
      default:
    }
    if (target.dataset.testid === "stock") return onStock();
    if (target.dataset.testid === "pile") return onPile();
    if (target.dataset.end) return void doLayoff(Number(target.dataset.meld), target.dataset.end);
    if (target.dataset.swap) return doSwap(Number(target.dataset.swap));
  });

  // A click on a meld's body (not an end zone): lay the selection off where it fits.
  shell.app.addEventListener("click", (e) => {
    if (e.target.closest("button")) return;
    const meld = e.target.closest(".meld.ours");
    if (!meld || !store.selection.length || !myTurn()) return;
    doLayoff(Number(meld.dataset.meldId));
  });

  function onMessage(message) {
    const s = state();
    if (message.type === "hints" && s && message.round_no === s.round_no && message.event >= s.event) {
      store.hints = message;
      renderHints();
      fitMelds();
    }
  }

  function layout() {
    hand?.relayout();
    fitMelds();
  }

  return {
    mount, render, prompt, renderSheet, describe, soundOf, seatTags, teamExtra, onMessage, layout,
    testing: {
      get hints() {
        return store.hints;
      },
      get selection() {
        return selectedCards();
      },
      get handOrder() {
        return keyedHand().map((c) => c.code);
      },
    },
  };
}
