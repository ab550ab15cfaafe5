// Drawing cards and choosing several of them: shared by every game module.
//
// Cards are drawn in CSS (a bordered box with the rank large and the suit or sign as a word), so
// they stay readable at phone size and carry an accessible name. A card the player may click is a
// <button>; one that is only shown is a <span role="img">.

import { h } from './dom.js';

/** The eight signs of the Deck of Fey, in mat order, each with a colour for its card band. */
export const FEY_SIGNS = {
  flame: '#b3261e',
  star: '#8a5a00',
  stone: '#5d5d5d',
  wave: '#1d5fa8',
  wind: '#2e7d6b',
  bone: '#6b4e2e',
  tree: '#2f6b1f',
  tone: '#6a3d9a',
};

/**
 * Splits a card id into a rank and a suit: `flame-6` → {suit: 'flame', rank: '6'};
 * ids without a dash (`assassin`, `289`) → {suit: '', rank: id}.
 */
export function parseCard(id) {
  const text = String(id);
  const m = /^([a-z]+)-([0-9a-z]+)$/.exec(text);
  if (m && (m[1] in FEY_SIGNS || /^[0-9]+$/.test(m[2]))) return { suit: m[1], rank: m[2] };
  return { suit: '', rank: text };
}

/** The accessible name of a card id: `flame-6` → "flame 6". */
export function cardName(id) {
  const { suit, rank } = parseCard(id);
  return suit ? `${suit} ${rank}` : String(rank).replaceAll('-', ' ');
}

/**
 * One card. Options:
 *  - label: accessible name (default `cardName(id)`), title: hover text (defaults to the label)
 *  - rank, suit: override what is printed; colour: the band colour
 *  - onClick: makes it a button; pressed: for toggle buttons (aria-pressed); action: the legal
 *    text it plays (`data-action`, for tests and tools)
 *  - disabled, small, faceDown, extra (a node or text printed under the rank)
 */
export function card(id, opts = {}) {
  const parsed = parseCard(id);
  const rank = opts.rank ?? parsed.rank;
  const suit = opts.suit ?? parsed.suit;
  const label = opts.label ?? cardName(id);
  const colour = opts.colour ?? FEY_SIGNS[suit] ?? '#37474f';
  const classes = ['card'];
  if (opts.small) classes.push('card-small');
  if (opts.pressed) classes.push('card-selected');
  const body = [
    h('span', { class: 'card-band', style: `background:${colour}`, 'aria-hidden': 'true' }),
    h('span', { class: 'card-rank', 'aria-hidden': 'true' }, rank),
    suit ? h('span', { class: 'card-suit', style: `color:${colour}`, 'aria-hidden': 'true' }, suit) : null,
    opts.extra ? h('span', { class: 'card-extra', 'aria-hidden': 'true' }, opts.extra) : null,
  ];
  if (opts.onClick) {
    return h('button', {
      type: 'button',
      class: classes.join(' '),
      'aria-label': label,
      title: opts.title ?? label,
      'aria-pressed': opts.pressed === undefined ? null : String(!!opts.pressed),
      disabled: !!opts.disabled,
      onclick: opts.onClick,
      dataset: { card: String(id), action: opts.action ?? null },
    }, body);
  }
  return h('span', {
    class: classes.join(' '),
    role: 'img',
    'aria-label': label,
    title: opts.title ?? label,
    dataset: { card: String(id) },
  }, body);
}

/** A face-down card (a hidden card, a deck, a commitment not yet revealed). */
export function cardBack(label = 'face-down card', opts = {}) {
  return h('span', {
    class: `card card-back${opts.small ? ' card-small' : ''}`,
    role: 'img',
    'aria-label': label,
    title: label,
  });
}

/** A row of cards (wraps on narrow screens), with an accessible group name. */
export function cardRow(label, cards) {
  return h('div', { class: 'card-row', role: 'group', 'aria-label': label }, cards);
}

/**
 * The legal action `verb a b c` whose cards are exactly `selection` in any order, or null.
 * For actions written `<verb> <card> <card>...` (Holy Matrimony's `commit`, a meld).
 */
export function matchAction(legal, verb, selection) {
  const want = [...selection].map(String).sort().join(' ');
  for (const text of legal) {
    const words = text.split(/\s+/);
    if (words[0] !== verb) continue;
    if (words.slice(1).sort().join(' ') === want) return text;
  }
  return null;
}

/**
 * A hand where clicking cards builds a selection; the module maps the selection to a legal action.
 * Options:
 *  - cards: card ids; label: the group's accessible name
 *  - toAction(selected: string[]) → the legal action text for this selection, or null
 *  - preview(selected, action) → text or a node shown under the hand (a score, why not legal)
 *  - confirmLabel(action) → the confirm button's text (default "Confirm")
 *  - act(action): called on confirm (ctx.act)
 *  - cardOpts(id) → extra options for `card()` (label, extra, ...)
 *  - allowEmpty: the empty selection may be confirmed (committing nothing)
 *  - disabled: show the hand without letting it be used (not this seat's turn; a replay)
 *  - selection: a Set of card ids to keep the selection in across redraws (say
 *    `ctx.memory.hand ??= new Set()`), so another seat's move does not clear it; cards no longer
 *    in `cards` leave it
 */
export function selectableCards(opts) {
  const selected = opts.selection ?? new Set();
  const present = new Set(opts.cards.map(String));
  for (const k of [...selected]) if (!present.has(k)) selected.delete(k);
  const hand = h('div', { class: 'card-row', role: 'group', 'aria-label': opts.label ?? 'Your hand' });
  const preview = h('div', { class: 'selection-preview', 'aria-live': 'polite' });
  const confirm = h('button', { type: 'button', class: 'primary' }, 'Confirm');
  const root = h('div', { class: 'selectable' }, hand, h('div', { class: 'selection-bar' }, preview, opts.disabled ? null : confirm));

  const redraw = () => {
    const sel = opts.cards.filter((c) => selected.has(String(c))).map(String);
    const action = sel.length || opts.allowEmpty ? opts.toAction(sel) : null;
    hand.replaceChildren(...opts.cards.map((id) => card(id, {
      ...(opts.cardOpts ? opts.cardOpts(id) : {}),
      pressed: selected.has(String(id)),
      disabled: !!opts.disabled,
      onClick: () => {
        const k = String(id);
        if (selected.has(k)) selected.delete(k); else selected.add(k);
        redraw();
        root.querySelector(`[data-card="${CSS.escape(k)}"]`)?.focus();
      },
    })));
    const p = opts.preview ? opts.preview(sel, action) : (action ? action : (sel.length ? 'not a legal choice' : ''));
    preview.replaceChildren(p instanceof Node ? p : document.createTextNode(p ?? ''));
    confirm.textContent = action ? (opts.confirmLabel ? opts.confirmLabel(action) : 'Confirm') : 'Confirm';
    confirm.disabled = !action;
    confirm.onclick = () => action && opts.act(action);
  };
  redraw();
  return root;
}
