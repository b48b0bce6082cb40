// The lobby socket: the server pushes {"type": "table", "table": {...}} when a table opens,
// fills, starts or closes (docs/protocol.md). The lobby page re-fetches that table's card
// (rendered by the server, in the reader's language); a table page reloads its seats. After a
// reconnect, or {"type": "resync"}, the whole list is read again.

import { Backoff, BUSY, countReconnect } from "./backoff.js";

const body = document.body;
const liveDot = document.getElementById("live");
const tablePage = body.dataset.tablePage ? Number(body.dataset.tablePage) : null;
const backoff = new Backoff(); // exponential, full jitter; 4503 waits its hint (backoff.js)

function setLive(on, busy = false) {
  if (!liveDot) return;
  liveDot.hidden = false;
  liveDot.classList.toggle("off", !on);
  liveDot.textContent = on ? liveDot.dataset.on : busy ? liveDot.dataset.busy : liveDot.dataset.off;
}

function matchesFilters(t) {
  const form = document.getElementById("filters");
  if (!form) return true;
  const f = new FormData(form);
  if (f.get("game") && t.game && f.get("game") !== t.game) return false;
  if (f.get("mode") && Number(f.get("mode")) !== t.players) return false;
  if (f.get("kind") === "free" && t.stake > 0) return false;
  if (f.get("kind") === "coin" && t.stake === 0) return false;
  if (f.get("open") && t.open_seats === 0) return false;
  return true;
}

function refreshEmpty() {
  const list = document.getElementById("tables");
  const empty = document.getElementById("no-tables");
  if (list && empty) empty.hidden = list.children.length > 0;
}

async function onTable(t) {
  if (tablePage !== null) {
    if (t.id === tablePage) window.location.reload();
    return;
  }
  const list = document.getElementById("tables");
  if (!list) return;
  const old = document.getElementById(`table-${t.id}`);
  const show = t.status === "waiting" && !t.private && matchesFilters(t);
  if (!show) {
    if (old) old.remove();
    refreshEmpty();
    return;
  }
  const response = await fetch(`/tables/${t.id}/card/`, { credentials: "same-origin" });
  if (!response.ok) return;
  const holder = document.createElement("div");
  holder.innerHTML = (await response.text()).trim();
  const card = holder.firstElementChild;
  card.classList.add("fresh");
  const current = document.getElementById(`table-${t.id}`);
  if (current) current.replaceWith(card);
  else list.prepend(card);
  refreshEmpty();
}

// The tables as the server has them now, for when pushes were missed: while the socket was
// closed, or lost on the server's side ({"type": "resync"}). A table's waiting page reloads.
async function refreshList() {
  if (tablePage !== null) {
    window.location.reload();
    return;
  }
  const list = document.getElementById("tables");
  if (!list) return;
  const response = await fetch(window.location.href, { credentials: "same-origin" });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.getElementById("tables");
  if (!fresh) return;
  list.replaceChildren(...fresh.children);
  refreshEmpty();
}

let everConnected = false;

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${window.location.host}${body.dataset.ws}`);
  socket.addEventListener("open", () => {
    backoff.opened();
    setLive(true);
    if (everConnected) refreshList();
    everConnected = true;
  });
  socket.addEventListener("message", (e) => {
    const message = JSON.parse(e.data);
    if (message.type === "table") onTable(message.table);
    if (message.type === "resync") refreshList();
  });
  socket.addEventListener("close", (e) => {
    setLive(false, e.code === BUSY);
    setTimeout(connect, backoff.next(e));
    countReconnect();
  });
}

if (body.dataset.ws) connect();
