// Drawing shared by the Deck of Fey games (Troll Tricker, Holy Matrimony): the circular mat of
// signs with the fey token in the centre, sign relations (spec §1.4), card texts, and the ring of
// seats around the table with a slot in front of each seat.

import { FEY_SIGNS } from '../cards.js';

// The deck as printed (the signs, each value's card type) comes from the engine's card data
// (GET /api/games/{id}/cards), the same for the three Deck of Fey games.
let DECK = null;

/** Loads the printed deck once, from game `game`'s card data; a page awaits it before drawing. */
export async function loadDeck(game) {
  DECK ??= await fetch(`/api/games/${game}/cards`)
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
}

/** The card type a value prints ("Event" for 6), or '' without the card data. */
export function typeName(value) {
  return DECK?.types?.find((t) => t.value === value)?.name ?? '';
}

const SVG = 'http://www.w3.org/2000/svg';

/** Adds `/games/<name>.css` to the page once. */
export function useCss(name) {
  const href = `/games/${name}.css`;
  if (!document.head.querySelector(`link[href="${href}"]`)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
}

/** "flame" → "Flame". */
export function title(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : '';
}

/** `flame-6` → {sign: 'flame', value: 6}. */
export function feyCard(id) {
  const [sign, value] = String(id).split('-');
  return { sign, value: Number(value) };
}

/** How cards of `sign` stand to the viewer's sign, from the view's `sign_points` (the engine
 * works relations and points out): {sign, relation, points}, or null (a spectator, or no mat
 * yet). */
export function standing(view, sign) {
  return view?.sign_points?.find((p) => p.sign === sign) ?? null;
}

/** Short words for relations, printed on cards. */
export const RELATION_SHORT = { fey: 'fey', same: 'same', harmonious: 'harm.', neutral: 'neut.', opposing: 'opp.', dead: 'dead' };

/** A card's full text: "Flame 6 (Event)", and how it stands to `player`'s sign (the view's). */
export function cardText(id, view, player) {
  const { sign, value } = feyCard(id);
  let text = `${title(sign)} ${value} (${typeName(value)})`;
  const mat = view?.mat;
  const rel = player ? standing(view, sign)?.relation ?? null : (mat && sign === mat.fey ? 'fey' : null);
  if (rel === 'fey') text += ': the fey sign';
  else if (rel) text += `: ${rel} to your sign ${title(player)}`;
  return text;
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

/**
 * The mat as an SVG: seven sign tokens on a circle (clockwise from the top), the fey token in the
 * centre (a token's hover text names the seats holding its sign). Options:
 *  - mat: {fey, circle}; signs: each seat's sign; names: display names by seat
 *  - me: the viewer's sign (ringed, and each token marked with its points for that sign)
 *  - view: the view, whose `sign_points` give each token's relation and points for the viewer
 *  - points(standing): what to print under a token for the viewer (default its points)
 *  - highlight: a sign to ring (the led sign of a trick)
 */
export function drawMat(h, opts) {
  const { mat, signs = [], names = [], me = null } = opts;
  if (!mat) return h('p', { class: 'fey-mat-empty' }, 'The mat is not laid out yet.');
  const holders = (sign) => signs.map((s, i) => (s === sign ? names[i] ?? `Seat ${i + 1}` : null)).filter(Boolean);
  const at = (p, r) => {
    const a = (-90 + (p * 360) / 7) * (Math.PI / 180);
    return [120 + r * Math.cos(a), 120 + r * Math.sin(a)];
  };
  const star = mat.circle.map((_, p) => at(p, 68)).map((_, p, pts) => pts[(p * 3) % 7]);
  const points = opts.points ?? ((st) => (st.relation === 'fey' ? 'fey' : `+${st.points}`));
  const token = (sign, x, y, r, centre) => {
    const st = me ? standing(opts.view, sign) : null;
    const rel = st?.relation ?? null;
    const who = holders(sign);
    const hover = [
      `${title(sign)}${centre ? ' (the fey sign, in the centre)' : ''}`,
      rel && !centre ? `${rel} to your sign` : null,
      who.length ? `held by ${who.join(', ')}` : null,
    ].filter(Boolean).join('; ');
    return svg('g', { class: `fey-token${sign === me ? ' fey-token-me' : ''}` },
      svg('title', {}, hover),
      sign === opts.highlight ? svg('circle', { cx: x, cy: y, r: r + 5, class: 'fey-token-led' }) : null,
      svg('circle', { cx: x, cy: y, r, fill: FEY_SIGNS[sign], class: 'fey-token-disc' }),
      svg('text', { x, y: y + (rel ? -2 : 4), 'text-anchor': 'middle', class: 'fey-token-name' }, title(sign)),
      rel ? svg('text', { x, y: y + 10, 'text-anchor': 'middle', class: 'fey-token-points' }, points(st)) : null);
  };
  const described = `The mat: ${title(mat.fey)} is the fey sign in the centre; around it clockwise: ${mat.circle.map(title).join(', ')}.`
    + (signs.length ? ` Signs: ${signs.map((s, i) => `${names[i] ?? `Seat ${i + 1}`} ${title(s)}`).join(', ')}.` : '');
  return h('figure', { class: 'fey-mat' },
    svg('svg', { viewBox: '0 0 240 240', role: 'img', 'aria-label': described, class: 'fey-mat-svg' },
      svg('circle', { cx: 120, cy: 120, r: 68, class: 'fey-ring' }),
      svg('polygon', { points: star.map((q) => q.join(',')).join(' '), class: 'fey-star' }),
      mat.circle.map((sign, p) => token(sign, ...at(p, 68), 23, false)),
      svg('circle', { cx: 120, cy: 120, r: 30, class: 'fey-centre' }),
      token(mat.fey, 120, 120, 25, true)));
}

/** A sign chip: a coloured dot and the sign's name. */
export function signChip(h, sign, extra = '') {
  if (!sign) return null;
  return h('span', { class: 'fey-chip', style: `--sign:${FEY_SIGNS[sign] ?? '#37474f'}` }, title(sign), extra);
}

/**
 * Seats around an oval table, the viewer at the bottom and the others clockwise (to the left),
 * each with a slot facing the centre. `seat(i)` → {plate, slot, classes}; `centre` is drawn in the
 * middle.
 */
export function seatRing(h, { n, me, seat, centre, label = 'The table' }) {
  const first = me ?? 0;
  const blocks = [];
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    const angle = ((90 + (k * 360) / n) * Math.PI) / 180;
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    const { plate, slot, classes = '' } = seat(i);
    const top = s < -0.2;
    blocks.push(h('li', {
      class: `fey-seat ${classes}${top ? ' fey-seat-top' : ''}`,
      style: `left:calc(50% + ${c.toFixed(3)} * (50% - var(--fey-seat-w) / 2)); top:calc(50% + ${s.toFixed(3)} * (50% - var(--fey-seat-h) / 2))`,
      dataset: { seat: String(i) },
    }, top ? [plate, slot] : [slot, plate]));
  }
  return h('div', { class: `fey-ring-table fey-n${n}`, role: 'group', 'aria-label': label },
    h('ul', { class: 'fey-seats' }, blocks),
    h('div', { class: 'fey-ring-centre' }, centre));
}
