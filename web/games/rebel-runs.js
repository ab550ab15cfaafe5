// Rebel Runs: the table of a Deck of Fey rummy game. The mat of signs with the fey token in its
// centre, the stock and the spread discard pile, every seat's melds grouped on its own table
// area, the other hands as card backs with counts, and your hand. Melds and lay-offs are chosen
// by selecting the cards themselves; the points are previewed before the confirm button plays it.

import { loadDeck, standing, typeName } from './fey-mat.js';

export const ownActions = true;

await loadDeck('rebel-runs');

let styled = false;
function linkStyle() {
  if (styled) return;
  styled = true;
  if (document.querySelector('link[data-game="rebel-runs"]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/games/rebel-runs.css';
  link.dataset.game = 'rebel-runs';
  document.head.append(link);
}

// ---- reading cards, actions and the engine's preview ---------------------------------------------

/** `flame-6` → {id, sign: 'flame', value: 6}. */
export function parse(id) {
  const m = /^([a-z]+)-([0-9]+)$/.exec(String(id));
  return { id: String(id), sign: m ? m[1] : '', value: m ? Number(m[2]) : 0 };
}

/** `{run: {low: 3}}` / `{set: {value: 5}}` → {type, n}. */
function kindOf(kind) {
  if (kind?.run) return { type: 'run', n: kind.run.low };
  if (kind?.set) return { type: 'set', n: kind.set.value };
  return { type: String(kind), n: 0 };
}

/** A legal text read back: {verb, cards, kind, meld, end}. */
export function readAction(text) {
  const w = text.split(/\s+/);
  switch (w[0]) {
    case 'meld': return { verb: 'meld', cards: w.slice(1, -2), kind: { type: w.at(-2), n: Number(w.at(-1)) } };
    case 'layoff': return { verb: 'layoff', cards: [w[1]], meld: Number(w[3]), end: w[4] ?? null };
    case 'discard': return { verb: 'discard', cards: [w[1]] };
    default: return { verb: text, cards: [] };
  }
}

/** The legal melds, lay-offs and (under `meld_before_discard`) discards whose cards are exactly
 * `selection`: what the selection can become. */
export function choicesFor(legal, selection) {
  const want = [...selection].map(String).sort().join(' ');
  if (!want) return [];
  return legal.filter((t) => {
    const a = readAction(t);
    return ['meld', 'layoff', 'discard'].includes(a.verb) && [...a.cards].sort().join(' ') === want;
  });
}

/** A meld's cards in the order they lie: a run by the number each card stands for, a set with
 * its fey cards last; each with the number a fey card stands for when it is not its own. */
export function arrange(ids, kind, fey) {
  const cs = ids.map(parse);
  const plain = cs.filter((c) => c.sign !== fey).sort((a, b) => a.value - b.value || a.id.localeCompare(b.id));
  const wild = cs.filter((c) => c.sign === fey).sort((a, b) => a.value - b.value);
  if (kind.type !== 'run') return [...plain, ...wild].map((c) => ({ id: c.id, as: c.sign === fey && c.value !== kind.n ? kind.n : null }));
  const slots = new Map(plain.map((c) => [c.value, c]));
  const free = (v) => v >= kind.n && v < kind.n + cs.length && !slots.has(v);
  const rest = [];
  for (const c of wild) (free(c.value) ? slots.set(c.value, c) : rest.push(c));
  for (let v = kind.n; v < kind.n + cs.length && rest.length; v++) if (!slots.has(v)) slots.set(v, rest.shift());
  return [...slots.entries()].sort((a, b) => a[0] - b[0])
    .map(([v, c]) => ({ id: c.id, as: c.value !== v ? v : null }))
    .concat(rest.map((c) => ({ id: c.id, as: null })));
}

function span(k, len) {
  return k.type === 'run' ? `run ${k.n}–${k.n + len - 1}` : `set of ${k.n}`;
}

function meldTitle(m) {
  const k = kindOf(m.kind);
  return k.type === 'run' ? `run ${m.low}–${m.high}` : `set of ${k.n}`;
}

/** The engine's words for why `selection` (card ids of the hand) is no meld, or null. */
export function whyNot(view, selection) {
  const p = view.meld_preview;
  if (!p || !view.your_hand) return null;
  let mask = 0;
  for (const id of selection) {
    const i = view.your_hand.indexOf(id);
    if (i < 0) return null;
    mask |= 1 << i;
  }
  const at = p.no_meld[mask];
  return at === null || at === undefined ? null : p.reasons[at];
}

// ---- drawing -----------------------------------------------------------------------------------

function handEndText(reason, names) {
  if (reason?.went_out !== undefined) return `${names[reason.went_out]} went out`;
  if (reason === 'blocked') return 'the stock ran out';
  if (reason === 'turn_limit') return 'the turn limit was reached';
  return String(reason);
}

/** The mat: seven sign tokens on a circle, the fey token in the centre, square seat markers. */
function drawMat(ctx, v, mySign) {
  const NS = 'http://www.w3.org/2000/svg';
  const { FEY_SIGNS } = ctx.cards;
  const s = (tag, attrs, ...kids) => {
    const el = document.createElementNS(NS, tag);
    for (const [k, val] of Object.entries(attrs)) el.setAttribute(k, String(val));
    for (const kid of kids) el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    return el;
  };
  const mat = v.mat;
  const seatOf = (sign) => v.signs.indexOf(sign);
  const descr = `The mat: fey sign ${mat.fey} in the centre; clockwise ${mat.circle.join(', ')}.`
    + (mySign ? ` Your sign is ${mySign}.` : '');
  const svg = s('svg', { viewBox: '0 0 220 220', class: 'rebel-runs-mat-svg', role: 'img', 'aria-label': descr },
    s('title', {}, descr),
    s('circle', { cx: 110, cy: 110, r: 80, fill: 'none', stroke: 'rgba(255,255,255,.45)', 'stroke-width': 2 }));
  const pts = mat.circle.map((_, p) => {
    const a = (-90 + (p * 360) / 7) * (Math.PI / 180);
    return [110 + 80 * Math.cos(a), 110 + 80 * Math.sin(a), a];
  });
  mat.circle.forEach((sign, p) => {
    const [x, y, a] = pts[p];
    const st = mySign ? standing(v, sign) : null;
    const rel = st?.relation;
    const g = s('g', { class: 'rebel-runs-token' },
      s('title', {}, `${sign}${rel ? `: ${rel} to your sign, ${st.points} points a card` : ''}`),
      s('circle', { cx: x, cy: y, r: 23, fill: FEY_SIGNS[sign] ?? '#444', stroke: sign === mySign ? '#ffd54f' : '#fff', 'stroke-width': sign === mySign ? 4 : 1.5 }),
      s('text', { x, y: rel ? y - 2 : y + 4, 'text-anchor': 'middle', class: 'rebel-runs-token-name' }, sign),
      rel ? s('text', { x, y: y + 11, 'text-anchor': 'middle', class: 'rebel-runs-token-points' }, `${st.points} pt`) : '');
    svg.append(g);
    const seat = seatOf(sign);
    if (seat >= 0) {
      const sx = 110 + 106 * Math.cos(a);
      const sy = 110 + 106 * Math.sin(a);
      svg.append(s('g', {},
        s('rect', { x: sx - 8, y: sy - 8, width: 16, height: 16, rx: 2, fill: '#fff', stroke: FEY_SIGNS[sign] ?? '#000', 'stroke-width': 2 }),
        s('text', { x: sx, y: sy + 4, 'text-anchor': 'middle', class: 'rebel-runs-seat-mark' }, String(seat + 1))));
    }
  });
  svg.append(s('circle', { cx: 110, cy: 110, r: 30, fill: FEY_SIGNS[mat.fey] ?? '#444', stroke: '#ffd54f', 'stroke-width': 3, 'stroke-dasharray': '5 3' }),
    s('text', { x: 110, y: 107, 'text-anchor': 'middle', class: 'rebel-runs-token-name' }, mat.fey),
    s('text', { x: 110, y: 121, 'text-anchor': 'middle', class: 'rebel-runs-token-points' }, 'fey · wild'));
  const legend = h(ctx, 'ul', { class: 'rebel-runs-signs', 'aria-label': 'Player signs' },
    v.signs.map((sign, i) => h(ctx, 'li', {},
      h(ctx, 'span', { class: 'rebel-runs-square', style: `border-color:${FEY_SIGNS[sign] ?? '#000'}`, 'aria-hidden': 'true' }, String(i + 1)),
      ` ${ctx.names[i] ?? `Seat ${i + 1}`}${i === ctx.seat ? ' (you)' : ''}: ${sign}`)));
  return h(ctx, 'div', { class: 'rebel-runs-mat' }, svg, legend,
    h(ctx, 'p', { class: 'rebel-runs-note' }, mySign
      ? `Per card: the points on its sign's token; fey (${mat.fey}) ${standing(v, mat.fey)?.points}; a run all ${mySign} at printed numbers 5 a card.`
      : `Per card: same sign 4, neighbour 3, two apart 2, across 1; fey (${mat.fey}) 2.`));
}

function h(ctx, ...args) {
  return ctx.h(...args);
}

/** A card's hover text: its full name, type and what it scores for you. */
function cardTitle(ctx, v, id, mySign) {
  const c = parse(id);
  const base = `${c.sign} ${c.value} (${typeName(c.value)})`;
  if (!v.mat) return base;
  if (c.sign === v.mat.fey) {
    const st = standing(v, c.sign);
    return `${base}: fey, wild: any number, or its own number as any sign${st ? `; ${st.points} points` : ''}`;
  }
  const st = mySign ? standing(v, c.sign) : null;
  return st ? `${base}: ${st.relation} to your sign, ${st.points} points` : base;
}

function cardExtra(v, id, mySign) {
  const c = parse(id);
  if (!v.mat) return null;
  if (c.sign === v.mat.fey) return 'wild';
  const st = mySign ? standing(v, c.sign) : null;
  return st ? `${st.points} pt` : null;
}

/** Other hands: backs, fanned, with the count in words. */
function backs(ctx, n, name) {
  if (!n) return h(ctx, 'p', { class: 'rebel-runs-empty' }, 'No cards in hand.');
  const shown = Math.min(n, 12);
  return h(ctx, 'div', { class: 'rebel-runs-backs', role: 'img', 'aria-label': `${name}: ${n} cards in hand` },
    Array.from({ length: shown }, () => h(ctx, 'span', { class: 'card card-small card-back', 'aria-hidden': 'true' })),
    h(ctx, 'span', { class: 'rebel-runs-count', 'aria-hidden': 'true' }, `${n} card${n === 1 ? '' : 's'}`));
}

function meldBox(ctx, v, m, mySign, highlight) {
  const k = kindOf(m.kind);
  const pts = m.points;
  const others = new Map((m.laid_off_by_others ?? []).map(([c, s]) => [c, s]));
  return h(ctx, 'li', {
    class: `rebel-runs-meld${highlight ? ' rebel-runs-target' : ''}`,
    dataset: { meld: String(m.id) },
    'aria-label': `meld ${m.id + 1}: ${meldTitle(m)}, ${pts} points${highlight ? ', chosen for the lay-off' : ''}`,
  },
  h(ctx, 'div', { class: 'rebel-runs-meld-head' },
    h(ctx, 'span', { class: 'rebel-runs-meld-no' }, `#${m.id + 1}`),
    h(ctx, 'span', {}, meldTitle(m)),
    h(ctx, 'span', { class: 'rebel-runs-pts' }, `${pts} pt`)),
  h(ctx, 'div', { class: 'card-row' }, arrange(m.cards, { type: k.type, n: k.type === 'run' ? m.low : k.n }, v.mat?.fey).map(({ id, as }) => ctx.cards.card(id, {
    small: true,
    extra: as !== null ? `as ${as}` : null,
    title: cardTitle(ctx, v, id, ctx.seat === m.owner ? mySign : null) + (as !== null ? `; stands for ${as}` : '') + (others.has(id) ? `; laid off by ${ctx.names[others.get(id)]}` : ''),
    label: `${ctx.cards.cardName(id)}${as !== null ? ` as ${as}` : ''}${others.has(id) ? `, laid off by ${ctx.names[others.get(id)]}` : ''}`,
  }))));
}

function tableArea(ctx, v, seat, mySign, target) {
  const melds = v.melds.filter((m) => m.owner === seat);
  if (!melds.length) return h(ctx, 'p', { class: 'rebel-runs-empty' }, 'No melds on the table.');
  return h(ctx, 'ul', { class: 'rebel-runs-melds', 'aria-label': `${ctx.names[seat]}'s melds` },
    melds.map((m) => meldBox(ctx, v, m, mySign, target === m.id)));
}

function phaseWords(phase) {
  return { draw: 'drawing', discard: 'discarding', meld: 'melding' }[phase] ?? '';
}

function seatPanel(ctx, v, seat, mySign, target) {
  const acting = v.to_act === seat;
  const name = ctx.names[seat] ?? `Seat ${seat + 1}`;
  const known = v.known_cards?.[seat] ?? [];
  return h(ctx, 'section', {
    class: `rebel-runs-seat${acting ? ' rebel-runs-acting' : ''}`,
    'aria-label': `${name}'s place`,
    'aria-current': acting ? 'true' : null,
  },
  h(ctx, 'header', { class: 'rebel-runs-seat-head' },
    h(ctx, 'span', { class: 'rebel-runs-square', style: `border-color:${ctx.cards.FEY_SIGNS[v.signs[seat]] ?? '#000'}`, 'aria-hidden': 'true' }, String(seat + 1)),
    h(ctx, 'strong', { class: 'rebel-runs-name' }, name),
    h(ctx, 'span', { class: 'rebel-runs-sign' }, v.signs[seat] ?? ''),
    acting ? h(ctx, 'span', { class: 'rebel-runs-cue' }, `${phaseWords(v.phase)}…`) : null,
    h(ctx, 'span', { class: 'rebel-runs-score' }, `hand ${v.table_points[seat]} · total ${v.totals[seat]}`)),
  backs(ctx, v.hand_sizes[seat], name),
  known.length ? h(ctx, 'div', { class: 'rebel-runs-known' }, h(ctx, 'span', {}, 'Took from the discards:'),
    ctx.cards.cardRow(`${name} holds, taken from the discards`, known.map((id) => ctx.cards.card(id, { small: true, title: cardTitle(ctx, v, id, null) })))) : null,
  tableArea(ctx, v, seat, mySign, target));
}

function piles(ctx, v, legal) {
  const { cards } = ctx;
  const stockLegal = legal.includes('draw stock');
  const discardLegal = legal.includes('draw discard');
  const stockLabel = `the stock, ${v.stock_size} card${v.stock_size === 1 ? '' : 's'}`;
  const stock = stockLegal
    ? h(ctx, 'button', { type: 'button', class: 'rebel-runs-stock rebel-runs-live', 'aria-label': `Draw from ${stockLabel}`, title: `Draw from ${stockLabel}`, dataset: { action: 'draw stock' }, onclick: () => ctx.act('draw stock') },
      h(ctx, 'span', { class: 'card card-back', 'aria-hidden': 'true' }), h(ctx, 'span', { class: 'rebel-runs-pile-count', 'aria-hidden': 'true' }, String(v.stock_size)))
    : h(ctx, 'div', { class: 'rebel-runs-stock', role: 'img', 'aria-label': stockLabel, title: stockLabel },
      v.stock_size ? h(ctx, 'span', { class: 'card card-back', 'aria-hidden': 'true' }) : h(ctx, 'span', { class: 'card rebel-runs-gone', 'aria-hidden': 'true' }),
      h(ctx, 'span', { class: 'rebel-runs-pile-count', 'aria-hidden': 'true' }, String(v.stock_size)));
  const pile = v.discard_pile;
  const top = pile.at(-1);
  const under = pile.slice(0, -1).map((id) => cards.card(id, { small: true, title: cardTitle(ctx, v, id, null) }));
  let topEl = null;
  if (top) {
    topEl = discardLegal
      ? cards.card(top, { label: `Take ${cards.cardName(top)} from the discard pile`, title: `Take ${cardTitle(ctx, v, top, null)}`, onClick: () => ctx.act('draw discard') })
      : cards.card(top, { title: cardTitle(ctx, v, top, null) });
    topEl.classList.add('rebel-runs-top');
    if (discardLegal) topEl.dataset.action = 'draw discard';
  }
  return h(ctx, 'div', { class: 'rebel-runs-piles' },
    h(ctx, 'figure', { class: 'rebel-runs-pile' }, stock, h(ctx, 'figcaption', {}, `Stock${v.reshuffled ? ' (reshuffled)' : ''}`)),
    h(ctx, 'figure', { class: 'rebel-runs-pile rebel-runs-discards' },
      h(ctx, 'div', { class: 'rebel-runs-spread', role: 'group', 'aria-label': `Discard pile, ${pile.length} cards, top last` }, under, topEl),
      h(ctx, 'figcaption', {}, pile.length ? `Discards (${pile.length}, top last)` : 'Discards: none')));
}

function sortHand(hand, bySign) {
  const ids = [...hand];
  if (bySign) return ids;
  return ids.sort((a, b) => parse(a).value - parse(b).value || a.localeCompare(b));
}

function handCue(v, legal, mine) {
  if (!mine) return null;
  if (v.phase === 'draw') return 'Your turn: draw from the stock, or take the top discard.';
  if (v.phase === 'discard') return 'Discard a card: choose it, then "Discard".';
  if (v.phase === 'meld') {
    return legal.includes('end')
      ? 'Meld or lay off: select cards, check the points, confirm. Then end your turn.'
      : 'Meld or lay off by selecting cards; discarding a card ends your turn.';
  }
  return null;
}

/** Your hand and what the selection becomes: the meld-step widget. */
function handArea(ctx, v, mySign, legal, rerender) {
  const { cards } = ctx;
  const mem = ctx.memory;
  const mine = v.to_act === ctx.seat && legal.length > 0;
  const hand = sortHand(v.your_hand, mem.rrBySign ?? true);
  const opts = (id) => ({ title: cardTitle(ctx, v, id, mySign), extra: cardExtra(v, id, mySign) });
  let body;
  if (mine && v.phase === 'discard') {
    // Two deliberate clicks: choose the card, then "Discard" it.
    const chosen = legal.includes(`discard ${mem.rrDiscard}`) ? mem.rrDiscard : null;
    const row = cards.cardRow('Your hand: choose a card to discard', hand.map((id) => {
      const ok = legal.includes(`discard ${id}`);
      return cards.card(id, {
        ...opts(id),
        label: ok ? cards.cardName(id) : `${cards.cardName(id)} (taken this turn, cannot be discarded)`,
        title: ok ? cardTitle(ctx, v, id, mySign) : 'Taken from the discards this turn: it cannot go back this turn',
        disabled: !ok,
        pressed: ok ? id === chosen : undefined,
        onClick: () => {
          if (!ok) return;
          mem.rrDiscard = id === chosen ? null : id;
          rerender();
          ctx.actionsEl.querySelector(`[data-card="${CSS.escape(id)}"]`)?.focus();
        },
      });
    }));
    const text = chosen ? `discard ${chosen}` : null;
    body = h(ctx, 'div', { class: 'selectable' }, row,
      h(ctx, 'div', { class: 'selection-bar' },
        h(ctx, 'p', { class: 'selection-preview' }, chosen ? `${cards.cardName(chosen)} goes on the discard pile and your turn ends.` : 'Choose the card to discard.'),
        h(ctx, 'button', {
          type: 'button', class: 'primary', disabled: !text, dataset: text ? { action: text } : {},
          onclick: () => {
            if (!text) return;
            mem.rrDiscard = null;
            mem.rrDiscarded = { card: chosen, hand: v.hand };
            ctx.act(text);
          },
        }, chosen ? `Discard ${cards.cardName(chosen)}` : 'Discard')));
  } else if (mine && v.phase === 'meld') {
    const selection = (mem.rrSel ??= new Set());
    const pick = (choices) => (choices.includes(mem.rrChoice) ? mem.rrChoice : choices[0]);
    body = cards.selectableCards({
      cards: hand,
      label: 'Your hand: select cards to meld or lay off',
      selection,
      cardOpts: opts,
      toAction: (sel) => {
        const choices = choicesFor(legal, sel);
        const chosen = choices.length ? pick(choices) : null;
        markTarget(ctx, chosen);
        return chosen;
      },
      preview: (sel, action) => preview(ctx, v, mySign, legal, sel, action, rerender),
      confirmLabel: (action) => confirmText(ctx, v, action),
      act: (action) => { selection.clear(); mem.rrChoice = null; ctx.act(action); },
    });
    body.querySelector('.selection-bar button.primary')?.setAttribute('data-confirm', '');
  } else {
    body = cards.cardRow('Your hand', hand.map((id) => cards.card(id, opts(id))));
  }
  const sortBtn = h(ctx, 'button', {
    type: 'button', class: 'rebel-runs-sort', 'aria-pressed': String(!(mem.rrBySign ?? true)),
    onclick: () => { mem.rrBySign = !(mem.rrBySign ?? true); rerender(); },
  }, 'Sort by number');
  const cue = handCue(v, legal, mine);
  // What this seat last discarded, said for the rest of the hand (the discard ends the turn at
  // once, and the others may play before this page is looked at again).
  const done = mem.rrDiscarded && mem.rrDiscarded.hand === v.hand
    ? h(ctx, 'p', { class: 'rebel-runs-notice', role: 'status' }, `Your last discard: ${cards.cardName(mem.rrDiscarded.card)}.`)
    : null;
  return h(ctx, 'section', { class: `rebel-runs-hand${mine ? ' rebel-runs-acting' : ''}`, 'aria-label': 'Your hand' },
    h(ctx, 'header', { class: 'rebel-runs-seat-head' },
      h(ctx, 'strong', {}, `Your hand (${v.your_hand.length})`), hand.length > 1 ? sortBtn : null),
    cue ? h(ctx, 'p', { class: 'rebel-runs-cue-line' }, cue) : null,
    done,
    body);
}

function markTarget(ctx, action) {
  const a = action ? readAction(action) : null;
  for (const el of ctx.el.querySelectorAll('.rebel-runs-meld')) {
    el.classList.toggle('rebel-runs-target', a?.verb === 'layoff' && el.dataset.meld === String(a.meld));
  }
}

/** What an action adds, in points for this seat (the engine's preview). */
function gain(ctx, v, mySign, action) {
  return v.meld_preview?.points[action] ?? 0;
}

function choiceText(ctx, v, action) {
  const a = readAction(action);
  if (a.verb === 'meld') return span(a.kind, a.cards.length);
  if (a.verb === 'layoff') {
    const m = v.melds.find((x) => x.id === a.meld);
    const whose = m && m.owner !== ctx.seat ? `${ctx.names[m.owner]}'s ` : '';
    return `on #${a.meld} (${whose}${m ? meldTitle(m) : 'meld'})${a.end ? `, ${a.end} end` : ''}`;
  }
  if (a.verb === 'discard') return `discard ${ctx.cards.cardName(a.cards[0])}`;
  return action;
}

function signed(n) {
  return n >= 0 ? `+${n}` : String(n);
}

function points(n) {
  return `${signed(n)} point${Math.abs(n) === 1 ? '' : 's'}`;
}

function confirmText(ctx, v, action) {
  const a = readAction(action);
  const mySign = v.signs[ctx.seat];
  if (a.verb === 'meld') return `Meld ${span(a.kind, a.cards.length)} (${signed(gain(ctx, v, mySign, action))} pt)`;
  if (a.verb === 'layoff') return `Lay off ${choiceText(ctx, v, action)} (${signed(gain(ctx, v, mySign, action))} pt)`;
  if (a.verb === 'discard') return `Discard ${ctx.cards.cardName(a.cards[0])}`;
  return action;
}

function preview(ctx, v, mySign, legal, sel, action, rerender) {
  if (!sel.length) {
    const any = legal.some((t) => t.startsWith('meld ') || t.startsWith('layoff '));
    return any ? 'Select cards: a set (3+ of one number) or a run (4+ in a row), or one card to lay off.' : 'No meld or lay-off is possible now.';
  }
  const choices = choicesFor(legal, sel);
  if (!action) {
    if (sel.length === 1) {
      const c = ctx.cards.cardName(sel[0]);
      const melds = v.melds.filter((m) => m.owner === ctx.seat);
      if (!legal.some((t) => t.startsWith('layoff '))) {
        return melds.length ? `${c} cannot be laid off now.` : `${c} alone is no meld, and you have no melds to lay it off on.`;
      }
      return `${c} fits none of your melds: a set takes its number or a fey card, a run the number just below or above it.`;
    }
    return whyNot(v, sel) ?? 'Not a legal meld now.';
  }
  const root = h(ctx, 'div', { class: 'rebel-runs-preview' });
  const pts = gain(ctx, v, mySign, action);
  const a = readAction(action);
  const stands = a.verb === 'meld'
    ? arrange(a.cards, a.kind, v.mat?.fey).filter((x) => x.as !== null).map((x) => `${ctx.cards.cardName(x.id)} as ${x.as}`)
    : [];
  const what = a.verb === 'meld' ? `A ${span(a.kind, a.cards.length)}${stands.length ? ` (${stands.join(', ')})` : ''}` : a.verb === 'layoff' ? `Lay ${ctx.cards.cardName(a.cards[0])} off ${choiceText(ctx, v, action)}` : choiceText(ctx, v, action);
  root.append(h(ctx, 'span', { class: 'rebel-runs-preview-main' }, a.verb === 'discard' ? `${what}: ends your turn.` : `${what}: ${points(pts)}.`));
  if (choices.length > 1) {
    root.append(h(ctx, 'div', { class: 'rebel-runs-choices', role: 'group', 'aria-label': 'What the selection becomes' },
      choices.map((t) => h(ctx, 'button', {
        type: 'button', class: 'rebel-runs-choice', 'aria-pressed': String(t === action), dataset: { choice: t },
        onclick: () => { ctx.memory.rrChoice = t; rerender(); ctx.actionsEl.querySelector(`[data-choice="${CSS.escape(t)}"]`)?.focus(); },
      }, `${choiceText(ctx, v, t)}${readAction(t).verb === 'discard' ? '' : ` (${signed(gain(ctx, v, mySign, t))})`}`))));
  }
  return root;
}

export function render(ctx) {
  linkStyle();
  const v = ctx.view;
  const legal = ctx.replay ? [] : ctx.legal;
  const rerender = () => { ctx.actionsEl.replaceChildren(); render(ctx); };
  const mySign = ctx.seat !== null && ctx.seat !== undefined ? v.signs?.[ctx.seat] : null;
  const others = [];
  for (let i = 1; i <= v.players; i++) {
    const s = ctx.seat === null || ctx.seat === undefined ? i - 1 : (ctx.seat + i) % v.players;
    if (s !== ctx.seat) others.push(s);
  }
  let target = null;
  const sel = ctx.memory.rrSel;
  if (sel?.size && v.phase === 'meld' && legal.length) {
    const choices = choicesFor(legal, sel);
    const chosen = choices.includes(ctx.memory.rrChoice) ? ctx.memory.rrChoice : choices[0];
    const a = chosen ? readAction(chosen) : null;
    if (a?.verb === 'layoff') target = a.meld;
  }
  const handNo = Math.min(v.hand + 1, v.players);
  const status = h(ctx, 'p', { class: 'rebel-runs-status' },
    v.phase === 'game_over' ? `All ${v.players} hands played.`
      : `Hand ${handNo} of ${v.players} · turn ${Math.min(v.turns_taken + 1, v.turn_limit)} of ${v.turn_limit}`);
  const last = v.last_hand
    ? h(ctx, 'p', { class: 'rebel-runs-last', role: 'status' },
      `Hand ${v.last_hand.hand + 1} ended: ${handEndText(v.last_hand.reason, ctx.names)}. Points: `,
      v.last_hand.scores.map((p, i) => `${ctx.names[i]} ${p}`).join(' · '), '.')
    : null;
  const parts = [
    h(ctx, 'div', { class: 'rebel-runs-top-line' }, status, last),
    h(ctx, 'div', { class: 'rebel-runs-others' }, others.map((s) => seatPanel(ctx, v, s, mySign, target))),
    h(ctx, 'div', { class: 'rebel-runs-middle' },
      v.mat ? drawMat(ctx, v, mySign) : h(ctx, 'p', {}, 'Laying out the mat…'),
      piles(ctx, v, legal)),
  ];
  if (ctx.seat !== null && ctx.seat !== undefined && v.your_hand) {
    const me = ctx.seat;
    const acting = v.to_act === me;
    parts.push(h(ctx, 'section', { class: `rebel-runs-seat rebel-runs-mine${acting ? ' rebel-runs-acting' : ''}`, 'aria-label': 'Your table' },
      h(ctx, 'header', { class: 'rebel-runs-seat-head' },
        h(ctx, 'span', { class: 'rebel-runs-square', style: `border-color:${ctx.cards.FEY_SIGNS[mySign] ?? '#000'}`, 'aria-hidden': 'true' }, String(me + 1)),
        h(ctx, 'strong', { class: 'rebel-runs-name' }, `Your melds`),
        h(ctx, 'span', { class: 'rebel-runs-sign' }, mySign ?? ''),
        h(ctx, 'span', { class: 'rebel-runs-score' }, `hand ${v.table_points[me]} · total ${v.totals[me]}`)),
      tableArea(ctx, v, me, mySign, target)));
  }
  ctx.el.replaceChildren(h(ctx, 'div', { class: 'rebel-runs', dataset: { step: String(ctx.step) } }, parts));
  // The hand goes in the action area, the dock of a phone-sized page, above the buttons.
  if (ctx.seat !== null && ctx.seat !== undefined && v.your_hand && v.phase !== 'game_over') {
    ctx.actionsEl.replaceChildren(h(ctx, 'div', { class: 'rebel-runs rebel-runs-dock' }, handArea(ctx, v, mySign, legal, rerender)));
  }
  // The piles on the table draw too; these keep the draw within reach in the phone's dock.
  const draws = [];
  if (legal.includes('draw stock')) draws.push(h(ctx, 'button', { type: 'button', class: 'primary', dataset: { action: 'draw stock' }, onclick: () => ctx.act('draw stock') }, 'Draw from the stock'));
  if (legal.includes('draw discard') && v.discard_pile.length) {
    draws.push(h(ctx, 'button', { type: 'button', dataset: { action: 'draw discard' }, onclick: () => ctx.act('draw discard') }, `Take ${ctx.cards.cardName(v.discard_pile.at(-1))}`));
  }
  if (draws.length) ctx.actionsEl.append(h(ctx, 'div', { class: 'action-list' }, draws));
  if (legal.includes('end')) {
    ctx.actionsEl.append(h(ctx, 'div', { class: 'action-list' },
      h(ctx, 'button', { type: 'button', class: 'primary', dataset: { action: 'end' }, onclick: () => { ctx.memory.rrSel?.clear(); ctx.act('end'); } }, 'End turn')));
  }
  const rest = legal.filter((t) => !['draw stock', 'draw discard', 'end'].includes(t) && !/^(meld|layoff|discard) /.test(t));
  // Anything this layout does not draw itself (no such text today) still gets a button.
  if (rest.length) {
    ctx.actionsEl.append(h(ctx, 'div', { class: 'action-list' }, rest.map((t) =>
      h(ctx, 'button', { type: 'button', class: 'action', dataset: { action: t }, onclick: () => ctx.act(t) }, t))));
  }
}
