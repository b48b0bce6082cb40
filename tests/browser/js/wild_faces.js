// The words on the wild cards' faces and tiles, drawn with the page's own strings.
(async () => {
  const cards = await import('/static/table/cards.js');
  const t = JSON.parse(document.getElementById('table-strings').textContent);
  const word = (code, cls) => cards.cardElement(code, t).querySelector(cls).textContent;
  return {
    banakil: word('2H', '.banakil-word'),
    joker: word('JK', '.joker-word'),
    jokerTile: cards.cardTile('JK', t).querySelector('.ct-suit').textContent,
    onPage: [...document.querySelectorAll('.banakil-word, .joker-word')].map((n) => n.textContent),
  };
})
