// The tournament page's socket (docs/protocol.md, "Tournament socket"): the server pushes
// {"type": "standings", ...} as results land, and {"type": "table", "url": ...} to a player
// whose table has just opened: the page goes to that table.

const body = document.body;
const liveDot = document.getElementById("live");
let delay = 500;

function setLive(on) {
  if (!liveDot) return;
  liveDot.hidden = false;
  liveDot.classList.toggle("off", !on);
  liveDot.textContent = on ? liveDot.dataset.on : liveDot.dataset.off;
}

function cell(text, numeric) {
  const td = document.createElement("td");
  const bdi = document.createElement("bdi");
  if (numeric) bdi.dir = "ltr";
  bdi.textContent = text;
  td.append(bdi);
  return td;
}

function half(points) {
  return Number.isInteger(points) ? String(points) : points.toFixed(1);
}

function row(format, r, onFire) {
  const tr = document.createElement("tr");
  const place = document.createElement("td");
  place.textContent = String(r.place);
  tr.append(place);
  const name = cell(r.name, false);
  if (format === "arena" && r.on_fire) {
    const fire = document.createElement("span");
    fire.title = onFire;
    fire.dataset.testid = "on-fire";
    fire.textContent = " 🔥";
    name.append(fire);
  }
  tr.append(name);
  if (format === "arena") {
    tr.append(cell(String(r.points), true), cell(String(r.matches), true));
  } else if (format === "duplicate") {
    tr.append(
      cell(r.percent.toFixed(2), true),
      cell(`${r.matchpoints} / ${r.top}`, true),
      cell(r.imps.toFixed(1), true),
    );
  } else {
    tr.append(cell(half(r.points), true), cell(half(r.buchholz), true));
  }
  return tr;
}

function onStandings(message) {
  const table = document.querySelector('[data-testid="standings"]');
  if (!table) return;
  const tbody = table.tBodies[0] || table.createTBody();
  tbody.replaceChildren(
    ...message.rows.map((r) => row(message.format, r, table.dataset.onFire || "")),
  );
  table.dataset.updated = String(Date.now());
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${window.location.host}${body.dataset.ws}`);
  socket.addEventListener("open", () => { delay = 500; setLive(true); });
  socket.addEventListener("message", (e) => {
    const message = JSON.parse(e.data);
    if (message.type === "standings") onStandings(message);
    if (message.type === "table" && typeof message.url === "string" && message.url.startsWith("/")) {
      window.location.assign(message.url);
    }
  });
  socket.addEventListener("close", (e) => {
    setLive(false);
    if (e.code === 4404) return;
    setTimeout(connect, delay);
    delay = Math.min(delay * 2, 10000);
  });
}

if (body.dataset.ws) connect();
