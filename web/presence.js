// Who is at the table: each seat's online/away/offline badge from the server's `presence`
// frames, a notice when this seat is open on another device too, and this page's own report of
// whether it is in view (`presence` `here`/`away` on visibilitychange).

import { h, replace } from './dom.js';

const LABELS = { online: 'online', away: 'away', offline: 'offline' };

let seats = []; // [{seat, state, devices}] from the newest frame
let mySeat = null;
let conn = null;

/** A new `presence` frame. */
export function update(msg) {
  seats = Array.isArray(msg.seats) ? msg.seats : [];
}

/** The page joined (again) as `seat` over `connection`: tell the server if it is hidden. */
export function joined(connection, seat) {
  conn = connection;
  mySeat = seat;
  if (seat !== null && document.hidden) report();
}

function report() {
  if (mySeat === null) return;
  conn?.send({ type: 'presence', state: document.hidden ? 'away' : 'here' });
}

document.addEventListener('visibilitychange', report);

/** The badge for a seat's chip, or null before the first frame. */
export function badge(seat) {
  const p = seats.find((s) => s.seat === seat);
  const state = LABELS[p?.state];
  if (!state) return null;
  const devices = p.devices > 1 ? ` · ${p.devices} devices` : '';
  return h('span', { class: `presence presence-${state}`, dataset: { presence: state } },
    h('span', { class: 'presence-dot', 'aria-hidden': 'true' }), `${state}${devices}`);
}

/** Shows, in `el`, that this seat is open on another device as well (to both devices). */
export function drawNotice(el) {
  const mine = seats.find((s) => s.seat === mySeat);
  const shared = mySeat !== null && (mine?.devices ?? 0) > 1;
  el.hidden = !shared;
  replace(el, shared ? 'This seat is also open on another device.' : '');
}
