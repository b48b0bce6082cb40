// Pinochle at the live table (shell.js has the interface): the contract bar (contract,
// declarer, trump, tricks per side, the last trick and the melds to look at again), the
// auction (bids by seat, the next legal amounts, a custom amount, pass, the dealer-stuck rule),
// naming trump (a button per suit with the seat's meld in it), the widow (three-handed),
// passing cards and the discard (select, send), every seat's meld laid out once trump is named
// (gathered back at the first card), the trick with each card by its player, the hand (legal
// cards raised, the others dimmed; a tap plays), the hints panel and the score sheet's body.
//
// Two-handed (twoBoard and the functions under it): both seats face to face, each seat's table
// of declared melds (the own table's cards playable from there), the stock's count and the
// turn-up, the stage (stock or strict play), the meld log, and "declare a meld" after a won
// stock-stage trick. Six and eight seats: the trick's slots around the middle, a team tag per
// seat (seatTags).
//
// The kitty and concession (kittyBox, kittyNote, concedeBox and the functions near them): the
// declarer deals out the kitty card by card to the seats (`kitty: deal_out`) or takes it into
// its hand and puts four aside (`kitty: declarer`); the kitty's cards are marked in the hands
// that hold them; the declarer may concede before the first lead (`concede`).
// Check Pinochle (checksTag and the functions under "check Pinochle"): each seat's checks so far
// as a badge by its name, each hand's check events in words on the score sheet with the hand's
// and the match's net, and the match's checks (and at a coin table their coins) at its end.
//
// The view is the engine's view(seat) (docs/protocol.md, docs/rules/pinochle.md): the server
// says what is legal; this page only draws it and sends the actions.

import { cardElement, cardName, cardTile } from "./cards.js";
import { createHand, keyed } from "./hand.js";
import { h, num, reducedMotion, rtl, signedNode } from "./ui.js";

const SUITS = ["S", "H", "D", "C"];
const SIGN = { S: "♠", H: "♥", D: "♦", C: "♣" };
const MAX_BID = 1000;
const PLACES = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"] };
// how long a trick just taken stays whole on the table before it is gathered (longer when its
// last card flies in and the trick flies to its taker)
const TAKEN_MS = { still: 1000, moving: 1600 };

