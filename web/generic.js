// The fallback table: any game's view drawn as nested lists (objects as definition lists, lists
// of scalars inline), with card ids drawn as cards. The shell adds every legal action as a button.

import { h } from './dom.js';
import { card, parseCard, FEY_SIGNS } from './cards.js';

/** "hand_size" → "hand size". */
export function words(key) {
  return String(key).replaceAll('_', ' ');
}

function looksLikeCard(v) {
  if (typeof v !== 'string') return false;
  const { suit } = parseCard(v);
  return suit in FEY_SIGNS;
}

/** A value of a view as DOM: scalars as text, card ids as small cards, the rest as lists. */
export function value(v, depth = 0) {
  if (v === null || v === undefined) return h('span', { class: 'muted' }, '—');
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v !== 'object') return looksLikeCard(v) ? card(v, { small: true }) : String(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return h('span', { class: 'muted' }, 'none');
    if (v.every((x) => x === null || typeof x !== 'object')) {
      if (v.some(looksLikeCard)) return h('span', { class: 'card-row' }, v.map((x) => value(x, depth + 1)));
      return h('span', { class: 'inline-list' }, v.map((x) => h('span', { class: 'chip' }, value(x, depth + 1))));
    }
    return h('ol', { class: 'view-list', start: 0 }, v.map((x) => h('li', {}, value(x, depth + 1))));
  }
  const entries = Object.entries(v);
  if (entries.length === 0) return h('span', { class: 'muted' }, 'nothing');
  // A small flat record (a card played by a seat): one line of labelled values.
  if (depth > 0 && entries.length <= 4 && entries.every(([, x]) => x === null || typeof x !== 'object')) {
    return h('span', { class: 'inline-list record' }, entries.map(([k, x]) =>
      h('span', { class: 'pair' }, h('span', { class: 'pair-key' }, words(k)), ' ', value(x, depth + 1))));
  }
  return h('dl', { class: `view-dl depth-${Math.min(depth, 3)}` }, entries.map(([k, x]) => [
    h('dt', {}, words(k)),
    h('dd', {}, value(x, depth + 1)),
  ]));
}

/** The game module interface: draw `ctx.view` into `ctx.el`. */
export function render(ctx) {
  ctx.el.replaceChildren(value(ctx.view));
}
