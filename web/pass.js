// Pass and play: several people's seats of one table on one device. The lobby keeps every local
// seat's token under `parlour.local.<table>`; the table page holds one connection per local seat
// (so each has joined and shows online) and shows one seat at a time. When another local seat
// must act, the shown seat's private view is removed from the page and a privacy screen ("Pass to
// Bo") covers it; only the tap brings the next seat's view, over a fresh join of its connection.

import { h } from './dom.js';
import { Connection } from './connection.js';

const key = (table) => `parlour.local.${table}`;

/** Keeps `seats` ([{seat, name, token}]) as the seats of `table` played on this device. */
export function keepLocal(table, seats) {
  localStorage.setItem(key(table), JSON.stringify(seats.map(({ seat, name, token }) => ({ seat, name, token }))));
}

/** The seats of `table` played on this device, in seat order, or null unless there are two or
 * more. */
export function localSeats(table) {
  let seats;
  try { seats = JSON.parse(localStorage.getItem(key(table)) ?? 'null'); } catch { return null; }
  if (!Array.isArray(seats) || seats.length < 2) return null;
  return seats.filter((s) => Number.isInteger(s?.seat) && typeof s.token === 'string').sort((a, b) => a.seat - b.seat);
}

export class PassAndPlay {
  /**
   * @param {object} o - {table, seats: [{seat, name, token}], onStatus, onMessage, clear(),
   *   names(): display names by seat}. `clear()` must take every seat's private view off the page.
   */
  constructor(o) {
    this.o = o;
    this.shown = null; // the seat whose view the page shows (or will, once tapped)
    this.attached = false; // the shown seat's messages reach the page
    this.conns = new Map();
    for (const s of o.seats) this.conns.set(s.seat, this.connect(s, false));
    this.screen = h('div', { class: 'privacy-screen', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'privacy-title', hidden: true });
    document.body.append(this.screen);
    this.handTo(o.seats[0].seat);
  }

  connect(s, attached) {
    return new Connection({
      table: this.o.table,
      token: s.token,
      onStatus: (status, detail) => { if (attached && this.shown === s.seat) this.o.onStatus(status, detail); },
      onMessage: (msg) => { if (attached && this.attached && this.shown === s.seat) this.o.onMessage(msg); },
    });
  }

  /** The shown seat's connection. */
  get conn() {
    return this.conns.get(this.shown) ?? null;
  }

  /** The shown seat's token. */
  get token() {
    return this.o.seats.find((s) => s.seat === this.shown)?.token ?? null;
  }

  /** Sends `msg` for every local seat (a rematch offer or acceptance: the device says yes for
   * everyone on it). */
  sendAll(msg) {
    for (const c of this.conns.values()) c.send(msg);
  }

  /**
   * Looks at a `state` of the shown seat: if the shown seat has nothing to do and another local
   * seat must act, hands the device over and returns true (the state is not to be drawn).
   */
  check(msg) {
    if (msg.status !== 'playing') return false;
    if (msg.to_act.includes(this.shown) && msg.legal.length) return false;
    const order = this.o.seats.map((s) => s.seat);
    const from = order.indexOf(this.shown);
    const next = [...order.slice(from + 1), ...order.slice(0, from)].find((s) => msg.to_act.includes(s));
    if (next === undefined) return false;
    this.handTo(next);
    return true;
  }

  /** Takes the shown seat's view off the page and covers it until `seat`'s person taps. */
  handTo(seat) {
    this.attached = false;
    this.shown = seat;
    this.o.clear();
    const name = this.o.names()[seat] || this.o.seats.find((s) => s.seat === seat)?.name || `Seat ${seat + 1}`;
    const go = h('button', { type: 'button', class: 'primary', onclick: () => this.reveal() }, 'Tap when ready');
    this.screen.replaceChildren(h('div', { class: 'privacy-card' },
      h('h2', { id: 'privacy-title' }, `Pass to ${name}`),
      h('p', {}, `Only ${name} should look now.`),
      go));
    this.screen.hidden = false;
    document.body.classList.add('privacy');
    // Nothing under the screen takes focus or clicks.
    for (const el of document.querySelectorAll('body > header, body > main')) el.inert = true;
    go.focus();
  }

  /** The person took the device: the seat joins afresh, so the page gets its own view and log. */
  reveal() {
    const s = this.o.seats.find((x) => x.seat === this.shown);
    this.conns.get(s.seat)?.stop();
    this.attached = true;
    this.conns.set(s.seat, this.connect(s, true));
    this.screen.hidden = true;
    this.screen.replaceChildren();
    document.body.classList.remove('privacy');
    for (const el of document.querySelectorAll('body > header, body > main')) el.inert = false;
  }
}
