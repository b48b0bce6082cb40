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

const HOUR = 3600;
const DAY = 24 * HOUR;
// the time axis steps: hours within a day, then days, weeks, months
const STEPS = [HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 91 * DAY, 182 * DAY, 365 * DAY];

function draw(box, lines) {
  const lang = `${document.documentElement.lang || "ar"}-u-nu-latn`;
  const day = new Intl.DateTimeFormat(lang, { month: "short", day: "numeric" });
  const hour = new Intl.DateTimeFormat(lang, { hour: "numeric", minute: "2-digit" });
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  // a tick's label: its day; with steps shorter than a day its hour, the day's first tick
  // naming the day above it. A day already named is not named again.
  const timeLabels = (u, ticks, axisIndex, space, step) => {
    let named = "";
    return ticks.map((t) => {
      const at = new Date(t * 1000);
      const date = day.format(at);
      const again = date === named;
      named = date;
      if (step >= DAY) return again ? "" : date;
      return again ? hour.format(at) : `${date}\n${hour.format(at)}`;
    });
  };
  const data = chartData(lines);
  const span = data[0].length ? data[0][data[0].length - 1] - data[0][0] : 0;
  // hours only when the matches drawn all fall within two days
  const steps = span >= 2 * DAY ? STEPS.filter((step) => step >= DAY) : STEPS;
  const axis = { stroke: "#c8b397", grid: { stroke: "rgba(255,255,255,.08)" }, ticks: { stroke: "rgba(255,255,255,.15)" } };
  const width = () => Math.max(240, box.clientWidth);
  const plot = new uPlot({
    width: width(),
    height: Math.round(Math.min(320, Math.max(200, width() * 0.5))),
    // one rated match so far: a day either side of it
    scales: { x: { time: true, range: (u, min, max) => (min === max ? [min - DAY, max + DAY] : [min, max]) } },
    axes: [
      { ...axis, incrs: steps, space: 50, values: timeLabels },
      { ...axis, values: (u, ticks) => ticks.map((t) => String(Math.round(t))) },
    ],
    series: [
      { label: box.dataset.timeLabel, value: (u, t) => (t == null ? "—" : when.format(new Date(t * 1000))) },
      ...lines.map((line, i) => ({
        label: line.title,
        stroke: COLORS[i % COLORS.length],
        width: 2,
        spanGaps: true,
        points: { show: true, size: 6, fill: COLORS[i % COLORS.length] },
        value: (u, v) => (v == null ? "—" : String(v)),
      })),
    ],
  }, data, box);
  box.dataset.points = String(lines.reduce((n, line) => n + line.history.length, 0));
  new ResizeObserver(() => plot.setSize({ width: width(), height: plot.height })).observe(box);
}

const box = document.getElementById("rating-chart");
const data = document.getElementById("rating-chart-data");
if (box && data && window.uPlot) draw(box, JSON.parse(data.textContent));
