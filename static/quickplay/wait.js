// The quick-play waiting page: asks for the queue's status every second (which also tells the
// matcher the player is still here), shows the wait, the window and who is found, and goes to
// the table once seated. Leaving the page stops the asking: the matcher lets the player go.
const root = document.querySelector("[data-quick-wait]");
if (root) {
  const show = (name, value) => {
    const el = root.querySelector(`[data-${name}]`);
    if (el && value !== undefined) el.textContent = String(value);
  };
  const message = root.querySelector("[data-quick-message]");
  async function tick() {
    let status;
    try {
      const response = await fetch(root.dataset.status, { headers: { Accept: "application/json" } });
      status = await response.json();
    } catch {
      setTimeout(tick, 2000);
      return;
    }
    if (status.state === "seated" && status.url) {
      message.textContent = root.dataset.seated;
      window.location.assign(status.url);
      return;
    }
    if (status.state !== "waiting") {
      message.textContent = status.message || "";
      window.location.reload(); // the page says why on the lobby
      return;
    }
    show("waited", status.waited);
    show("window", status.window);
    show("found", status.found);
    setTimeout(tick, 1000);
  }
  setTimeout(tick, 1000);
}
