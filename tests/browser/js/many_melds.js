// Every state the page gets carries these sixteen melds in its view instead of the real ones
// (the meld badges' layout is under test, not the rules).
(() => {
  const runs = [["3H", "4H", "5H"], ["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"], ["QD", "QC", "QS"],
    ["AC", "3C", "4C", "5C"], ["9H", "TH", "JH", "QH", "KH"], ["7D", "7C", "7H", "7S"], ["4D", "5D", "2C", "7D"],
    ["KC", "KD", "JK"], ["3S", "4S", "5S", "6S", "7S", "8S"], ["TD", "JD", "QD"], ["5H", "5S", "5D"],
    ["8C", "9C", "TC", "JC", "QC", "KC", "AC"], ["JK", "6H", "7H"], ["9D", "9S", "9C", "9H"], ["3D", "4D", "5D", "6D"],
    ["AH", "AS", "AD"]];
  const melds = runs.map((cards, i) => ({
    id: i + 1, team: i % 2, owner: i % 4, kind: cards[0][0] === cards[1][0] ? "set" : "run", cards,
    stands_for: cards.map((c) => (c === "JK" || c === "2C" ? "6D" : null)), points: 20 + 15 * cards.length + (i % 3) * 50,
  }));
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    addEventListener(type, listener, ...rest) {
      if (type !== "message") return super.addEventListener(type, listener, ...rest);
      return super.addEventListener(type, (event) => {
        const message = JSON.parse(event.data);
        if (message.type === "state" && message.view && message.view.melds) {
          message.view.melds = melds;
          message.view.team_meld_points = [0, 1].map((t) => melds.filter((m) => m.team === t).reduce((n, m) => n + m.points, 0));
          return listener({ data: JSON.stringify(message) });
        }
        return listener(event);
      }, ...rest);
    }
  };
})();
