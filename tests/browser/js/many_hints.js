// Every hints answer the page gets carries the same long list instead of the real one: the
// table pile's card, six melds to lay down, three lay-offs and a swap (the panel's layout is
// under test, not the hints; the lay-offs and the swap name melds of many_melds.js).
(() => {
  const hints = {
    pile: true, meld_points: 185,
    melds: [["3H", "4H", "5H"], ["2S", "KD", "AD"], ["AC", "2H", "3C"], ["9C", "TC", "JC"], ["QD", "QC", "QS", "QH"], ["4S", "5S", "6S", "7S"]],
    layoffs: [{ meld: 2, cards: ["5S"], end: "low" }, { meld: 4, cards: ["2D", "6C"], end: "high" }, { meld: 6, cards: ["7D"], end: null }],
    swaps: [{ meld: 8, card: "AS" }],
  };
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    addEventListener(type, listener, ...rest) {
      if (type !== "message") return super.addEventListener(type, listener, ...rest);
      return super.addEventListener(type, (event) => {
        const message = JSON.parse(event.data);
        if (message.type === "hints" && message.hints && "melds" in message.hints) {
          return listener({ data: JSON.stringify({ ...message, hints }) });
        }
        return listener(event);
      }, ...rest);
    }
  };
})();
