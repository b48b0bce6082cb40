// Open the shell's choice dialog, measure it, answer it.
(async () => {
  const { shell } = await import('/static/table/shell.js');
  const answer = shell.ask(shell.t.where_end, {prefix: 'geo', choices: [
      {value: 'low', label: shell.t.to_low}, {value: 'high', label: shell.t.to_high}]});
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const r = document.querySelector('.choice-box').getBoundingClientRect();
  const out = {cx: r.left + r.width / 2, cy: r.top + r.height / 2, l: r.left, t: r.top, r: r.right, b: r.bottom,
               vw: innerWidth, vh: innerHeight, scrollW: document.scrollingElement.scrollWidth};
  document.querySelector('[data-action=geo-high]').click();
  out.answer = await answer;
  return out;
})
