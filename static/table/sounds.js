// The table's sounds, made with the Web Audio API (no audio files): a chime when your turn
// starts, card sounds (draw, throw, meld), and a tick in a turn's last seconds. Muting is
// remembered in localStorage ("sahrat.muted"). Browsers start audio only after a user
// gesture: the context is created on the first pointer or key press, and sounds asked for
// before that are skipped.

const KEY = "sahrat.muted";

let ctx = null;
let master = null;
let noise = null;
let muted = localStorage.getItem(KEY) === "1";
const listeners = new Set();

function unlock() {
  if (ctx) {
    if (ctx.state === "suspended") ctx.resume();
    return;
  }
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  ctx = new Ctx();
  master = ctx.createGain();
  master.gain.value = 0.5;
  master.connect(ctx.destination);
  // one second of white noise, the raw material of card sounds
  noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
  const data = noise.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
}

for (const type of ["pointerdown", "keydown", "touchstart"]) {
  window.addEventListener(type, unlock, { capture: true, passive: true });
}

function tone(freq, start, length, { type = "sine", gain = 0.25, to = null } = {}) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, start + length);
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + 0.012);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(amp).connect(master);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

function swish(start, length, { from = 2400, to = 900, gain = 0.35, q = 0.9 } = {}) {
  const src = ctx.createBufferSource();
  src.buffer = noise;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.value = q;
  filter.frequency.setValueAtTime(from, start);
  filter.frequency.exponentialRampToValueAtTime(to, start + length);
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  src.connect(filter).connect(amp).connect(master);
  src.start(start, Math.random() * 0.5, length + 0.05);
}

const SOUNDS = {
  // two rising notes, soft: it is your turn
  turn: (t) => {
    tone(660, t, 0.35, { gain: 0.18 });
    tone(990, t + 0.12, 0.5, { gain: 0.16 });
  },
  // a card slid off the stock
  draw: (t) => swish(t, 0.16, { from: 1800, to: 3200, gain: 0.3 }),
  // a card tossed onto the pile: a swish and a soft tap
  throw: (t) => {
    swish(t, 0.12, { from: 3000, to: 1200, gain: 0.3 });
    tone(180, t + 0.09, 0.08, { type: "triangle", gain: 0.2, to: 90 });
  },
  // cards fanned onto the table
  meld: (t) => {
    for (let i = 0; i < 3; i++) swish(t + i * 0.06, 0.1, { from: 2600, to: 1400, gain: 0.22 });
  },
  // a short wooden tick: the turn's last seconds
  tick: (t) => tone(1400, t, 0.05, { type: "square", gain: 0.06, to: 900 }),
  // the deal: a quick riffle
  deal: (t) => {
    for (let i = 0; i < 8; i++) swish(t + i * 0.045, 0.07, { from: 3200, to: 1800, gain: 0.14 });
  },
};

/** Play a named sound now (nothing when muted, or before the page had a user gesture). */
export function play(name) {
  if (muted || !ctx || ctx.state !== "running" || !SOUNDS[name]) return false;
  SOUNDS[name](ctx.currentTime + 0.01);
  return true;
}

export function isMuted() {
  return muted;
}

export function setMuted(value) {
  muted = !!value;
  localStorage.setItem(KEY, muted ? "1" : "0");
  for (const fn of listeners) fn(muted);
}

export function onMuteChange(fn) {
  listeners.add(fn);
}