export function createGame(shell) {
  const { t, fmt } = shell;
  const store = {
    hints: null, // {round_no, event, hints}: the last hints the server sent
    showHints: false, // the hints panel is open
    askedHints: null, // "round:event" for which hints went out unasked (naming trump)
    selection: [], // keys "CODE#k" picked to pass or discard
    showMelds: null, // the player's choice to show (true) or gather (false) the melds; null: as the hand goes
    showLast: false, // the last trick shown over the middle
    bidDraft: null, // the custom amount being typed
    taken: null, // {round_no, trick, timer}: the trick just taken, shown whole until it is gathered
    tablePicks: [], // two-handed: indexes of the own table's cards picked for a meld
    kitty: { to: [], pick: null }, // dealing out the kitty: per seat the index of its kitty card; the card picked
  };
  let parts = null;
  let hand = null;

  const state = () => shell.state;
  const myTurn = (s = state()) => shell.myTurn(s);
  const cardsText = (codes) => codes.map((c) => cardName(c, t)).join(rtl() ? "، " : ", ");
  const suitWord = (suit) => t[`suit_${suit}`] || suit;
  const sides = (s) => s.match.totals.length;
  const sideOf = (s, seat) => s.seats[seat].team;

  /** Where a seat sits on screen (as the shell places the seats): 0 bottom, then clockwise. */
  function place(s, seat) {
    const n = s.seats.length;
    const me = s.you ?? 0;
    const rel = (seat - me + n) % n;
    if (PLACES[n]) return PLACES[n][rel];
    return rel === 0 ? "bottom" : `s${rel}`; // six and eight: slots around the middle
  }

  const twoHanded = (s) => s.view?.options?.variant === "two";
  /** Two-handed, the seat's meld turn after a won stock-stage trick. */
  function declaring(s) {
    return twoHanded(s) && s.view.phase === "meld" && myTurn(s);
  }

  function legalOf(s, type) {
    const view = s.view;
    return myTurn(s) && view && view.legal ? view.legal.filter((a) => a.type === type) : [];
  }

  /** The phase as this page shows it: the melds stay laid out until the first card is played. */
  function meldsOnTable(s) {
    const v = s.view;
    if (!v || !v.melds || v.result) return false;
    const untouched = !twoHanded(s) && v.trick.length === 0 && v.tricks_won.every((n) => n === 0);
    return store.showMelds ?? untouched;
  }

  // --- the auction ------------------------------------------------------------------------------

  /** The legal amounts from ``low`` on: one by one, by fives in the double deck from 60. */
  function nextAmount(s, amount) {
    const double = s.view.options.variant === "double";
    const step = double && amount >= 60 ? 5 : 1;
    let next = amount + step;
    if (double && next > 60 && next % 5) next += 5 - (next % 5);
    return next;
  }

  function bidAmounts(s, low) {
    const out = [low];
    while (out.length < 4) {
      const next = nextAmount(s, out.at(-1));
      if (next > MAX_BID) break;
      out.push(next);
    }
    return out;
  }

  function dealerStuck(s) {
    const v = s.view;
    return v.phase === "bidding" && v.options.all_pass === "dealer_stuck" && v.high_bid === null &&
      v.turn === v.dealer && v.passed.filter(Boolean).length === v.players - 1;
  }

  function bid(amount) {
    const s = state();
    const low = legalOf(s, "bid")[0]?.amount;
    if (!Number.isInteger(amount) || low === undefined || amount < low || amount > MAX_BID) {
      shell.toast(fmt("p_bid_range", { low: low ?? "", high: MAX_BID }), "error");
      return;
    }
    shell.act({ type: "bid", amount }, () => (store.bidDraft = null));
  }

  function auctionBox(s) {
    const v = s.view;
    const mine = myTurn(s);
    const box = h("section", { class: "p-auction", "data-testid": "auction", "aria-label": t.p_auction });
    const bids = legalOf(s, "bid");
    const canPass = legalOf(s, "pass").length > 0;
    if (mine) {
      const row = h("div", { class: "bid-buttons", role: "group", "aria-label": t.p_bid });
      if (bids.length) {
        const low = bids[0].amount;
        const hint = store.hints?.hints?.suggested_bid;
        for (const amount of bidAmounts(s, low)) {
          row.append(h("button", { type: "button", class: `btn bid-btn${store.showHints && hint === amount ? " hinted" : ""}`,
            "data-action": "bid", "data-amount": amount, "aria-label": fmt("p_bid_n", { n: amount }) }, h("bdi", { dir: "ltr" }, amount)));
        }
        const input = h("input", { type: "number", class: "bid-input", min: low, max: MAX_BID,
          step: v.options.variant === "double" && low >= 60 ? 5 : 1, value: store.bidDraft ?? "", placeholder: String(low),
          inputmode: "numeric", "aria-label": t.p_custom_bid, "data-testid": "bid-input" });
        input.addEventListener("input", () => (store.bidDraft = input.value));
        input.addEventListener("keydown", (e) => {
          if (e.key === "Enter") bid(Number(input.value));
        });
        row.append(h("span", { class: "bid-custom" }, input,
          h("button", { type: "button", class: "btn btn-ghost", "data-action": "bid-custom" }, t.p_bid)));
      }
      row.append(h("button", { type: "button", class: `btn btn-pass${store.showHints && store.hints?.hints && store.hints.hints.suggested_bid === null && canPass ? " hinted" : ""}`,
        "data-action": "pass", disabled: !canPass }, t.p_pass));
      box.append(row);
    }
    if (dealerStuck(s)) {
      box.append(h("p", { class: "p-note stuck", "data-testid": "dealer-stuck" },
        fmt("p_dealer_stuck", { name: shell.seatName(s, v.dealer), n: bids[0]?.amount ?? v.options.min_bid })));
    }
    // each seat's bids so far, in play order from the dealer's left
    const list = h("ol", { class: `p-bids seats-${v.players}` });
    for (let k = 0; k < v.players; k++) {
      const seat = (v.eldest + k) % v.players;
      const own = v.auction.filter((a) => a.seat === seat);
      const last = own.at(-1);
      const high = v.high_bidder === seat;
      const word = !last ? "—" : last.bid === null ? t.p_passed : String(last.bid);
      list.append(h("li", { class: `p-bid${high ? " high" : ""}${v.passed[seat] ? " out" : ""}${v.turn === seat ? " turn" : ""}`, "data-seat": seat },
        h("span", { class: "p-bid-name" }, shell.seatName(s, seat)),
        own.length > 1 ? h("span", { class: "p-bid-trail", dir: "ltr" }, own.slice(0, -1).map((a) => (a.bid === null ? t.p_passed : a.bid)).join(" · ")) : null,
        h("b", { class: "p-bid-last" }, h("bdi", { dir: "ltr" }, word))));
    }
    box.append(h("h3", { class: "p-title" }, t.p_auction, " · ",
      v.high_bid === null ? t.p_no_bid : fmt("p_high_bid", { n: v.high_bid, name: shell.seatName(s, v.high_bidder) })), list);
    return box;
  }

  // --- trump, the widow, passing and the discard -----------------------------------------------

  function trumpBox(s) {
    const v = s.view;
    const box = h("section", { class: "p-trump", "data-testid": "trump-choice" });
    const allowed = new Set(legalOf(s, "trump").map((a) => a.suit));
    const hints = store.hints && store.hints.round_no === s.round_no ? store.hints.hints : null;
    if (myTurn(s)) {
      box.append(h("h3", { class: "p-title" }, fmt("p_name_trump", { n: v.contract })));
      const row = h("div", { class: "trump-buttons", role: "group", "aria-label": t.p_trump });
      for (const suit of SUITS) {
        const meld = hints ? hints.meld_by_trump[suit] : null;
        const suggested = store.showHints && hints?.suggested_trump === suit;
        row.append(h("button", { type: "button", class: `btn trump-btn suit-${suit}${suggested ? " hinted" : ""}`, "data-action": "trump",
          "data-suit": suit, disabled: !allowed.has(suit),
          "aria-label": `${suitWord(suit)}${meld === null ? "" : " — " + fmt("p_meld_n", { n: meld })}` },
        h("span", { class: "trump-sign", "aria-hidden": "true" }, SIGN[suit]),
        h("span", { class: "trump-word" }, suitWord(suit)),
        h("span", { class: "trump-meld", "data-testid": "trump-meld" }, meld === null ? "…" : fmt("p_meld_n", { n: meld }))));
      }
      box.append(row);
      if (v.options.trump_needs_marriage) box.append(h("p", { class: "p-note" }, t.p_needs_marriage));
    } else {
      box.append(h("p", { class: "p-wait" }, fmt("p_naming_trump", { name: shell.seatName(s, v.declarer), n: v.contract })));
    }
    return box;
  }

  function widowBox(s) {
    const v = s.view;
    if (!v.widow) return null;
    const row = h("div", { class: "tiles", dir: "ltr" }, v.widow.map((c) => cardTile(c, t)));
    return h("section", { class: "p-widow", "data-testid": "widow" },
      h("h3", { class: "p-title" }, fmt("p_widow", { name: shell.seatName(s, v.declarer) })), row);
  }

  function needCount(s) {
    const v = s.view;
    if (!v) return 0; // the round is being seeded
    if (v.phase === "passing") return v.options.pass_cards;
    if (v.phase === "discard") return discardCount(v);
    return 0;
  }

  /** Cards the declarer puts aside: three-handed's widow 3, the kitty's 4 (`kitty: declarer`). */
  function discardCount(v) {
    return v.options.kitty === "declarer" ? 4 : 3;
  }

  function exchangeBox(s) {
    const v = s.view;
    const n = needCount(s);
    const box = h("section", { class: "p-exchange", "data-testid": "exchange" });
    const d = v.declarer;
    const partner = (d + v.players / 2) % v.players; // across: +2 of four, +4 of eight
    if (v.phase === "passing") {
      // the partner gives first, then the declarer gives back: whoever is on turn gives
      const from = v.turn;
      const to = from === d ? partner : d;
      box.append(h("p", { class: myTurn(s) ? "p-do" : "p-wait" }, myTurn(s)
        ? fmt("p_choose_pass", { n, name: shell.seatName(s, to) })
        : fmt("p_passing", { name: shell.seatName(s, from), to: shell.seatName(s, to), n })));
    } else {
      box.append(h("p", { class: myTurn(s) ? "p-do" : "p-wait" }, myTurn(s) ? fmt("p_choose_discard", { n })
        : fmt("p_discarding", { name: shell.seatName(s, d), n: discardCount(v) })));
    }
    const got = v.passed_cards;
    if (got) {
      for (const [key, cards] of [["p_passed_to_declarer", got.to_declarer], ["p_passed_to_partner", got.to_partner]]) {
        if (cards) box.append(h("div", { class: "p-passed" }, h("span", {}, t[key]), h("span", { class: "tiles", dir: "ltr" }, cards.map((c) => cardTile(c, t)))));
      }
    }
    return box;
  }

  // --- the kitty and concession ----------------------------------------------------------------

  /** Dealing out the kitty: the index of the kitty card to place next (the one picked, else the
   * first not given yet; -1 when every card is given and none is picked). */
  function kittyPicked(v) {
    const k = store.kitty;
    if (k.pick !== null) return k.pick;
    return v.kitty.findIndex((_, i) => !k.to.includes(i));
  }

  const kittyDealt = (v) => v.kitty && store.kitty.to.length === v.players && store.kitty.to.every((i) => i !== null);

  /** The picked kitty card goes to ``seat`` (a seat that had a card gives it to where the picked
   * one was); with nothing to place, the seat's card is picked up to be placed again. */
  function giveKittyCard(v, seat) {
    const k = store.kitty;
    if (k.to.length !== v.players) k.to = Array(v.players).fill(null);
    const card = kittyPicked(v);
    if (card < 0) {
      k.pick = k.to[seat];
      return;
    }
    const from = k.to.indexOf(card);
    const had = k.to[seat];
    k.to[seat] = card;
    if (from >= 0 && from !== seat) k.to[from] = had;
    k.pick = null;
  }

  /** `kitty: deal_out`: the declarer picks each kitty card and the seat it goes to; the others
   * wait. The seats are listed in play order from the declarer. */
  function kittyBox(s) {
    const v = s.view;
    const box = h("section", { class: "p-kitty", "data-testid": "kitty-deal", "aria-label": t.pk_kitty });
    if (!myTurn(s) || !v.kitty) {
      box.append(h("p", { class: "p-wait" }, fmt("pk_dealing_out", { name: shell.seatName(s, v.declarer), n: v.contract })));
      return box;
    }
    const k = store.kitty;
    const picked = kittyPicked(v);
    const hinted = store.showHints ? store.hints?.hints?.suggested_kitty : null;
    box.append(h("h3", { class: "p-title" }, fmt("pk_deal_out", { n: v.contract })), h("p", { class: "p-note" }, t.pk_pick));
    const cards = h("div", { class: "tiles pk-cards", dir: "ltr", role: "group", "aria-label": t.pk_kitty });
    v.kitty.forEach((code, i) => {
      const to = k.to.indexOf(i);
      const label = to >= 0 ? fmt("pk_card_to", { card: cardName(code, t), name: shell.seatName(s, to) }) : fmt("pk_card_free", { card: cardName(code, t) });
      const tile = cardTile(code, t, { tag: "button", label });
      tile.dataset.action = "kitty-card";
      tile.dataset.index = i;
      tile.classList.toggle("selected", i === picked);
      tile.classList.toggle("given", to >= 0);
      tile.setAttribute("aria-pressed", i === picked ? "true" : "false");
      cards.append(tile);
    });
    const seats = h("ol", { class: "pk-seats", role: "group", "aria-label": t.pk_seats });
    for (let n = 0; n < v.players; n++) {
      const seat = (v.declarer + n) % v.players;
      const mine = k.to[seat] ?? null;
      const name = shell.seatName(s, seat);
      let label = mine === null ? fmt("pk_seat_none", { name }) : fmt("pk_seat_gets", { name, card: cardName(v.kitty[mine], t) });
      if (picked >= 0) label = fmt("pk_give_to", { card: cardName(v.kitty[picked], t), name });
      const suggested = hinted ? ` — ${fmt("p_hint_kitty", { gifts: cardName(hinted[seat], t) })}` : "";
      seats.append(h("li", {}, h("button", { type: "button", class: `pk-seat team-${sideOf(s, seat)}${mine === null ? " empty" : ""}`,
        "data-action": "kitty-seat", "data-seat": seat, "aria-label": label + suggested },
      h("span", { class: "pk-seat-name" }, name),
      mine === null ? h("span", { class: "pk-slot", "aria-hidden": "true" }, "—") : cardTile(v.kitty[mine], t),
      hinted ? h("span", { class: "pk-hint", "aria-hidden": "true" }, cardTile(hinted[seat], t)) : null)));
    }
    box.append(cards, seats);
    return box;
  }

  function sendKitty() {
    const s = state();
    const v = s.view;
    if (!kittyDealt(v)) {
      shell.toast(t.pk_give_all, "error");
      return;
    }
    shell.act({ type: "give_kitty", cards: store.kitty.to.map((i) => v.kitty[i]) }, () => (store.kitty = { to: [], pick: null }));
  }

  /** What the kitty did, beside naming trump and the discard: the declarer's kitty in its hand
   * (`declarer`), or where it went (`deal_out`: the declarer sees every card, each seat its own). */
  function kittyNote(s) {
    const v = s.view;
    const how = v.options.kitty;
    if (!how || how === "none" || v.declarer === null) return null;
    const box = h("section", { class: "p-kitty-note", "data-testid": "kitty-note" });
    if (how === "declarer") {
      if (v.kitty) box.append(h("span", {}, t.pk_in_hand), " ", h("span", { class: "tiles", dir: "ltr" }, v.kitty.map((c) => cardTile(c, t))));
      else box.append(h("span", {}, fmt("pk_taken", { name: shell.seatName(s, v.declarer) })));
      return box;
    }
    if (v.kitty_given) {
      box.append(h("span", {}, t.pk_went_out), " ", ...v.kitty_given.map((c, seat) =>
        h("span", { class: "pk-went" }, h("span", { class: "pk-went-name" }, shell.seatName(s, seat)), " ", cardTile(c, t))));
    } else if (v.kitty_card) {
      box.append(h("span", {}, fmt("pk_you_got", { card: cardName(v.kitty_card, t) })), " ", cardTile(v.kitty_card, t));
    } else return null;
    return box;
  }

  /** The hand's cards that came from the kitty (one copy per kitty card): the declarer's four
   * (`declarer`), or the one card this seat received (`deal_out`). */
  function kittyCards(s) {
    const v = s.view;
    const out = new Set();
    const codes = v.options.kitty === "declarer" ? v.kitty || [] : v.kitty_card ? [v.kitty_card] : [];
    const want = {};
    for (const c of codes) want[c] = (want[c] ?? 0) + 1;
    for (const { code, key } of keyedHand()) {
      if (want[code] > 0) {
        want[code] -= 1;
        out.add(key);
      }
    }
    return out;
  }

  /** The declarer's choice before the first lead: what conceding and playing on each mean (their
   * buttons are in the action bar, concedeButtons); the others wait. */
  function concedeBox(s) {
    const v = s.view;
    const box = h("section", { class: "p-concede", "data-testid": "concede-choice", "aria-label": t.pc_choice });
    if (!myTurn(s)) {
      box.append(h("p", { class: "p-wait" }, fmt("pc_deciding", { name: shell.seatName(s, v.declarer) })));
      return box;
    }
    const mine = sideOf(s, v.declarer);
    const others = v.meld_totals.map((p, side) => [side, p]).filter(([side]) => side !== mine)
      .map(([side, p]) => `${shell.teamLabel(s, side)} ${num(p)}`).join(t.list_sep || ", ");
    box.append(h("h3", { class: "p-title" }, t.pc_choice),
      h("p", { class: "pc-if", id: "pc-if-concede" }, fmt("pc_if_concede", { n: v.contract, meld: others })),
      h("p", { class: "pc-if", id: "pc-if-play-on" }, fmt("pc_if_play_on", { n: v.contract })));
    return box;
  }

  /** «Concede» and «Play on» in the action bar (always in view), each described by its line in
   * the choice's box; the hinted one marked while the hints are open. */
  function concedeButtons() {
    const advice = store.showHints ? store.hints?.hints?.concession?.suggested : null;
    return [
      h("button", { type: "button", class: `btn btn-concede${advice === "concede" ? " hinted" : ""}`, "data-action": "concede", "aria-describedby": "pc-if-concede" }, t.pc_concede),
      h("button", { type: "button", class: `btn btn-send${advice === "play_on" ? " hinted" : ""}`, "data-action": "play-on", "aria-describedby": "pc-if-play-on" }, t.pc_play_on),
    ];
  }

  /** A conceded hand on the felt: who conceded and what it costs. */
  function concededBox(s) {
    const r = s.view.result;
    return h("section", { class: "p-redeal p-conceded", role: "status", "data-testid": "conceded-felt" },
      h("p", { class: "sheet-lead" }, fmt("pc_conceded", { name: shell.seatName(s, r.declarer), n: r.contract })));
  }

  // --- the melds and the trick ------------------------------------------------------------------

  function meldName(name) {
    const m = /^(double_|triple_|quadruple_)?(.*)$/.exec(name);
    const base = t[`p_meld_${m[2]}`] || m[2];
    const times = { double_: 2, triple_: 3, quadruple_: 4 }[m[1] || ""];
    return times ? fmt("p_meld_times", { meld: base, n: times }) : base;
  }

  function meldBoard(s) {
    const v = s.view;
    const board = h("section", { class: "p-melds", "data-testid": "melds", "aria-label": t.p_melds },
      h("h3", { class: "p-title" }, t.p_melds, " · ", h("span", { class: "p-trump-chip" }, SIGN[v.trump], " ", suitWord(v.trump)),
        h("button", { type: "button", class: "p-close", "data-action": "melds", "aria-label": t.p_gather, title: t.p_gather }, "✕")));
    const grid = h("div", { class: `p-meld-grid seats-${v.players}` });
    const order = [...Array(v.players).keys()].map((k) => ((s.you ?? 0) + k) % v.players);
    for (const seat of order) {
      const m = v.melds[seat];
      const box = h("div", { class: `p-meld-seat team-${sideOf(s, seat)}${seat === s.you ? " me" : ""}`, "data-seat": seat },
        h("div", { class: "p-meld-head" }, h("b", {}, shell.seatName(s, seat)), h("bdi", { class: "p-meld-points", dir: "ltr", "data-testid": "seat-meld" }, num(m.points))));
      if (!m.melds.length) box.append(h("p", { class: "p-none" }, t.p_no_meld));
      for (const one of m.melds) {
        box.append(h("div", { class: "p-meld", "data-meld": one.name },
          h("span", { class: "p-meld-name" }, meldName(one.name), " ", h("bdi", { dir: "ltr" }, `+${num(one.points)}`)),
          h("span", { class: "tiles", dir: "ltr" }, one.cards.map((c) => cardTile(c, t)))));
      }
      grid.append(box);
    }
    board.append(grid);
    const totals = h("p", { class: "p-meld-totals" });
    v.meld_totals.forEach((p, side) => totals.append(h("span", {}, shell.teamLabel(s, side), " ", h("bdi", { dir: "ltr" }, num(p)))));
    board.append(totals);
    return board;
  }

  /** The cards of a trick by their players; ``taken``: the whole trick, its taker named. */
  function trickBox(s, cards, { winner = null, label = t.p_trick, testid = "trick", taken = false } = {}) {
    const v = s.view;
    const box = h("section", { class: `p-trick players-${v.players}${taken ? " taken" : ""}`, dir: "ltr", "data-testid": testid, "aria-label": label });
    for (const { seat, card } of cards) {
      const node = cardElement(card, t, { label: `${shell.seatName(s, seat)}: ${cardName(card, t)}` });
      node.classList.add("tcard");
      if (winner === seat) node.classList.add("won");
      box.append(h("div", { class: `p-slot at-${place(s, seat)}${winner === seat ? " won" : ""}`, "data-seat": seat }, node,
        h("span", { class: "p-slot-name", "aria-hidden": "true" }, shell.seatName(s, seat))));
    }
    if (taken) {
      box.dataset.winner = winner;
      box.append(h("p", { class: "p-taken", role: "status", dir: rtl() ? "rtl" : "ltr", "data-testid": "trick-taker" }, fmt("p_takes_trick", { name: shell.seatName(s, winner) })));
    }
    if (!cards.length) box.append(h("p", { class: "p-empty" }, myTurn(s) ? t.p_lead_now : ""));
    return box;
  }

  /** The trick just taken stays whole on the table a moment, its taker marked. */
  function holdTaken(s) {
    clearTimeout(store.taken?.timer);
    const taken = { round_no: s.round_no, event: s.event, trick: s.view.last_trick };
    taken.timer = setTimeout(() => gather(taken), reducedMotion() ? TAKEN_MS.still : TAKEN_MS.moving);
    store.taken = taken;
  }

  /** The trick goes to its taker: gone from the middle, its cards flying to that seat. */
  function gather(taken) {
    if (store.taken !== taken) return;
    store.taken = null;
    const s = state();
    if (!s || !s.view || s.round_no !== taken.round_no) return;
    const slots = [...parts.center.querySelectorAll("[data-testid=trick].taken .p-slot")]
      .map((slot) => [slot.querySelector(".tcard")?.dataset.card, shell.rectOf(slot.querySelector(".tcard"))]);
    renderCenter(s);
    const to = shell.seatElement(taken.trick.winner);
    for (const [code, rect] of slots) if (code && rect) shell.fly(code, rect, to, { width: rect.width, duration: 320 });
  }

  function takenTrick(s) {
    const taken = store.taken;
    return taken && taken.round_no === s.round_no && s.view.phase === "play" ? taken.trick : null;
  }

  function lastTrickBox(s) {
    const last = s.view.last_trick;
    if (!last) return null;
    const box = trickBox(s, last.cards, { winner: last.winner, label: t.p_last_trick, testid: "last-trick" });
    return h("section", { class: "p-last", role: "dialog", "aria-label": t.p_last_trick },
      h("h3", { class: "p-title" }, fmt("p_last_won", { name: shell.seatName(s, last.winner) }),
        h("button", { type: "button", class: "p-close", "data-action": "last-trick", "aria-label": t.close, title: t.close }, "✕")), box);
  }

  // --- two-handed: the stock, the turn-up, each seat's table of declared melds -----------------

  /**
   * A seat's table: the cards of its declared melds, each marked with the classes it has served
   * in (arounds, sequence, pinochle, dix). The own table's cards are buttons when they may be
   * played (a raised card, as in the hand) or picked for a meld.
   */
  function tableRow(s, seat) {
    const v = s.view;
    const mine = seat === s.you;
    const picking = mine && declaring(s);
    const plays = new Set(legalOf(s, "play").filter((a) => a.from === "table").map((a) => a.card));
    const row = h("div", { class: `p2-table${mine ? " mine" : ""}`, "data-testid": mine ? "my-table" : "their-table", "data-seat": seat,
      role: "group", "aria-label": fmt("p2_table_of", { name: shell.seatName(s, seat) }) },
    h("span", { class: "p2-table-head" }, h("b", {}, shell.seatName(s, seat)), " ",
      h("bdi", { class: "p-meld-points", dir: "ltr", title: t.p_meld }, num(v.melds[seat].points))));
    const tiles = h("span", { class: "tiles p2-tiles", dir: "ltr" });
    v.table[seat].forEach(({ card, classes }, i) => {
      const playable = mine && plays.has(card);
      const picked = picking && store.tablePicks.includes(i);
      let label = `${cardName(card, t)} — ${classes.map((c) => t[`p2_class_${c}`] || c).join(rtl() ? "، " : ", ")}`;
      if (playable) label += ` — ${t.p_can_play}`;
      const button = playable || picking;
      const tile = cardTile(card, t, { tag: button ? "button" : "span", label });
      tile.dataset.index = i;
      if (button) tile.dataset.action = picking ? "table-pick" : "table-play";
      tile.classList.toggle("legal", playable);
      tile.classList.toggle("selected", picked);
      if (picking) tile.setAttribute("aria-pressed", picked ? "true" : "false");
      tile.append(h("span", { class: "p2-classes", "aria-hidden": "true" }, classes.map((c) => h("i", { class: `p2-cls cls-${c}` }))));
      tiles.append(tile);
    });
    if (!v.table[seat].length) tiles.append(h("span", { class: "p-none" }, t.p2_table_empty));
    row.append(tiles);
    return row;
  }

  /** The stock (its count) with the turn-up under it, and the stage: stock play or strict play. */
  function stockBox(s) {
    const v = s.view;
    const box = h("div", { class: "p2-stock" });
    if (v.stock_count > 0) {
      const pile = h("div", { class: "p2-pile", "data-testid": "stock", role: "img", "aria-label": fmt("p2_stock_n", { n: v.stock_count }) });
      if (v.turn_up) {
        const up = cardElement(v.turn_up, t, { label: fmt("p2_turn_up", { card: cardName(v.turn_up, t) }) });
        up.classList.add("p2-turnup");
        up.dataset.testid = "turn-up";
        pile.append(up);
      }
      const back = cardElement(null, t, { label: fmt("p2_stock_n", { n: v.stock_count }) });
      back.classList.add("p2-back");
      pile.append(back, h("b", { class: "p2-count", "data-testid": "stock-count", dir: "ltr", "aria-hidden": "true" }, num(v.stock_count)));
      box.append(pile);
    }
    const strict = v.stage === "strict";
    box.append(h("p", { class: `p2-stage ${strict ? "strict" : "stock"}`, "data-testid": "stage", role: "status" },
      strict ? t.p2_stage_strict : t.p2_stage_stock));
    const last = v.meld_log.at(-1);
    if (last) box.append(h("p", { class: "p2-lastmeld", "data-testid": "last-meld" }, meldLine(s, last)));
    return box;
  }

  /** One declared meld in words: who, which, its points, and a dix exchanged for the turn-up. */
  function meldLine(s, m) {
    return [h("b", {}, shell.seatName(s, m.seat)), " ", meldName(m.name), " ", h("bdi", { dir: "ltr" }, `+${num(m.points)}`),
      m.exchanged ? h("span", { class: "p2-exchanged", "data-testid": "dix-exchange" }, " ", t.p2_exchanged) : null];
  }

  /** The declared melds in order (public), each with its cards and when it was declared. */
  function meldLogBox(s) {
    const v = s.view;
    const list = h("ol", { class: "p2-log" });
    for (const m of v.meld_log) {
      list.append(h("li", {}, meldLine(s, m), " ", h("span", { class: "tiles", dir: "ltr" }, m.cards.map((c) => cardTile(c, t))), " ",
        h("small", { class: "muted" }, m.trick ? fmt("p2_after_trick", { n: m.trick }) : t.p2_turned_up)));
    }
    return h("section", { class: "p-last p2-log-box", role: "dialog", "aria-label": t.p2_meld_log, "data-testid": "meld-log" },
      h("h3", { class: "p-title" }, t.p2_meld_log,
        h("button", { type: "button", class: "p-close", "data-action": "melds", "aria-label": t.close, title: t.close }, "✕")),
      v.meld_log.length ? list : h("p", { class: "p-none" }, t.p2_no_melds_yet));
  }

  /** The declarable melds by name and points (the engine's, in the seat's view). */
  function declarable(s) {
    return s.view.declarable ?? null;
  }

  /** The picked cards (hand and own table) and the legal meld they make, if any. */
  function pickedMeld(s) {
    const v = s.view;
    const codes = [...store.selection.map((k) => k.split("#")[0]), ...store.tablePicks.map((i) => v.table[s.you][i]?.card)]
      .filter(Boolean).sort();
    const same = (cards) => cards.length === codes.length && [...cards].sort().every((c, i) => c === codes[i]);
    const meld = codes.length ? legalOf(s, "meld").find((a) => same(a.cards)) || null : null;
    const named = meld ? declarable(s)?.find((m) => same(m.cards)) : null;
    return { codes, meld, named };
  }

  /** After a won stock-stage trick: the winner declares one meld, or none. */
  function declareBox(s) {
    const v = s.view;
    const box = h("section", { class: "p2-declare", "data-testid": "declare", "aria-label": t.p2_declare });
    if (!myTurn(s)) {
      box.append(h("p", { class: "p-wait" }, fmt("p2_declaring", { name: shell.seatName(s, v.turn) })));
      return box;
    }
    const melds = legalOf(s, "meld");
    const { codes, meld, named } = pickedMeld(s);
    let what = "";
    if (meld) what = named ? [meldName(named.name), " ", h("bdi", { dir: "ltr" }, `+${num(named.points)}`)] : "…";
    else if (codes.length) what = t.p2_not_a_meld;
    box.append(h("p", { class: "p-do" }, melds.length ? t.p2_pick_meld : t.p2_nothing_to_declare),
      h("p", { class: `p2-preview${meld ? " ok" : codes.length ? " bad" : ""}`, "data-testid": "meld-preview", "aria-live": "polite" }, what));
    if (meld && named?.name === "dix" && v.turn_up && v.turn_up[0] !== "9") {
      box.append(h("p", { class: "p-note" }, fmt("p2_dix_takes", { card: cardName(v.turn_up, t) })));
    }
    return box;
  }

  /** Two-handed's board: the other seat's table, the stock and the trick, the own table. */
  function twoBoard(s) {
    const v = s.view;
    const me = s.you ?? 0;
    const taken = takenTrick(s);
    let trick;
    if (v.phase === "meld" && v.last_trick) trick = trickBox(s, v.last_trick.cards, { winner: v.last_trick.winner, taken: true });
    else trick = taken ? trickBox(s, taken.cards, { winner: taken.winner, taken: true }) : trickBox(s, v.trick);
    const board = h("div", { class: `p2-board stage-${v.stage}`, "data-testid": "two-board" },
      tableRow(s, (me + 1) % 2),
      h("div", { class: "p2-middle" }, stockBox(s), trick, v.phase === "meld" ? declareBox(s) : null),
      tableRow(s, me));
    const out = [board];
    if (store.showMelds) out.push(meldLogBox(s));
    if (store.showLast && v.last_trick && v.phase === "play") out.push(lastTrickBox(s));
    return out;
  }

  function sendMeld() {
    const s = state();
    const { meld } = pickedMeld(s);
    if (!meld) {
      shell.toast(t.p2_not_a_meld, "error");
      return;
    }
    shell.act({ type: "meld", cards: meld.cards }, () => {
      store.selection = [];
      store.tablePicks = [];
    });
  }

  // --- the contract bar ---------------------------------------------------------------------

  function infoBar(s) {
    const v = s.view;
    const bar = h("div", { class: `p-info phase-${v.phase} seats-${v.players}`, "data-testid": "contract" });
    if (v.declarer !== null && v.contract !== null) {
      bar.append(h("span", { class: "p-chip contract" }, h("span", { class: "p-k" }, t.p_contract), " ",
        h("b", {}, h("bdi", { dir: "ltr" }, v.contract)), " · ", shell.seatName(s, v.declarer),
        v.trump ? h("span", { class: `p-trump-chip suit-${v.trump}`, title: suitWord(v.trump) }, " ", SIGN[v.trump], " ", h("span", { class: "p-trump-word" }, suitWord(v.trump))) : null));
    } else if (v.trump && v.phase !== "bidding") {
      bar.append(h("span", { class: "p-chip", "data-testid": "trump" }, h("span", { class: "p-k" }, t.p_trump), " ",
        h("span", { class: `p-trump-chip suit-${v.trump}`, title: suitWord(v.trump) }, SIGN[v.trump], " ", h("span", { class: "p-trump-word" }, suitWord(v.trump)))));
    } else if (v.phase === "bidding") {
      bar.append(h("span", { class: "p-chip" }, h("span", { class: "p-k" }, t.p_auction), " ",
        v.high_bid === null ? t.p_no_bid : h("b", {}, h("bdi", { dir: "ltr" }, v.high_bid))));
    }
    if (v.phase === "play" || v.phase === "meld" || v.result) {
      const won = h("span", { class: "p-chip tricks", "data-testid": "tricks-won" }, h("span", { class: "p-k" }, t.p_tricks), " ");
      v.tricks_won.forEach((n, side) => won.append(h("span", { class: `p-side team-${side}` }, shell.teamLabel(s, side), " ", h("b", {}, h("bdi", { dir: "ltr" }, n)))));
      bar.append(won);
    }
    const tools = h("span", { class: "p-tools" });
    if (v.melds && !v.result) {
      tools.append(h("button", { type: "button", class: `tool-btn chip-btn${meldsOnTable(s) ? " on" : ""}`, "data-action": "melds",
        "aria-pressed": meldsOnTable(s) ? "true" : "false", "data-testid": "show-melds" }, twoHanded(s) ? t.p2_meld_log : t.p_melds));
    }
    if (v.last_trick && !v.result && v.phase === "play") {
      tools.append(h("button", { type: "button", class: `tool-btn chip-btn${store.showLast ? " on" : ""}`, "data-action": "last-trick",
        "aria-pressed": store.showLast ? "true" : "false", "data-testid": "show-last-trick" }, t.p_last_trick));
    }
    bar.append(tools);
    return bar;
  }

  // --- drawing --------------------------------------------------------------------------------

  function mount(p) {
    parts = p;
    if (p.panel) {
      p.panel.classList.add("hints-panel", "p-hints");
      p.panel.dataset.testid = "hints-panel";
    }
    if (p.hand) hand = createHand(p.hand, t, { onToggle });
  }

  function render(s, before) {
    const fresh = !before || before.round_no !== s.round_no;
    if (fresh || s.view?.phase !== "kitty") store.kitty = { to: [], pick: null };
    if (fresh) {
      store.selection = [];
      store.showMelds = null;
      store.showLast = false;
      clearTimeout(store.taken?.timer);
      store.taken = null;
    }
    if (!before || before.event !== s.event || fresh) {
      // hints belong to one moment of the hand
      if (store.hints && (store.hints.round_no !== s.round_no || store.hints.event !== s.event)) store.hints = null;
    }
    if (s.view && !["passing", "discard", "meld"].includes(s.view.phase)) store.selection = [];
    if (!s.view || s.view.phase !== "meld" || fresh) store.tablePicks = [];
    if (s.view && s.view.phase !== "play") store.showLast = false;
    pruneSelection();
    const dealing = !!(s.view && before && (!before.view || fresh));
    const from = before && !fresh && s.event === before.event + 1 ? handRects() : null;
    if (!fresh && s.view?.phase === "play" && s.view.last_trick &&
        s.view.tricks_played.length > (before?.view?.tricks_played.length ?? Infinity)) holdTaken(s);
    else if (store.taken && s.you !== null && s.last?.seat === s.you && s.view?.trick.length) gather(store.taken); // you led: seen
    renderCenter(s);
    renderHand({ dealing });
    renderControls();
    renderHints();
    if (from) animateLast(s, from);
    askHints(s);
  }

  function renderCenter(s) {
    const center = parts.center;
    const v = s.view;
    center.classList.add("p-center");
    if (!v) {
      center.replaceChildren(h("div", { class: "p-seeding", "data-testid": "seeding" },
        h("p", {}, t.seeding),
        s.round ? h("p", { class: "muted small" }, `${t.commitment}: `, h("code", { dir: "ltr" }, s.round.commitment.slice(0, 16) + "…")) : null));
      return;
    }
    const main = h("div", { class: `p-main phase-${v.phase}` });
    if (v.phase === "bidding") main.append(auctionBox(s));
    else if (v.phase === "kitty") main.append(kittyBox(s));
    else if (v.phase === "trump") main.append(...[trumpBox(s), widowBox(s), kittyNote(s)].filter(Boolean));
    else if (v.phase === "passing" || v.phase === "discard") main.append(...[exchangeBox(s), v.phase === "discard" ? widowBox(s) : null, kittyNote(s)].filter(Boolean));
    else if (v.phase === "concede") main.append(...[concedeBox(s), meldsOnTable(s) ? meldBoard(s) : null].filter(Boolean)); // the choice first, the melds under it
    else if (twoHanded(s) && (v.phase === "play" || v.phase === "meld")) main.append(...twoBoard(s));
    else if (v.phase === "play") {
      if (meldsOnTable(s)) main.append(meldBoard(s));
      const taken = takenTrick(s);
      main.append(taken ? trickBox(s, taken.cards, { winner: taken.winner, taken: true }) : trickBox(s, v.trick));
      if (store.showLast && v.last_trick) main.append(lastTrickBox(s));
    } else if (v.result) {
      if (v.result.reason === "conceded") main.append(concededBox(s));
      else main.append(v.last_trick ? trickBox(s, v.last_trick.cards, { winner: v.last_trick.winner, label: t.p_last_trick, testid: "last-trick" }) : thrownIn(s, "redeal-felt"));
    }
    center.replaceChildren(infoBar(s), main);
  }

  function keyedHand() {
    const v = state()?.view;
    return v && v.hand ? keyed(v.hand) : [];
  }

  function pruneSelection() {
    const keys = new Set(keyedHand().map((c) => c.key));
    store.selection = store.selection.filter((k) => keys.has(k));
  }

  function renderHand({ dealing = false } = {}) {
    const s = state();
    if (!hand || !s) return;
    const v = s.view;
    if (!v || !v.hand) {
      hand.render([]);
      parts.hand.replaceChildren(h("p", { class: "muted hand-wait" }, t.seeding));
      return;
    }
    parts.hand.querySelector(".hand-wait")?.remove();
    const playing = myTurn(s) && v.phase === "play";
    const picking = myTurn(s) && (needCount(s) > 0 || declaring(s));
    const legal = new Set(playing ? v.legal.filter((a) => a.type === "play" && a.from !== "table").map((a) => a.card) : []);
    const hints = store.showHints && store.hints?.hints ? store.hints.hints : null;
    const hinted = new Set(hints ? hints.legal_cards : []);
    const aside = picking && v.phase === "discard" && hints?.suggested_discard ? [...hints.suggested_discard] : [];
    const melded = meldedCards(s);
    const fromKitty = kittyCards(s);
    hand.render(keyedHand(), {
      dealing,
      draggable: false,
      decorate: (node, { code, key }) => {
        const picked = picking && store.selection.includes(key);
        node.classList.toggle("selected", picked);
        node.classList.toggle("legal", playing && legal.has(code));
        node.classList.toggle("dimmed", playing && !legal.has(code));
        const asideAt = aside.indexOf(code);
        if (asideAt >= 0) aside.splice(asideAt, 1); // one mark per suggested copy
        node.classList.toggle("hint", (playing && hinted.has(code)) || asideAt >= 0);
        node.classList.toggle("in-meld", melded.has(key));
        node.classList.toggle("from-kitty", fromKitty.has(key));
        let label = cardName(code, t);
        if (fromKitty.has(key)) label += ` — ${t.pk_from_kitty}`;
        if (playing) label += legal.has(code) ? ` — ${t.p_can_play}` : ` — ${t.p_cannot_play}`;
        if (picking) node.setAttribute("aria-pressed", picked ? "true" : "false");
        else node.removeAttribute("aria-pressed");
        node.setAttribute("aria-label", label);
        node.title = label;
      },
    });
  }

  /** While the melds are laid out: the hand's cards that are in the seat's own meld. */
  function meldedCards(s) {
    const v = s.view;
    const out = new Set();
    if (s.you === null || !v.melds || !meldsOnTable(s) || twoHanded(s)) return out;
    const want = {};
    for (const m of v.melds[s.you].melds) for (const c of m.cards) want[c] = Math.max(want[c] ?? 0, m.cards.filter((x) => x === c).length);
    for (const { code, key } of keyedHand()) {
      if (want[code] > 0) {
        want[code] -= 1;
        out.add(key);
      }
    }
    return out;
  }

  function renderControls() {
    const s = state();
    if (!parts.controls || !s) return;
    const v = s.view;
    const n = needCount(s);
    const picking = !!v && myTurn(s) && n > 0;
    const buttons = [];
    const declares = !!v && declaring(s);
    if (declares) {
      const { meld } = pickedMeld(s);
      buttons.push(h("button", { type: "button", class: "btn btn-send", "data-action": "declare", "data-testid": "declare-meld", disabled: !meld }, t.p2_declare),
        h("button", { type: "button", class: "btn btn-pass", "data-action": "pass", "data-testid": "no-meld" }, t.p2_no_meld));
    }
    const dealing = !!v && myTurn(s) && v.phase === "kitty" && !!v.kitty;
    if (v && myTurn(s) && v.phase === "concede") buttons.push(...concedeButtons());
    if (dealing) {
      buttons.push(h("button", { type: "button", class: "btn btn-send", "data-action": "give-kitty", "data-testid": "give-kitty", disabled: !kittyDealt(v) }, t.pk_give));
    }
    if (picking) {
      const label = v.phase === "passing" ? fmt("p_pass_n", { n }) : fmt("p_discard_n", { n });
      buttons.push(h("button", { type: "button", class: "btn btn-send", "data-action": "send-cards", disabled: store.selection.length !== n }, label));
    }
    buttons.push(h("button", { type: "button", class: `btn btn-ghost btn-hints${store.showHints ? " on" : ""}`, "data-action": "hints",
      "aria-pressed": store.showHints ? "true" : "false", disabled: !v || !!v.result || s.you === null }, t.hints));
    parts.controls.replaceChildren(...buttons);
    const side = [];
    const picked = store.selection.length + store.tablePicks.length;
    if (dealing) {
      const given = store.kitty.to.some((i) => i !== null && i !== undefined);
      side.push(h("button", { type: "button", class: "tool-btn", "data-action": "clear", disabled: !given, title: t.clear, "aria-label": t.clear },
        h("span", { class: "tool-icon", "aria-hidden": "true" }, "✕"), h("span", { class: "tool-label" }, t.clear)));
    }
    if (declares) {
      side.push(h("button", { type: "button", class: "tool-btn", "data-action": "clear", disabled: !picked, title: t.clear, "aria-label": t.clear },
        h("span", { class: "tool-icon", "aria-hidden": "true" }, "✕"), h("span", { class: "tool-label" }, t.clear)));
    }
    if (picking) {
      side.push(h("span", { class: "selected-count", "aria-live": "polite", "data-testid": "picked" }, fmt("p_picked", { k: store.selection.length, n })));
      side.push(h("button", { type: "button", class: "tool-btn", "data-action": "clear", disabled: !store.selection.length, title: t.clear, "aria-label": t.clear },
        h("span", { class: "tool-icon", "aria-hidden": "true" }, "✕"), h("span", { class: "tool-label" }, t.clear)));
    }
    parts.side.replaceChildren(...side);
  }

  function onToggle(key) {
    const s = state();
    const v = s?.view;
    if (!v || s.you === null) return;
    const code = key.split("#")[0];
    if (!myTurn(s)) {
      if (v.phase !== "done") shell.toast(t.not_your_turn);
      return;
    }
    if (v.phase === "play") {
      const legal = v.legal.find((a) => a.type === "play" && a.card === code && a.from !== "table");
      if (!legal) {
        shell.toast(t.p_not_legal, "error");
        return;
      }
      shell.act(legal.from ? { type: "play", card: code, from: "hand" } : { type: "play", card: code });
      return;
    }
    if (declaring(s)) {
      const i = store.selection.indexOf(key);
      if (i >= 0) store.selection.splice(i, 1);
      else store.selection.push(key);
      renderPicks(s);
      return;
    }
    const n = needCount(s);
    if (!n) return;
    const i = store.selection.indexOf(key);
    if (i >= 0) store.selection.splice(i, 1);
    else if (store.selection.length < n) store.selection.push(key);
    else shell.toast(fmt("p_only_n", { n }));
    renderHand();
    renderControls();
  }

  /** The meld's picks changed: the hand, the own table, the preview and the buttons again. */
  function renderPicks(s) {
    renderCenter(s);
    renderHand();
    renderControls();
  }

  function sendCards() {
    const s = state();
    const n = needCount(s);
    const cards = store.selection.map((k) => k.split("#")[0]);
    if (cards.length !== n) {
      shell.toast(fmt("p_only_n", { n }));
      return;
    }
    const type = s.view.phase === "passing" ? "pass_cards" : "discard";
    shell.act({ type, cards }, () => {
      store.selection = [];
    });
  }

  // --- hints ------------------------------------------------------------------------------------

  /**
   * Ask the server for this moment's hints, once: when naming trump (each suit's meld is in
   * them) and, while the hints panel is open, at each of the seat's turns.
   */
  function askHints(s) {
    const v = s.view;
    if (!v || v.result || !myTurn(s) || !(v.phase === "trump" || store.showHints)) return;
    const mark = `${s.round_no}:${s.event}`;
    if (store.askedHints === mark || (store.hints && store.hints.round_no === s.round_no && store.hints.event === s.event)) return;
    store.askedHints = mark;
    shell.send({ type: "hints" });
  }

  function renderHints() {
    const panel = parts.panel;
    if (!panel) return;
    const s = state();
    const hints = store.showHints && store.hints ? store.hints.hints : null;
    if (!hints || !s?.view) {
      if (!store.showHints) shell.overlayClosed("hints");
      panel.hidden = true;
      panel.replaceChildren();
      return;
    }
    panel.hidden = false;
    shell.overlay("hints", {
      box: () => panel,
      opener: () => parts.controls.querySelector("[data-action=hints]"),
      close: () => {
        store.showHints = false;
        const now = state();
        if (now) {
          renderCenter(now);
          renderHand();
          renderControls();
        }
        renderHints();
      },
    });
    const v = s.view;
    const items = [];
    if (v.phase === "bidding") {
      items.push(h("p", { "data-testid": "hint-bid" }, hints.suggested_bid === null ? t.p_hint_pass : fmt("p_hint_bid", { n: hints.suggested_bid })));
    }
    if (hints.suggested_trump && (v.phase === "bidding" || v.phase === "trump")) {
      items.push(h("p", { "data-testid": "hint-trump" }, fmt("p_hint_trump", { suit: `${SIGN[hints.suggested_trump]} ${suitWord(hints.suggested_trump)}` })));
    }
    if (v.phase === "bidding" || v.phase === "trump") {
      const row = h("div", { class: "p-hint-suits", dir: "ltr" });
      for (const suit of SUITS) {
        row.append(h("span", { class: `p-hint-suit suit-${suit}` }, h("b", {}, SIGN[suit]), " ",
          fmt("p_meld_n", { n: hints.meld_by_trump[suit] }), " · ", fmt("p_estimate_n", { n: hints.estimates[suit] })));
      }
      items.push(h("p", { class: "muted small" }, t.p_hint_suits), row);
    }
    if (v.phase === "play") {
      items.push(h("p", {}, hints.legal_cards.length ? fmt("p_hint_legal", { cards: cardsText(hints.legal_cards) }) : t.p_hint_wait));
    }
    items.push(...kittyAndConcessionHints(s, hints));
    if (!items.length) items.push(h("p", {}, t.p_hint_none));
    items.push(h("button", { type: "button", class: "hints-close", "data-action": "hints", "aria-label": t.close, title: t.close }, "✕"));
    panel.replaceChildren(...items);
  }

  /** The hints of the discard, the kitty's deal and the concession, in words. */
  function kittyAndConcessionHints(s, hints) {
    const items = [];
    if (hints.suggested_discard) items.push(h("p", { "data-testid": "hint-discard" }, fmt("p_hint_discard", { cards: cardsText(hints.suggested_discard) })));
    if (hints.suggested_kitty) {
      const gifts = hints.suggested_kitty.map((c, seat) => fmt("pk_gift", { card: cardName(c, t), name: shell.seatName(s, seat) }));
      items.push(h("p", { "data-testid": "hint-kitty" }, fmt("p_hint_kitty", { gifts: gifts.join(t.list_sep || ", ") })));
    }
    const c = hints.concession;
    if (c) items.push(h("p", { "data-testid": "hint-concede" }, fmt(c.suggested === "concede" ? "p_hint_concede" : "p_hint_play_on", { reach: c.reach, n: c.contract })));
    return items;
  }

  function onMessage(message) {
    const s = state();
    if (message.type === "hints" && s && message.round_no === s.round_no && message.event >= s.event) {
      store.hints = message;
      renderCenter(s);
      renderHand();
      renderControls();
      renderHints();
    }
  }

  // --- animation --------------------------------------------------------------------------------

  function handRects() {
    const rects = new Map();
    if (parts.hand) for (const node of parts.hand.querySelectorAll(".hcard")) rects.set(node.dataset.card, node.getBoundingClientRect());
    return rects;
  }

  /** A card played flies from its player (or your hand) to its place in the trick. */
  function animateLast(s, from) {
    const last = s.last;
    // the hand's last card: the score sheet comes up at once, no card flies over it
    if (!last || last.action.type !== "play" || !s.view || s.view.result) return;
    const code = last.action.card;
    const taken = takenTrick(s);
    if (taken && store.taken.event !== s.event) return; // the next trick's cards show once this one is gathered
    const mine = last.seat === s.you;
    const source = (mine && from.get(code)) || shell.rectOf(shell.seatElement(last.seat));
    let target = parts.center.querySelector(`[data-testid=trick] .p-slot[data-seat="${last.seat}"]`);
    if (!target) target = parts.center.querySelector("[data-testid=last-trick]") || parts.center.querySelector("[data-testid=trick]");
    shell.fly(code, source, target, { width: 56 });
  }

  // --- the score sheet ----------------------------------------------------------------------

  function resultLead(s) {
    const r = s.view.result;
    if (r.reason === "all_passed") return t.p_all_passed;
    if (r.reason === "redeal") return fmt("p_redeal", { name: shell.seatName(s, r.redeal_seat) });
    if (r.declarer === null) return t.p2_each_scores;
    return fmt("p_declared", { name: shell.seatName(s, r.declarer), n: r.contract });
  }

  /**
   * A hand thrown in (a seat dealt too many nines, or everyone passed): the round by its number,
   * why, the nines the seat showed, and the round dealt next.
   */
  function thrownIn(s, testid) {
    const r = s.view.result;
    return h("section", { class: "p-redeal", role: "status", "data-testid": testid },
      h("h3", { class: "p-redeal-title" }, fmt("p_thrown_in", { n: s.round_no })),
      h("p", { class: "sheet-lead" }, resultLead(s)),
      r.redeal_cards ? h("div", { class: "tiles center p-nines", dir: "ltr", "data-testid": "nines" }, r.redeal_cards.map((c) => cardTile(c, t))) : null,
      h("p", { class: "muted small" }, fmt("p_dealt_next", { n: s.round_no + 1 })));
  }

  function renderSheet(box, s) {
    const r = s.view.result;
    const conceded = r.reason === "conceded";
    if (r.reason !== "played" && !conceded) {
      box.append(thrownIn(s, "redeal"), checksSheet(s) || "");
      return;
    }
    const outcome = conceded
      ? h("span", { class: "p-made set conceded", "data-testid": "made" }, t.pc_conceded_word)
      : r.made === null ? null : h("span", { class: `p-made ${r.made ? "made" : "set"}`, "data-testid": "made" }, r.made ? t.p_made_word : t.p_set_word);
    const lead = h("p", { class: "sheet-lead" }, resultLead(s),
      " ", h("span", { class: `p-trump-chip suit-${r.trump}` }, SIGN[r.trump], " ", suitWord(r.trump)), " ", outcome);
    box.append(lead);
    const n = sides(s);
    const range = [...Array(n).keys()];
    const lastMark = (side) => (r.last_trick_team === side ? h("small", { class: "p-lastmark", title: t.p_last_trick_bonus }, " ", t.p_last_trick_mark) : null);
    const rows = [
      [t.p_row_meld, range.map((i) => num(r.meld[i]))],
      [t.p_row_meld_counted, range.map((i) => (r.meld_counted[i] === r.meld[i] ? num(r.meld_counted[i]) : `${num(r.meld_counted[i])} ✗`)), "", "meld-counted"],
      [t.p_row_counters, range.map((i) => [num(r.counters[i]), lastMark(i)]), "", "counters"],
      [t.p_row_hand, range.map((i) => num(r.team_points[i])), "strong", "hand-points"],
      [t.row_total, range.map((i) => num(s.match.totals[i])), "row-total", "totals"],
    ];
    box.append(h("table", { class: `scores p-scores sides-${n}`, "data-testid": "pinochle-scores" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), range.map((i) => h("th", { class: r.declarer !== null && sideOf(s, r.declarer) === i ? "declaring" : "" }, shell.teamLabel(s, i))))),
      h("tbody", {}, rows.map(([label, values, cls, key]) => h("tr", { class: cls || "", "data-row": key || null }, h("th", { scope: "row" }, label),
        values.map((v) => h("td", {}, Array.isArray(v) ? [h("bdi", { dir: "ltr" }, v[0]), v[1]] : h("bdi", { dir: "ltr" }, v))))))));
    const notes = conceded ? [fmt("pc_conceded", { name: shell.seatName(s, r.declarer), n: r.contract })] : [];
    for (const i of range) if (r.meld_counted[i] !== r.meld[i]) notes.push(fmt("p_meld_lost", { side: shell.teamLabel(s, i) }));
    if (r.last_trick_team !== null) notes.push(fmt("p_last_trick_to", { side: shell.teamLabel(s, r.last_trick_team) }));
    if (notes.length) box.append(h("p", { class: "muted small p-notes" }, notes.join(t.list_sep || " · ")));
    const checks = checksSheet(s);
    if (checks) box.append(checks);
  }

  // --- check Pinochle ---------------------------------------------------------------------------

  /** The table plays checks: the match's checks so far are in the state (docs/protocol.md). */
  const checksOn = (s) => Array.isArray(s.match.checks);

  /** One check event in words with its checks, signed ("run +2", "set −2"). */
  function checkEvent(e) {
    return h("span", { class: "p-check-event", "data-event": e.event }, t[`p_check_${e.event}`] || e.event, " ", signedNode(e.checks));
  }

  /** A seat's checks so far, by its name: the count, and in its title the net. */
  function checksTag(s, seat) {
    if (!checksOn(s)) return [];
    const label = fmt("p_checks_so_far", { n: s.match.checks[seat], net: shell.signed(s.match.check_net[seat]) });
    return [h("span", { class: "seat-tag p-checks", "data-testid": "seat-checks", title: label },
      h("span", { class: "p-check-mark", "aria-hidden": "true" }, "✓"), h("span", { class: "tag-word" }, `${t.p_checks_word} `),
      h("bdi", { dir: "ltr" }, num(s.match.checks[seat])))];
  }

  /** The seats from the reader's on, as the score sheet lists them. */
  function seatOrder(s) {
    const n = s.seats.length;
    return [...Array(n).keys()].map((k) => ((s.you ?? 0) + k) % n);
  }

  /**
   * The hand's checks on its score sheet: per seat its events in words, the hand's checks and
   * net, and the match's so far; at a coin table what a check is worth.
   */
  function checksSheet(s) {
    const r = s.view.result;
    if (!r.checks) return null;
    const m = s.match;
    const rows = seatOrder(s).map((seat) => {
      const events = r.check_events.filter((e) => e.seat === seat);
      return h("tr", { "data-seat": seat },
        h("th", { scope: "row" }, shell.teamLabel(s, sideOf(s, seat))),
        h("td", { class: "p-check-events" }, events.length ? events.map(checkEvent) : h("span", { class: "muted" }, t.p_no_checks)),
        h("td", { "data-col": "hand" }, h("b", {}, signedNode(r.checks[seat])), h("small", {}, t.p_check_net, " ", signedNode(r.check_net[seat]))),
        checksOn(s) ? h("td", { "data-col": "match" }, h("b", {}, signedNode(m.checks[seat])), h("small", {}, t.p_check_net, " ", signedNode(m.check_net[seat]))) : null);
    });
    const head = h("tr", {}, h("th", {}, ""), h("th", {}, t.p_check_events), h("th", {}, t.p_checks_hand), checksOn(s) ? h("th", {}, t.p_checks_match) : null);
    const box = h("section", { class: "p-checks-box", "data-testid": "checks", "aria-label": t.p_checks },
      h("h3", {}, t.p_checks),
      h("table", { class: "scores p-checks-table", "data-testid": "checks-table" }, h("thead", {}, head), h("tbody", {}, rows)));
    box.append(h("p", { class: "muted small p-notes" }, m.check_unit ? fmt("p_check_worth", { n: m.check_unit }) : t.p_check_paid));
    return box;
  }

  /** The match's end: each seat's checks over the match (the game's checks in), their net, and
   *  at a coin table, once settled, the reader's checks in coins. */
  function matchSheet(box, s) {
    const m = s.match;
    if (!checksOn(s)) return;
    const rows = seatOrder(s).map((seat) => h("tr", { "data-seat": seat },
      h("th", { scope: "row" }, shell.teamLabel(s, sideOf(s, seat))),
      h("td", {}, h("b", {}, signedNode(m.checks[seat]))),
      h("td", {}, signedNode(m.check_net[seat]))));
    box.append(h("section", { class: "p-checks-box", "data-testid": "match-checks", "aria-label": t.p_checks },
      h("h3", {}, t.p_checks),
      h("table", { class: "scores p-checks-table" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t.p_checks_match), h("th", {}, t.p_check_net_head))),
        h("tbody", {}, rows))));
    const coins = m.check_coins && s.you !== null ? m.check_coins[s.you] : null;
    if (typeof coins === "number") {
      box.append(h("p", { class: "sheet-coins", "data-testid": "check-coins" },
        h("span", { class: coins > 0 ? "up" : coins < 0 ? "down" : "" }, fmt("p_check_coins", { n: shell.signed(coins) }))));
    }
  }

  // --- words for the shell ----------------------------------------------------------------------

  function prompt(s) {
    const v = s.view;
    if (!v) return t.seeding;
    if (v.result || s.round.status !== "playing") return "";
    if (v.phase === "bidding") {
      if (dealerStuck(s)) return t.p_do_stuck;
      const low = legalOf(s, "bid")[0]?.amount;
      return low === undefined ? t.p_do_pass : fmt("p_do_bid", { n: low });
    }
    if (v.phase === "trump") return t.p_do_trump;
    if (v.phase === "passing" || v.phase === "discard") {
      const n = needCount(s);
      return v.phase === "passing" ? fmt("p_do_pass_cards", { n }) : fmt("p_do_discard", { n });
    }
    if (v.phase === "kitty") return t.pk_do_give;
    if (v.phase === "concede") return t.pc_do;
    if (v.phase === "meld") return t.p2_do_meld;
    if (v.phase === "play" && twoHanded(s) && v.stage === "stock") return v.trick.length ? t.p2_do_follow_stock : t.p2_do_lead_stock;
    if (v.phase === "play") return v.trick.length ? t.p_do_follow : t.p_do_lead;
    return "";
  }

  /** One action of ``last`` in words, without a name ("bid 25", "played the ace of spades"). */
  function describe(last, s) {
    const a = last.action;
    if (a.type === "meld") {
      const m = s?.view?.meld_log?.filter((x) => x.seat === last.seat).at(-1);
      return m ? fmt("p2_act_meld", { meld: `${meldName(m.name)} +${num(m.points)}` }) + (m.exchanged ? ` (${t.p2_exchanged})` : "")
        : fmt("p2_act_meld", { meld: cardsText(a.cards) });
    }
    if (a.type === "bid") return fmt("p_act_bid", { n: a.amount });
    if (a.type === "pass") return t.p_act_pass;
    if (a.type === "trump") return fmt("p_act_trump", { suit: suitWord(a.suit) });
    if (a.type === "pass_cards") return a.cards ? fmt("p_act_pass_cards", { cards: cardsText(a.cards) }) : fmt("p_act_pass_n", { n: a.count });
    if (a.type === "discard") return a.cards ? fmt("p_act_discard", { cards: cardsText(a.cards) }) : fmt("p_act_discard_n", { n: a.count });
    if (a.type === "play") return fmt("p_act_play", { card: cardName(a.card, t) });
    if (a.type === "give_kitty") return a.cards ? fmt("p_act_give_kitty", { cards: cardsText(a.cards) }) : t.p_act_give_kitty_n;
    if (a.type === "concede") return t.p_act_concede;
    if (a.type === "play_on") return t.p_act_play_on;
    return "";
  }

  function soundOf(last) {
    const type = last.action.type;
    if (type === "play") return "throw";
    if (type === "trump" || type === "meld") return "meld";
    if (type === "pass_cards" || type === "discard" || type === "give_kitty" || type === "bid") return "draw";
    return null;
  }

  /** Six and eight seats: each seat's team by its label and colour, at a glance. */
  function teamTag(s, seat) {
    if (s.seats.length <= 4) return [];
    const side = sideOf(s, seat);
    return [h("span", { class: `seat-tag p-team team-${side}`, "data-testid": "seat-team" }, shell.teamLabel(s, side))];
  }

  function seatTags(s, seat) {
    const v = s.view;
    const tags = [...teamTag(s, seat), ...checksTag(s, seat)];
    if (!v) return tags;
    if (v.phase === "bidding") {
      const last = v.auction.filter((a) => a.seat === seat).at(-1);
      if (last) {
        tags.push(h("span", { class: `seat-tag p-tag-bid${last.bid === null ? " passed" : ""}`, "data-testid": "seat-bid" },
          last.bid === null ? t.p_passed : h("bdi", { dir: "ltr" }, last.bid)));
      }
    }
    if (v.declarer === seat) {
      tags.push(h("span", { class: "seat-tag p-tag-declarer", title: t.p_declarer }, t.p_declarer,
        v.trump ? ` ${SIGN[v.trump]}` : ""));
    }
    if (v.melds && !v.result) {
      tags.push(h("span", { class: "seat-tag melded", title: t.p_melds }, h("span", { class: "tag-word" }, `${t.p_meld} `), h("bdi", { dir: "ltr" }, num(v.melds[seat].points))));
    }
    return tags;
  }

  function teamExtra(s, side) {
    const v = s.view;
    if (!v || !v.melds) return null;
    return fmt("p_extra", { meld: num(v.meld_totals[side]), tricks: v.tricks_won[side] });
  }

  // --- input ------------------------------------------------------------------------------------

  shell.app.addEventListener("click", (e) => {
    const target = e.target.closest("button");
    if (!target || !shell.app.contains(target)) return;
    const s = state();
    switch (target.dataset.action) {
      case "bid":
        return bid(Number(target.dataset.amount));
      case "bid-custom": {
        const input = shell.app.querySelector(".bid-input");
        return bid(Number(input?.value || input?.placeholder));
      }
      case "pass":
        return void shell.act({ type: "pass" });
      case "trump":
        return void shell.act({ type: "trump", suit: target.dataset.suit });
      case "send-cards":
        return sendCards();
      case "kitty-card": {
        const i = Number(target.dataset.index);
        store.kitty.pick = store.kitty.pick === i ? null : i;
        renderCenter(s);
        parts.center.querySelector(`[data-action=kitty-card][data-index="${i}"]`)?.focus();
        return;
      }
      case "kitty-seat": {
        const seat = Number(target.dataset.seat);
        giveKittyCard(s.view, seat);
        renderCenter(s);
        renderControls();
        const next = kittyDealt(s.view) && store.kitty.pick === null ? parts.controls.querySelector("[data-action=give-kitty]") : null;
        (next || parts.center.querySelector(`[data-action=kitty-seat][data-seat="${seat}"]`))?.focus();
        return;
      }
      case "give-kitty":
        return sendKitty();
      case "concede":
        return void shell.act({ type: "concede" });
      case "play-on":
        return void shell.act({ type: "play_on" });
      case "declare":
        return sendMeld();
      case "table-play": {
        const code = s.view.table[s.you]?.[Number(target.dataset.index)]?.card;
        if (code && myTurn(s)) shell.act({ type: "play", card: code, from: "table" });
        return;
      }
      case "table-pick": {
        const i = Number(target.dataset.index);
        const at = store.tablePicks.indexOf(i);
        if (at >= 0) store.tablePicks.splice(at, 1);
        else store.tablePicks.push(i);
        renderPicks(s);
        parts.center.querySelector(`[data-action=table-pick][data-index="${i}"]`)?.focus();
        return;
      }
      case "clear":
        store.selection = [];
        store.tablePicks = [];
        store.kitty = { to: [], pick: null };
        if (s.view?.phase === "kitty") renderCenter(s);
        renderHand();
        renderControls();
        return;
      case "melds":
        store.showMelds = !meldsOnTable(s);
        renderCenter(s);
        renderHand();
        return;
      case "last-trick":
        store.showLast = !store.showLast;
        renderCenter(s);
        return;
      case "hints":
        store.showHints = !store.showHints;
        if (store.showHints && !(store.hints && store.hints.round_no === s.round_no && store.hints.event === s.event)) shell.send({ type: "hints" });
        renderCenter(s);
        renderHand();
        renderControls();
        renderHints();
        return;
      default:
    }
  });

  function layout() {
    hand?.relayout();
  }

  return {
    mount, render, prompt, renderSheet, matchSheet, describe, soundOf, seatTags, teamExtra, onMessage, layout,
    testing: {
      get hints() {
        return store.hints;
      },
      get selection() {
        return store.selection.map((k) => k.split("#")[0]);
      },
    },
  };
}
