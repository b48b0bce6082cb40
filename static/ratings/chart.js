// A player's ratings over time (templates/ratings/_ratings.html): one line per game and mode,
// drawn with the vendored uPlot (static/vendor/uplot/, MIT). Times come as ISO strings; the
// axis labels use the page's language with Latin digits (docs/decisions.md, "Latin digits").

const COLORS = ["#e9b458", "#6fbf8a", "#8fb3ff", "#f08a7e", "#d59cf5", "#7fd6d6", "#f5d07a", "#c8b397"];

function chartData(lines) {
  const times = [...new Set(lines.flatMap((line) => line.history.map(([at]) => Date.parse(at) / 1000)))].sort((a, b) => a - b);
  const index = new Map(times.map((t, i) => [t, i]));
  const series = lines.map((line) => {
    const values = new Array(times.length).fill(null);
    for (const [at, figure] of line.history) values[index.get(Date.parse(at) / 1000)] = figure;
    return values;
  });
  return [times, ...series];
}

function draw(box, lines) {
  const lang = `${document.documentElement.lang || "ar"}-u-nu-latn`;
  const day = new Intl.DateTimeFormat(lang, { month: "short", day: "numeric" });
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  const axis = { stroke: "#c8b397", grid: { stroke: "rgba(255,255,255,.08)" }, ticks: { stroke: "rgba(255,255,255,.15)" } };
  const width = () => Math.max(240, box.clientWidth);
  const plot = new uPlot({
    width: width(),
    height: Math.round(Math.min(320, Math.max(200, width() * 0.5))),
    scales: { x: { time: true } },
    axes: [
      { ...axis, values: (u, ticks) => ticks.map((t) => day.format(new Date(t * 1000))) },
      { ...axis, values: (u, ticks) => ticks.map((t) => String(Math.round(t))) },
    ],
    series: [
      { value: (u, t) => (t == null ? "—" : when.format(new Date(t * 1000))) },
      ...lines.map((line, i) => ({
        label: line.title,
        stroke: COLORS[i % COLORS.length],
        width: 2,
        spanGaps: true,
        points: { show: true, size: 6, fill: COLORS[i % COLORS.length] },
        value: (u, v) => (v == null ? "—" : String(v)),
      })),
    ],
  }, chartData(lines), box);
  box.dataset.points = String(lines.reduce((n, line) => n + line.history.length, 0));
  new ResizeObserver(() => plot.setSize({ width: width(), height: plot.height })).observe(box);
}

const box = document.getElementById("rating-chart");
const data = document.getElementById("rating-chart-data");
if (box && data && window.uPlot) draw(box, JSON.parse(data.textContent));
