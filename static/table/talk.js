// Table talk without abuse (games/phrases.py, docs/protocol.md "phrase"): a button in the
// table's header opens the fixed list of quick phrases and emotes, in the reader's language;
// a phrase shows in a bubble by the speaker's seat for a few seconds. Spectators see them but
// cannot send. Anyone may mute other players: the page then shows nothing they send; the
// muted players are kept in localStorage per reader (by user id), so a reload, another table
// or the rematch keeps them muted.
//
// The shell calls: button(box, state) when it draws its header, seatTags(state, seat) for each
// seat, onPhrase(message) for a "phrase" message, and onState(state).

const SHOW_MS = 4500;

import { svgBox, svgEl } from "./ui.js";

function talkIcon() {
  const svg = svgBox("0 0 24 24", "talk-icon");
  svgEl("path", { d: "M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z" }, svg);
  for (const x of [8, 12, 16]) svgEl("circle", { cx: x, cy: 10.5, r: 1.3, class: "dot" }, svg);
  return svg;
}

function speakerIcon(muted) {
  const svg = svgBox("0 0 24 24", "speaker");
  svgEl("path", { d: "M4 9h4l5-4v14l-5-4H4z" }, svg);
  if (muted) svgEl("path", { d: "M16 9l5 6M21 9l-5 6", class: "stroke" }, svg);
  else svgEl("path", { d: "M16 8.5a5 5 0 0 1 0 7", class: "stroke" }, svg);
  return svg;
}

