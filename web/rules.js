// "How to play": the rules the server renders from the game's own text (GET /api/games/{id}/rules)
// in a dialog, with a table's options in plain words, and the help for the choice a seat faces
// now. The page holds no rules of its own.

import { h, replace } from './dom.js';

const cache = new Map();
let dialog = null;

/** The game's rules `{html, choices}`, fetched once per page. */
function rulesOf(game) {
  if (!cache.has(game)) {
    cache.set(game, fetch(`/api/games/${encodeURIComponent(game)}/rules`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .catch((e) => { cache.delete(game); throw e; }));
  }
  return cache.get(game);
}

/** The server's HTML as nodes. It is the server's own rendering of the game's text, with any raw
 * HTML in it escaped, so parsing it cannot bring in foreign markup or scripts. */
function fromHtml(html) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.body.childNodes].map((n) => document.adoptNode(n));
}

function ensureStyle() {
  if (document.querySelector('link[href="/rules.css"]')) return;
  document.head.append(h('link', { rel: 'stylesheet', href: '/rules.css' }));
}

/** A modal dialog: the browser keeps focus inside it and Escape closes it; focus then goes back
 * to what opened it (or, if a closed menu hides that, to the menu's button). */
function showDialog(title, body) {
  ensureStyle();
  const opener = document.activeElement;
  dialog?.close();
  const d = h('dialog', { class: 'rules-dialog', 'aria-labelledby': 'rules-dialog-title' },
    h('div', { class: 'rules-head' },
      h('h2', { id: 'rules-dialog-title' }, title),
      h('button', { type: 'button', class: 'primary', onclick: () => d.close() }, 'Close')),
    h('div', { class: 'rules-body', tabindex: '0' }, body));
  // A modal dialog keeps focus off the page, but Tab would still leave it for the browser's own
  // controls: wrap around instead.
  d.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    const stops = [...d.querySelectorAll('button, a[href], input, select, textarea, [tabindex="0"]')]
      .filter((el) => !el.disabled && el.offsetParent !== null);
    if (!stops.length) return;
    const [first, last] = [stops[0], stops.at(-1)];
    if (e.shiftKey ? document.activeElement === first : document.activeElement === last) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  });
  d.addEventListener('close', () => {
    d.remove();
    if (dialog === d) dialog = null;
    const menu = opener?.closest?.('details');
    const target = menu && !menu.open ? menu.querySelector('summary') : opener;
    target?.focus?.();
  });
  dialog = d;
  document.body.append(d);
  d.showModal();
  // An item of a drop-down menu: the menu closes behind the dialog.
  const menu = opener?.closest?.('details');
  if (menu) menu.open = false;
  return d;
}

/** An option's value in words. */
function valueWords(o, v) {
  switch (o.kind) {
    case 'flag': return v ? 'on' : 'off';
    case 'seat': return v === 'random' || v === null || v === undefined ? 'chosen at random' : `Seat ${Number(v) + 1}`;
    case 'text': return typeof v === 'string' && !/\s/.test(v.trim()) ? v.replaceAll('_', ' ') : 'a text of its own';
    default: return String(v).replaceAll('_', ' ');
  }
}

/** Each option with its value (`values` may leave out options at their defaults). */
function optionsSection(heading, options, values) {
  const items = options.map((o) => {
    const v = values?.[o.id] ?? o.default;
    const isDefault = JSON.stringify(v) === JSON.stringify(o.default);
    return h('div', { class: 'rules-option', dataset: { option: o.id, default: String(isDefault) } },
      h('dt', {}, o.id.replaceAll('_', ' '), ': ', h('strong', {}, valueWords(o, v)), isDefault ? ' (the default)' : ''),
      h('dd', {}, o.help));
  });
  return h('section', { class: 'rules-options', 'aria-labelledby': 'rules-options-title' },
    h('h2', { id: 'rules-options-title' }, heading),
    items.length ? h('dl', {}, items) : h('p', {}, 'This game has no options.'));
}

/**
 * Opens "How to play" for `game` (an entry of GET /api/games): the rules, then the options with
 * `values` (a table's options, or a lobby form's) under `optionsHeading`.
 */
export async function openRules(game, values, optionsHeading = 'This table\'s options') {
  const text = h('div', { class: 'rules-text' }, h('p', { class: 'muted' }, 'Loading the rules…'));
  showDialog(`How to play ${game.name}`, [text, optionsSection(optionsHeading, game.options ?? [], values)]);
  try {
    replace(text, fromHtml((await rulesOf(game.id)).html));
  } catch {
    replace(text, h('p', { class: 'alert' }, 'The rules could not be loaded.'));
  }
}

/** A button on a line of its own that opens a rules dialog with `onclick`. */
export function rulesButton(label, onclick) {
  ensureStyle();
  return h('button', { type: 'button', class: 'rules-open', 'aria-haspopup': 'dialog', onclick }, label);
}

/** The first word of each action text: the kind of choice it is. */
function verbs(legal) {
  return new Set(legal.map((a) => a.split(' ')[0]));
}

/** Opens the help for the choices among `legal`, with a way on to the whole rules. */
export async function openChoiceHelp(game, legal, values) {
  const body = h('div', { class: 'rules-text' }, h('p', { class: 'muted' }, 'Loading…'));
  showDialog('Help for this choice', body);
  try {
    const rules = await rulesOf(game.id);
    const now = verbs(legal);
    const found = rules.choices.filter((c) => c.verbs.some((v) => now.has(v)));
    replace(body,
      found.length
        ? found.map((c) => h('section', { class: 'rules-choice' }, h('h3', {}, c.title), fromHtml(c.html)))
        : h('p', {}, 'This choice has no help of its own; the rules below cover it.'),
      h('button', { type: 'button', onclick: () => { dialog?.close(); openRules(game, values); } }, `How to play ${game.name}`));
  } catch {
    replace(body, h('p', { class: 'alert' }, 'The help could not be loaded.'));
  }
}

/** The small "Help" button beside a seat's prompt. */
export function choiceHelpButton(game, legal, values) {
  ensureStyle();
  return h('button', {
    type: 'button',
    class: 'rules-help',
    'aria-haspopup': 'dialog',
    title: 'What this choice means',
    onclick: () => openChoiceHelp(game, legal, values),
  }, 'Help');
}
