// Turn alerts for a person whose tab is hidden: the title, a favicon badge, a short beep (off
// until turned on, remembered per browser), a system notification (once allowed from a button,
// never asked on load) and a vibration. Each fires once when the seat's turn starts, and once
// when its running clock falls under LOW_CLOCK_MS. Everything shown is plain text: names only
// ever reach `document.title` and the Notification's title and body, never HTML.

const SOUND_KEY = 'parlour.alerts.sound';
/** A running clock under this is worth an alert of its own. */
export const LOW_CLOCK_MS = 20000;

let turn = false; // the seat is to act now
let lowFired = false; // this turn's low-clock alert was given
let alerted = false; // the title and icon show an alert now
let savedTitle = '';
let savedIcon = null;
let audio = null;

/** Whether the beep is on (per browser). */
export function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Turns the beep on or off. Called from a click, which also lets the page make sound. */
export function setSound(on) {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch { /* storage refused: the choice lasts this page */ }
  if (on) audioContext()?.resume?.().catch(() => {});
}

/** 'unsupported', 'default' (not asked yet), 'granted' or 'denied'. */
export function notifyPermission() {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks to show notifications; only ever from a person's click. */
export async function askNotify() {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

function audioContext() {
  const Ctx = window.AudioContext ?? window.webkitAudioContext;
  if (!Ctx) return null;
  audio ??= new Ctx();
  return audio;
}

function beep() {
  const ctx = audioContext();
  if (!ctx) return;
  ctx.resume?.().catch(() => {});
  const t = ctx.currentTime;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.value = 880;
  gain.gain.setValueAtTime(0.2, t);
  gain.gain.exponentialRampToValueAtTime(0.001, t + 0.3);
  osc.connect(gain);
  gain.connect(ctx.destination);
  osc.start(t);
  osc.stop(t + 0.3);
}

function iconLink() {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  return link;
}

/** A card-table square with a red dot: drawn here, so no request is made for it. */
function badgeIcon() {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    + '<rect x="2" y="2" width="28" height="28" rx="6" fill="#1f6f4a"/>'
    + '<circle cx="23" cy="9" r="8" fill="#d93025" stroke="#fff" stroke-width="2"/></svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function show(title, body, tag) {
  if (!alerted) {
    savedTitle = document.title;
    savedIcon = iconLink().getAttribute('href');
    alerted = true;
  }
  document.title = title;
  iconLink().setAttribute('href', badgeIcon());
  if (soundOn()) {
    try { beep(); } catch { /* no sound device */ }
  }
  if (notifyPermission() === 'granted') {
    try {
      const n = new Notification(title, { body, tag });
      n.onclick = () => { window.focus(); n.close(); };
    } catch { /* some phones only notify from a service worker */ }
  }
  navigator.vibrate?.([200, 100, 200]);
}

/** Puts the title and icon back. */
export function clear() {
  if (!alerted) return;
  alerted = false;
  document.title = savedTitle;
  iconLink().setAttribute('href', savedIcon ?? 'data:,');
}

/**
 * Called with every state: whether the seat is to act now, the game's name and the seat's
 * player name. Alerts (when hidden) as a turn starts; clears when it ends.
 */
export function setTurn(yours, game, name) {
  if (yours && !turn) {
    lowFired = false;
    if (document.hidden) {
      show(`● Your turn, ${name} · ${game}`, `${name}, it is your turn at ${game}.`, 'parlour-turn');
    }
  }
  if (!yours && turn) clear();
  turn = yours;
}

/** Called as the seat's own running clock ticks: alerts once a turn when it runs low. */
export function clockTick(ms, game, name) {
  if (!turn || lowFired || ms === null || ms >= LOW_CLOCK_MS) return;
  lowFired = true;
  if (document.hidden) {
    const secs = Math.max(0, Math.ceil(ms / 1000));
    show(`● ${secs} s left, ${name} · ${game}`, `${name}, your clock at ${game} has ${secs} seconds left.`, 'parlour-clock');
  }
}

document.addEventListener('visibilitychange', () => {
  if (!document.hidden) clear();
});
