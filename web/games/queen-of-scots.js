// Queen of Scots: each player's sets laid out on the table, the stock and the whole discard pile
// in the middle, the royal-family legend and the round's tally beside them, and this seat's hand
// at the bottom. Every choice of cards (a pair to take the pile, three cards for a new set, the
// card to add or discard) is made by selecting the cards in the hand.
import { plural } from '../dom.js';

export const ownActions = true;

// The deck as printed comes from the engine's card data (GET /api/games/{id}/cards): each kind's
// name, short name for the card face, coin value, royal (crown over the coin), wild.
const CARDS = await fetch('/api/games/queen-of-scots/cards')
  .then((r) => (r.ok ? r.json() : null))
  .catch(() => null);
const KINDS = new Map((CARDS?.kinds ?? []).map((k) => [k.id, k]));
const ORDER = [...KINDS.keys()];
// Where the long short names may break on a narrow card face.
const BREAKS = {
  Douglas: 'Doug-las', Ruthven: 'Ruth-ven', Norfolk: 'Nor-folk', Babington: 'Babing-ton',
  Walsingham: 'Walsing-ham', Bothwell: 'Both-well', Elizabeth: 'Eliza-beth',
};

/** `john-knox-3` → `john-knox`. */
function kindOf(id) {
  return String(id).replace(/-\d+$/, '');
}

function info(kind) {
  const k = KINDS.get(kind) ?? { name: kind.replaceAll('-', ' '), short: kind, value: 0 };
  const short = BREAKS[k.short]?.replace('-', '\u00ad') ?? k.short;
  return { kind, name: k.name, short, value: k.value, royal: Boolean(k.royal), wild: Boolean(k.wild) };
}

function colour(k) {
  if (k.royal) return '#6a2c91';
  if (k.wild) return '#8a5a00';
  return { 5: '#2f6b4f', 10: '#1d5fa8', 15: '#8a3b12', 20: '#a4161a' }[k.value] ?? '#37474f';
}

/** What a card says: its name, value and role. */
function fullText(k) {
  const role = k.royal ? 'royal family: matches any other royal'
    : k.wild ? 'wild: joins any set'
      : 'character';
  return `${k.name}: ${k.value} points; ${role}`;
}

/** Options for `cards.card` drawing one Queen of Scots card. */
function face(id, small = false) {
  const k = info(kindOf(id));
  return {
    rank: k.short,
    suit: `${k.royal ? '♛ ' : k.wild ? '✦ ' : ''}${k.value}`,
    colour: colour(k),
    label: `${k.name}, ${k.value} points`,
    title: fullText(k),
    small,
  };
}

function drawCard(cards, id, small) {
  return cards.card(id, face(id, small));
}

/** Sorted multiset key of kinds, for matching a selection to a legal text. */
function key(kinds) {
  return [...kinds].sort().join(' ');
}

function setTitle(set) {
  if (set.kind === 'royal') return 'Royal set';
  return `${info(set.kind.replaceAll('_', '-')).short.replace('\u00ad', '')} set`;
}

/** +5, −20 (a true minus sign). */
function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}