export function createTalk(shell) {
  const { app, t, fmt, h } = shell;
  const phraseKeys = Object.keys(t).filter((k) => k.startsWith("phrase.")).map((k) => k.slice(7));
  const emotes = (t.emotes || "").split(" ").filter(Boolean);
  const storeKey = `sahrat.talk.muted.${app.dataset.user || "anonymous"}`;
  const bubbles = new Map(); // seat -> {node, timer}
  let open = false;
  let panel = null;
  let memory = mutedUsers(); // the user ids this reader muted

  // --- muting, remembered per reader ------------------------------------------------------

  function mutedUsers() {
    try {
      const list = JSON.parse(localStorage.getItem(storeKey) || "[]");
      return new Set(Array.isArray(list) ? list.map(Number) : []);
    } catch {
      return new Set();
    }
  }

  function setMuted(user, muted) {
    const users = mutedUsers();
    if (muted) users.add(user);
    else users.delete(user);
    try {
      localStorage.setItem(storeKey, JSON.stringify([...users]));
    } catch {
      // private browsing without storage: muted for this page only
    }
    memory = users;
  }

  // muted or unmuted in another tab: the same here
  window.addEventListener("storage", (e) => {
    if (e.key !== storeKey) return;
    memory = mutedUsers();
    shell.redraw();
  });

  function seatMuted(state, seat) {
    const s = state && state.seats[seat];
    return !!(s && s.user !== null && seat !== state.you && memory.has(Number(s.user)));
  }

  /** The other people at the table: the seats a person held (bots never talk). */
  function others(state) {
    return state.seats.filter((s) => s.user !== null && s.seat !== state.you);
  }

  // --- the bubble by a seat -------------------------------------------------------------

  function wordsOf(key) {
    return t[`phrase.${key}`] || key;
  }

  function onPhrase(message) {
    const state = shell.state;
    if (!state || typeof message.seat !== "number" || !state.seats[message.seat]) return;
    if (seatMuted(state, message.seat)) return;
    const place = shell.seatPlace(message.seat);
    if (!place) return;
    const emote = emotes.includes(message.phrase);
    const words = emote ? message.phrase : wordsOf(message.phrase);
    const old = bubbles.get(message.seat);
    if (old) {
      clearTimeout(old.timer);
      old.node.remove();
    }
    const node = h("div", {
      class: `talk-bubble${emote ? " emote" : ""}`, role: "status", "data-testid": "phrase-bubble",
      "data-seat": message.seat, "data-phrase": message.phrase,
      "aria-label": fmt("talk_said", { name: shell.seatName(state, message.seat), phrase: words }),
    }, words);
    place.append(node);
    const timer = setTimeout(() => {
      node.classList.add("out");
      setTimeout(() => node.remove(), 300);
      if (bubbles.get(message.seat)?.node === node) bubbles.delete(message.seat);
    }, SHOW_MS);
    bubbles.set(message.seat, { node, timer });
  }

  // --- the header button and its panel ---------------------------------------------------

  function button(box, state) {
    if (!box) return;
    // made once: a new state never swaps it from under a finger
    if (!box.querySelector("[data-action=talk]")) {
      box.replaceChildren(h("button", {
        type: "button", class: `icon-btn talk-btn${open ? " on" : ""}`, "data-action": "talk", "data-testid": "talk",
        "aria-expanded": open ? "true" : "false", "aria-controls": "talk-panel", "aria-label": t.talk, title: t.talk,
        onclick: () => toggle(),
      }, talkIcon()));
    }
    if (open) renderPanel(state);
  }

  function toggle(force = !open) {
    open = force;
    const btn = app.querySelector("[data-action=talk]");
    btn?.setAttribute("aria-expanded", open ? "true" : "false");
    btn?.classList.toggle("on", open);
    if (open) {
      renderPanel(shell.state);
      shell.overlay("talk", { box: () => panel, opener: () => app.querySelector("[data-action=talk]"), close: () => toggle(false), untilTurn: "mine" });
    } else {
      shell.overlayClosed("talk");
      panel?.remove();
      panel = null;
    }
  }

  function say(key) {
    // the panel closes at once; a refusal (too many at a time) comes back as a toast
    toggle(false);
    shell.send({ type: "phrase", phrase: key });
  }

  let drawn = ""; // what the open panel shows: redrawn only when that changes, so a new state
  // (bots play fast) never swaps a button from under a finger

  function renderPanel(state) {
    if (!state) return;
    const seated = state.you !== null;
    const people = others(state);
    const shows = JSON.stringify([seated, people.map((s) => [s.seat, shell.seatName(state, s.seat), seatMuted(state, s.seat)])]);
    if (panel && shows === drawn) return;
    drawn = shows;
    const parts = [h("h2", { class: "talk-title" }, t.talk)];
    if (seated) {
      parts.push(h("div", { class: "talk-phrases", "data-testid": "phrases" }, phraseKeys.map((key) =>
        h("button", { type: "button", class: "talk-phrase", "data-phrase": key, onclick: () => say(key) }, wordsOf(key)))));
      parts.push(h("div", { class: "talk-emotes", role: "group", "aria-label": t.talk_emotes }, emotes.map((e) =>
        h("button", { type: "button", class: "talk-emote", "data-phrase": e, "aria-label": e, onclick: () => say(e) }, e))));
    } else {
      parts.push(h("p", { class: "talk-note", "data-testid": "talk-watching" }, t.talk_watching));
    }
    parts.push(h("h3", { class: "talk-sub" }, t.talk_mute));
    if (!people.length) parts.push(h("p", { class: "talk-note" }, t.talk_none_to_mute));
    parts.push(h("div", { class: "talk-mutes" }, people.map((s) => {
      const muted = seatMuted(state, s.seat);
      const name = shell.seatName(state, s.seat);
      return h("button", {
        type: "button", class: `talk-mute${muted ? " muted" : ""}`, "data-action": "mute-seat", "data-seat": s.seat,
        "aria-pressed": muted ? "true" : "false", "aria-label": fmt("talk_mute_seat", { name }),
        title: fmt(muted ? "talk_unmute_seat" : "talk_mute_seat", { name }),
        onclick: () => {
          setMuted(Number(s.user), !muted);
          if (!muted) bubbles.get(s.seat)?.node.remove();
          shell.redraw();
          panel?.querySelector(`[data-action=mute-seat][data-seat="${s.seat}"]`)?.focus();
        },
      }, speakerIcon(muted), h("bdi", {}, name));
    })));
    parts.push(h("button", { type: "button", class: "btn btn-ghost btn-small talk-close", onclick: () => toggle(false) }, t.close));
    // redrawn in place (a mute, someone new at the table): no second entrance
    if (!panel) {
      panel = h("div", { id: "talk-panel", class: "talk-panel", role: "dialog", "aria-label": t.talk, "data-testid": "talk-panel" });
      app.append(panel);
    }
    panel.replaceChildren(...parts);
    // just under the header's button, whatever sits above the table
    const button = app.querySelector("[data-action=talk]");
    const bottom = button ? button.getBoundingClientRect().bottom : 0;
    if (bottom > 0) {
      panel.style.top = `${Math.round(bottom + 6)}px`;
      panel.style.maxHeight = `calc(100dvh - ${Math.round(bottom + 14)}px)`;
    }
  }

  function seatTags(state, seat) {
    return seatMuted(state, seat)
      ? [h("span", { class: "seat-tag muted", title: t.talk_muted, "aria-label": t.talk_muted, "data-testid": "seat-muted" }, speakerIcon(true))]
      : [];
  }

  return { button, seatTags, onPhrase };
}
