// The rematch at the match's end (docs/protocol.md "rematch", state.match.rematch): a player of
// the match presses "Play again" and sits at their old seat of the rematch table; the page
// stays on the finished table and shows who is back (the seats in state.match.rematch, which
// every page on the old table gets), and goes to the new table once it plays, i.e. when every
// player of the match is back (at once when the others are bots). A player who does not want
// it goes back to the lobby; a spectator gets a link to watch the new match once it plays.
// A tournament's match (state.match.event, the event's page) is not played again: the end
// says so and leads back to the tournament, where the next match opens.
//
// The shell calls: part(state) -> {body, actions} nodes for its end-of-match view,
// onReply(message) for the "rematch" answer, and onState(state) for every state.

export function createRematch(shell) {
  const { app, t, h } = shell;
  let asked = false; // this page sent "Play again" (its answer may not be here yet)
  let url = null; // the rematch table's address, from the answer
  let going = false;

  function tableUrl(id) {
    return url || (app.dataset.tableUrl || "/tables/0/").replace("/0/", `/${id}/`);
  }

  function accepted(state) {
    const r = state.match.rematch;
    return asked || !!(r && state.you !== null && r.seats.includes(state.you));
  }

  function onState(state) {
    const r = state.match.rematch;
    if (going || !r || r.status !== "playing" || state.you === null || !r.seats.includes(state.you)) return;
    going = true;
    location.assign(tableUrl(r.table));
  }

  function onReply(message) {
    url = message.url;
    asked = true;
    const state = shell.state;
    if (state) {
      onState(state);
      shell.redraw();
    }
  }

  function playAgain() {
    if (asked) return;
    asked = true;
    shell.redraw();
    // refused (not enough coins, the seat taken…): the toast says why, the button comes back
    const refused = () => {
      asked = false;
      shell.redraw();
    };
    if (!shell.send({ type: "rematch" }, null, refused)) refused();
  }

  /** Who is back: each seat of the match, back, not yet, or a bot's (a free table's bots). */
  function seatsBack(state) {
    const r = state.match.rematch;
    const back = new Set(r ? r.seats : []);
    return h("ul", { class: "rematch-seats", "data-testid": "rematch-seats" }, state.seats.map((s) => {
      const bot = s.user === null;
      const here = back.has(s.seat);
      // a bot's seat says nothing more: its name says it, and a bot takes it again
      const word = here ? t.rematch_back : bot ? null : t.rematch_not_yet;
      return h("li", { class: `rematch-seat${here ? " back" : ""}${bot ? " bot" : ""}`, "data-seat": s.seat, "data-back": here ? "1" : "0" },
        h("span", { class: "rematch-mark", "aria-hidden": "true" }, here ? "✓" : bot ? "·" : "…"),
        h("bdi", { class: "rematch-name" }, shell.seatName(state, s.seat)),
        word ? h("small", {}, word) : null);
    }));
  }

  function part(state) {
    if (state.match.event) {
      return {
        body: [h("p", { class: "rematch-lead", "data-testid": "event-lead" }, t.event_lead)],
        actions: [h("a", { class: "btn", href: state.match.event, "data-action": "back-to-event", "data-testid": "back-to-event" }, t.back_to_event)],
      };
    }
    const r = state.match.rematch;
    const body = [];
    const actions = [];
    if (state.you !== null) {
      const mine = accepted(state);
      body.push(h("div", { class: "rematch", "data-testid": "rematch" },
        h("p", { class: "rematch-lead" }, mine ? (r && r.status === "playing" ? t.rematch_starting : t.rematch_waiting) : t.rematch_lead),
        r || mine ? seatsBack(state) : null));
      if (!mine) {
        actions.push(h("button", { type: "button", class: "btn", "data-action": "rematch", "data-testid": "play-again", onclick: playAgain }, t.play_again));
      }
    } else if (r && r.status === "playing") {
      actions.push(h("a", { class: "btn", href: tableUrl(r.table), "data-action": "watch-rematch" }, t.rematch_watch));
    }
    return { body, actions };
  }

  return { part, onReply, onState };
}