function ensureStyle() {
  if (document.querySelector('link[data-game-style="queen-of-scots"]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/games/queen-of-scots.css';
  link.dataset.gameStyle = 'queen-of-scots';
  document.head.append(link);
}

/** Each seat's running total, for the seat chips at the top of the page. */
export function scores(view) {
  return view?.seats?.map((s) => s.total) ?? null;
}

export function render(ctx) {
  ensureStyle();
  const { h, cards, view } = ctx;
  const names = ctx.names ?? [];
  const name = (s) => names[s] ?? `Seat ${s + 1}`;
  const me = view.viewer;
  const legal = ctx.legal;
  const mine = me !== null && me !== undefined ? view.seats[me] : null;
  const hand = mine?.hand ?? null;
  const top = view.pile.at(-1) ?? null;
  const myTurn = legal.length > 0;
  const phase = view.phase;

  // ---- legal texts, sorted by what they need ----
  const drawText = legal.find((t) => t === 'draw stock') ?? null;
  const passText = legal.find((t) => t === 'pass') ?? null;
  const jewelAdds = new Map(); // set index → text
  const bySelection = new Map(); // multiset of kinds → text (take pile, take jewels new, meld, discard)
  const adds = new Map(); // `${set} ${kind}` → text
  for (const t of legal) {
    const w = t.split(' ');
    if (w[0] === 'take' && w[1] === 'pile') bySelection.set(key(w.slice(2)), t);
    else if (w[0] === 'take' && w[1] === 'jewels' && w[2] === 'new') bySelection.set(key(w.slice(3)), t);
    else if (w[0] === 'take' && w[1] === 'jewels' && w[2] === 'add') jewelAdds.set(Number(w[3]), t);
    else if (w[0] === 'meld') bySelection.set(key(w.slice(1)), t);
    else if (w[0] === 'discard') bySelection.set(key(w.slice(1)), t);
    else if (w[0] === 'add') adds.set(`${w[1]} ${w[2]}`, t);
  }

  // The engine's preview of a legal text: {set_points, hand_points, from_pile}.
  const pv = (t) => view.previews?.[t] ?? { set_points: 0, hand_points: 0, from_pile: 0 };

  const selection = (ctx.memory.qosHand ??= new Set());
  if (!myTurn) selection.clear();
  const selectedKinds = () => (hand ?? []).filter((id) => selection.has(String(id))).map(kindOf);

  // Adding the selected card to a set of yours, or taking the pile onto one with two Crown
  // Jewels: buttons in the action area (the phone's dock), the sets ringed on the table.
  const setTargets = [];
  if (mine) {
    const sel = selectedKinds();
    mine.sets.forEach((set, i) => {
      const addText = sel.length === 1 ? adds.get(`${i} ${sel[0]}`) : null;
      const jewelText = jewelAdds.get(i);
      if (addText) {
        setTargets.push(h('button', { type: 'button', class: 'qos-target', onclick: () => ctx.act(addText) },
          `Add ${info(sel[0]).name} to set ${i + 1} (+${pv(addText).set_points})`));
      }
      if (jewelText) {
        setTargets.push(h('button', { type: 'button', class: 'qos-target', onclick: () => ctx.act(jewelText) },
          `Take the pile: Crown Jewels onto set ${i + 1}`));
      }
    });
  }

  // ---- one seat's area: name, hand (backs or count), known cards, sets ----
  const seatArea = (sv, self) => {
    const acting = view.to_act === sv.seat;
    const sel = self ? selectedKinds() : [];
    const setBox = (set, i) => {
      const addText = self && sel.length === 1 ? adds.get(`${i} ${sel[0]}`) : null;
      const jewelText = self ? jewelAdds.get(i) : null;
      return h('div', { class: 'qos-set', role: 'group', 'aria-label': `${name(sv.seat)}'s set ${i + 1}: ${setTitle(set)}, ${set.value} points` },
        h('div', { class: 'qos-set-head' },
          h('span', { class: 'qos-set-name', title: set.kind === 'royal' ? 'royals of any kind' : info(set.kind).name }, `${i + 1}. ${setTitle(set)}`),
          h('span', { class: 'qos-points' }, plural(set.value, 'pt'))),
        h('div', { class: 'card-row' }, set.cards.map((c) => drawCard(cards, c, true))),
        addText || jewelText ? h('span', { class: 'qos-chip qos-chip-turn' }, 'choose it below') : null);
    };
    const known = !self && sv.known.length
      ? h('div', { class: 'qos-known' }, h('span', { class: 'qos-label' }, view.phase === 'game-over' || (view.last_round && sv.known.length === sv.hand_count) ? 'Hand:' : 'Known in hand:'),
        h('div', { class: 'card-row' }, sv.known.map((c) => drawCard(cards, c, true))))
      : null;
    return h('section', {
      class: `qos-seat${acting ? ' qos-acting' : ''}${self ? ' qos-self' : ''}`,
      'aria-label': `${name(sv.seat)}${self ? ' (you)' : ''}: ${plural(sv.hand_count, 'card')} in hand, sets ${plural(sv.table_value, 'point')}`,
    },
    h('div', { class: 'qos-seat-head' },
      h('span', { class: 'qos-seat-name' }, name(sv.seat), self ? ' (you)' : ''),
      view.dealer === sv.seat ? h('span', { class: 'qos-chip' }, 'dealer') : null,
      acting ? h('span', { class: 'qos-chip qos-chip-turn' }, phase === 'pick-up' ? 'picking up' : 'melding or discarding') : null,
      self ? null : h('span', { class: 'qos-hidden-hand' },
        sv.hand_count ? cards.cardBack(`${name(sv.seat)}'s hand: ${plural(sv.hand_count, 'card')}`, { small: true }) : null,
        h('span', { class: 'qos-count' }, sv.hand_count ? `× ${sv.hand_count}` : 'no cards')),
      h('span', { class: 'qos-seat-stats' }, `sets ${sv.table_value} · total ${sv.total}`)),
    known,
    sv.sets.length
      ? h('div', { class: 'qos-sets' }, sv.sets.map(setBox))
      : h('p', { class: 'qos-empty' }, 'No sets on the table yet.'));
  };

  // ---- the middle: stock and pile ----
  const stock = h('div', { class: 'qos-stock' },
    h('span', { class: 'qos-label' }, 'Stock'),
    drawText
      ? h('button', { type: 'button', class: 'qos-stock-button', onclick: () => ctx.act(drawText), 'aria-label': `Draw from the stock (${view.stock_count} cards)` },
        cards.cardBack('stock'), h('span', {}, 'Draw'))
      : cards.cardBack(`stock: ${plural(view.stock_count, 'card')}`),
    h('span', { class: 'qos-count' }, plural(view.stock_count, 'card')));
  const under = view.pile.slice(0, -1);
  const takeHint = (() => {
    if (!top || phase !== 'pick-up' || !myTurn) return null;
    const anyTake = [...bySelection.values()].some((t) => t.startsWith('take')) || jewelAdds.size;
    if (!anyTake) return h('p', { class: 'qos-note' }, 'You cannot take the pile now: you need two matching cards for its top card.');
    const k = info(kindOf(top));
    const need = k.wild ? 'show two Crown Jewels, then select two matching cards or pick one of your sets'
      : k.royal ? 'select any two royals from your hand' : `select two ${k.name} from your hand`;
    return h('p', { class: 'qos-note' }, `To take the pile: ${need}.`);
  })();
  const pile = h('div', { class: 'qos-pile', role: 'group', 'aria-label': `Discard pile: ${plural(view.pile_count, 'card')}` },
    h('span', { class: 'qos-label' }, 'Pile'),
    h('div', { class: 'qos-pile-body' },
      top ? h('div', { class: 'qos-top' }, cards.card(top, { ...face(top), label: `top of the pile: ${face(top).label}` }), h('span', { class: 'qos-count' }, 'top')) : h('p', { class: 'qos-empty' }, 'empty'),
      under.length ? h('div', { class: 'qos-under' },
        h('span', { class: 'qos-label' }, `under it (${under.length}), newest first:`),
        h('ul', { class: 'qos-chips' }, [...under].reverse().map((c) => {
          const k = info(kindOf(c));
          return h('li', { class: `qos-mini${k.royal ? ' royal' : ''}${k.wild ? ' wild' : ''}`, title: fullText(k) }, `${k.short.replace('\u00ad', '')} ${k.value}`);
        }))) : (view.pile.length < view.pile_count ? h('span', { class: 'qos-count' }, `${view.pile_count - view.pile.length} more below`) : null)),
    takeHint);

  // ---- the round's tally ----
  const order = view.seats.map((s) => s.seat);
  const myHandValue = mine?.hand_value ?? null;
  const lr = view.last_round;
  const tally = h('section', { class: 'qos-tally', 'aria-label': "The round's tally" },
    h('h3', {}, `Round ${view.round}`, h('span', { class: 'qos-sub' }, ` · to ${view.target_score}`)),
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Sets'), h('th', { scope: 'col' }, 'Hand'), h('th', { scope: 'col' }, 'Total'))),
      h('tbody', {}, order.map((s) => {
        const sv = view.seats[s];
        const handCell = s === me && myHandValue !== null ? `−${myHandValue}` : plural(sv.hand_count, 'card');
        return h('tr', { class: view.to_act === s ? 'qos-row-turn' : '' },
          h('th', { scope: 'row' }, name(s)),
          h('td', {}, String(sv.table_value)),
          h('td', {}, handCell),
          h('td', { class: 'qos-total' }, String(sv.total)));
      }))),
    myHandValue !== null && view.phase !== 'game-over'
      ? h('p', { class: 'qos-sub' }, `If the round ended now you would score ${signed(mine.table_value - myHandValue)}.`)
      : null,
    lr ? h('div', { class: 'qos-last' },
      h('h4', {}, `Round ${lr.round} scored (${lr.reason === 'went-out' ? 'someone went out' : 'the stock ran out'})`),
      h('table', {},
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Sets'), h('th', { scope: 'col' }, 'Hand'), h('th', { scope: 'col' }, 'Round'))),
        h('tbody', {}, order.map((s) => h('tr', {},
          h('th', { scope: 'row' }, name(s)),
          h('td', {}, String(lr.table[s])),
          h('td', {}, `−${lr.hand[s]}`),
          h('td', { class: 'qos-total' }, signed(lr.score[s]))))))) : null,
    view.winners.length ? h('p', { class: 'qos-win' }, `Winner${view.winners.length > 1 ? 's' : ''}: ${view.winners.map(name).join(', ')}`) : null);

  const legend = h('details', { class: 'qos-legend', open: ctx.memory.qosLegend ?? true, ontoggle: (e) => { ctx.memory.qosLegend = e.target.open; } },
    h('summary', {}, 'The royal family'),
    h('ul', {}, ORDER.map(info).filter((k) => k.royal).map((k) => h('li', {}, h('span', { class: 'qos-crown', 'aria-hidden': 'true' }, '♛'), ` ${k.name} `, h('span', { class: 'qos-sub' }, `${k.value}`)))),
    h('p', { class: 'qos-sub' }, 'Any two royals match each other. Crown Jewels (25) are wild; a set needs at least two matching cards besides them.'));

  // ---- my hand: select cards, preview, confirm ----
  let handArea = null;
  if (hand) {
    const sortedHand = [...hand].sort((a, b) => ORDER.indexOf(kindOf(a)) - ORDER.indexOf(kindOf(b)) || String(a).localeCompare(String(b), 'en', { numeric: true }));
    const toAction = (sel) => (sel.length ? bySelection.get(key(sel.map(kindOf))) ?? null : null);
    const describe = (t) => {
      const w = t.split(' ');
      if (w[0] === 'discard') return `Discard ${info(w[1]).name}`;
      if (w[0] === 'meld') return `Lay down a new set (${pv(t).set_points} points)`;
      return 'Take the pile';
    };
    const preview = (sel, action) => {
      const kinds = sel.map(kindOf);
      if (!myTurn) return ctx.replay ? '' : 'Wait for your turn.';
      if (!sel.length) {
        if (phase === 'pick-up') return 'Draw from the stock, or select two matching cards to take the pile.';
        return 'Select three cards for a new set, or one card to add to a set of yours or to discard.';
      }
      if (action) {
        const w = action.split(' ');
        if (w[0] === 'take') {
          const topK = info(kindOf(top));
          const setValue = pv(action).set_points;
          const rest = pv(action).from_pile;
          const jewels = w[1] === 'jewels' ? ' You show two Crown Jewels; they stay in your hand.' : '';
          return `New set: ${topK.short.replace('\u00ad', '')} + ${kinds.map((k) => info(k).short.replace('\u00ad', '')).join(' + ')} = ${setValue} points; ${plural(rest, 'card')} from the pile into your hand.${jewels}`;
        }
        if (w[0] === 'meld') {
          const p = pv(action);
          return `New set worth ${p.set_points} points: your sets ${mine.table_value} → ${mine.table_value + p.set_points}, your hand −${myHandValue} → −${myHandValue - p.hand_points}.`;
        }
        if (w[0] === 'discard') {
          const v = pv(action).hand_points;
          const addable = [...adds.keys()].filter((x) => x.split(' ')[1] === kinds[0]).length;
          return `Discarding ends your turn (hand −${myHandValue} → −${myHandValue - v}).${addable ? ' Or add it to a set of yours: the buttons below.' : ''}`;
        }
      }
      if (phase === 'pick-up') {
        if (sel.length === 2) return 'These two cards cannot take the pile (they must match its top card, and each other).';
        return 'Taking the pile needs exactly two matching cards from your hand.';
      }
      if (sel.length === 2) return 'A new set is laid with three cards: select one more (add more afterwards).';
      if (sel.length === 3) return 'Not a set: it needs at least two matching cards (one character, or royals), the rest matching or Crown Jewels.';
      return 'A new set is laid with exactly three cards; add more to it afterwards, one at a time.';
    };
    // A big hand (after taking the pile) is drawn smaller, so a phone's dock still holds it.
    handArea = h('section', { class: `qos-hand${hand.length > 12 ? ' qos-big' : ''}`, 'aria-label': 'Your hand' },
      h('div', { class: 'qos-seat-head' }, h('span', { class: 'qos-seat-name' }, `Your hand (${hand.length})`),
        h('span', { class: 'qos-seat-stats' }, `worth −${myHandValue} if the round ends now`)),
      cards.selectableCards({
        cards: sortedHand,
        label: 'Your hand',
        selection,
        toAction,
        preview,
        confirmLabel: describe,
        act: (a) => { selection.clear(); ctx.act(a); },
        cardOpts: (id) => face(id),
        disabled: !myTurn,
      }));
    // Adding a card to a set needs the set buttons redrawn when the selection changes.
    handArea.addEventListener('click', (e) => {
      const clicked = e.target.closest('button.card');
      if (!clicked) return;
      const id = clicked.dataset.card;
      queueMicrotask(() => {
        render(ctx);
        ctx.actionsEl.querySelector(`.qos-hand button[data-card="${CSS.escape(id)}"]`)?.focus();
      });
    });
  }

  const others = order.filter((s) => s !== me);
  // Opponents clockwise from the left of this seat.
  if (me !== null && me !== undefined) others.sort((a, b) => ((a - me + view.players) % view.players) - ((b - me + view.players) % view.players));

  const turnLine = (() => {
    if (view.phase === 'game-over') return 'The game is over.';
    if (view.to_act === null || view.to_act === undefined) return 'Dealing…';
    const who = view.to_act === me ? 'Your turn' : `${name(view.to_act)}'s turn`;
    return `${who}: ${phase === 'pick-up' ? 'pick up (draw, or take the whole pile)' : 'meld, add to sets, then discard'}.`;
  })();

  ctx.el.replaceChildren(h('div', { class: 'qos', dataset: { step: String(ctx.step), live: myTurn ? 'yes' : 'no' } },
    h('p', { class: `qos-turn${view.to_act === me && myTurn ? ' qos-turn-mine' : ''}` }, turnLine),
    h('div', { class: 'qos-board' },
      h('div', { class: 'qos-main' },
        h('div', { class: 'qos-opponents' }, others.map((s) => seatArea(view.seats[s], false))),
        h('div', { class: 'qos-middle' }, stock, pile),
        mine ? seatArea(mine, true) : null),
      h('div', { class: 'qos-side' }, tally, legend))));

  const extra = [];
  if (passText) extra.push(h('button', { type: 'button', class: 'action', onclick: () => ctx.act(passText) }, 'Pass (the round ends)'));
  if (drawText) extra.push(h('button', { type: 'button', class: 'action', onclick: () => ctx.act(drawText) }, 'Draw a card'));
  // The hand and the buttons go in the action area, the dock of a phone-sized page. The shell
  // writes its own hint when it stays empty (a spectator).
  const dock = [
    handArea,
    setTargets.length ? h('div', { class: 'action-list', role: 'group', 'aria-label': 'Your sets' }, setTargets) : null,
    extra.length ? h('div', { class: 'action-list' }, extra) : null,
  ].filter(Boolean);
  if (dock.length) ctx.actionsEl.replaceChildren(h('div', { class: 'qos qos-dock' }, dock));
}
