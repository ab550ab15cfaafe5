// Reading the Play: the table as it lies in front of the players. Each seat has its hand
// (backs for the others) and its face-up Sequence of Line cards. The middle holds the deck, the
// Yellow Signs, the removed area and, during a trade, the pool. The Player's phases and the other
// players' windows (the pointing vote, trade commitments, the Line 315 interrupt) are prompts
// with buttons. Cards are buttons where the action is "this card". Choosing Traders (a set of
// seats) and starting a Sequence (a run of cards) are made by selecting the seats or cards
// themselves, with a preview before the confirm button.

const ID = 'reading-the-play';

export const ownActions = true;

// The cards as printed come from the engine's card data (GET /api/games/{id}/cards); the view
// sends only ids. If it cannot be loaded, Line cards are drawn by number without titles.
const CARDS = await fetch(`/api/games/${ID}/cards`)
  .then((r) => (r.ok ? r.json() : null))
  .catch(() => null);
const STANZAS = (CARDS?.stanzas ?? []).map((s) => [s.first, s.last, s.name]);
// One band colour per stanza (dark enough for white text and for the band on a light card).
const STANZA_COLOURS = ['#5b3a8c', '#1d5fa8', '#2e6b5e', '#6b4e2e', '#8a3b12', '#a4161a', '#6f5a00'];
const LINE = new Map((CARDS?.lines ?? []).map(({ number, first, last, title }) => [number, { n: number, first, last, title }]));
const MAX_LINE = Math.max(...LINE.keys());

const YELLOW = 'yellow-sign';
const ELDER = 'elder-sign';
const YELLOW_TOTAL = CARDS?.yellow_signs ?? 0;
const ELDER_TOTAL = CARDS?.elder_signs ?? 0;

const lineNumber = (id) => {
  const m = /^line-(\d+)$/.exec(String(id));
  return m ? Number(m[1]) : null;
};
const stanzaOf = (n) => STANZAS.findIndex(([first, last]) => n >= first && n <= last);

/** The accessible name of a card id: "Line 305", "Yellow Sign", "Elder Sign". */
export function cardLabel(id) {
  if (id === YELLOW) return 'Yellow Sign';
  if (id === ELDER) return 'Elder Sign';
  const n = lineNumber(id);
  return n === null ? String(id) : `Line ${n}`;
}

/** A card's full text, for hover and long-press. */
function cardText(id) {
  if (id === YELLOW) {
    return 'Yellow Sign: dead weight in hand. If the Player holds three or more at the check (phase 3), the game ends and everyone loses. An Elder Sign cancels one.';
  }
  if (id === ELDER) {
    return 'Elder Sign: holding it and a Yellow Sign, the Player may play it (phase 2); both leave the game.';
  }
  const n = lineNumber(id);
  const line = LINE.get(n);
  if (!line) return cardLabel(id);
  const s = STANZAS[stanzaOf(n)];
  const role = n === MAX_LINE ? ' Revealing it ends the play, unless another player answers with Line 315.'
    : n === MAX_LINE - 1 ? ' It can answer a revealed Line 316 and stop the end.' : '';
  return `Line ${n}: “${line.title}”. Stanza ${s ? `“${s[2]}”, ` : ''}lines ${line.first}–${line.last} (${line.last - line.first + 1} cards).${role}`;
}

function svg(children, label) {
  const NS = 'http://www.w3.org/2000/svg';
  const el = document.createElementNS(NS, 'svg');
  el.setAttribute('viewBox', '0 0 24 24');
  el.setAttribute('class', 'reading-the-play-glyph');
  el.setAttribute('aria-hidden', 'true');
  el.setAttribute('focusable', 'false');
  if (label) el.dataset.glyph = label;
  for (const [tag, attrs] of children) {
    const c = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) c.setAttribute(k, v);
    el.append(c);
  }
  return el;
}

// The Yellow Sign: three hooked arms around a centre. The Elder Sign: a five-pointed star.
const yellowGlyph = () => svg([0, 120, 240].map((deg) => ['path', {
  d: 'M12 12 C12 7 14.5 4 18 4.5 C15.5 5.5 14.5 8 15.5 11',
  fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round',
  transform: `rotate(${deg} 12 12)`,
}]).concat([['circle', { cx: '12', cy: '12', r: '1.8', fill: 'currentColor' }]]), 'yellow');
const elderGlyph = () => svg([['path', {
  d: 'M12 2.5 L14.6 9.2 L21.6 9.4 L16.1 13.8 L18 20.6 L12 16.6 L6 20.6 L7.9 13.8 L2.4 9.4 L9.4 9.2 Z',
  fill: 'none', stroke: 'currentColor', 'stroke-width': '1.6', 'stroke-linejoin': 'round',
}], ['circle', { cx: '12', cy: '12', r: '2', fill: 'currentColor' }]], 'elder');

/** Options for `cards.card` drawing one of this game's cards. */
function cardOpts(h, id, extra = {}) {
  const base = { label: cardLabel(id), title: cardText(id) };
  if (id === YELLOW) return { ...base, rank: yellowGlyph(), suit: 'Yellow', colour: '#7a5c00', ...extra };
  if (id === ELDER) return { ...base, rank: elderGlyph(), suit: 'Elder', colour: '#2f5d50', ...extra };
  const n = lineNumber(id);
  const line = LINE.get(n);
  const colour = STANZA_COLOURS[stanzaOf(n)] ?? '#37474f';
  return {
    ...base,
    rank: String(n ?? id),
    suit: '',
    colour,
    extra: line ? h('span', { class: 'reading-the-play-ends' }, h('span', {}, String(line.first)), h('span', {}, String(line.last))) : null,
    ...extra,
  };
}

/** The score of a Sequence: the most of its cards inside one stanza. */
function sequenceScore(ids) {
  const counts = new Map();
  for (const id of ids) {
    const s = stanzaOf(lineNumber(id));
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
}

function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

function listNames(names) {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The legal texts read into the choices they offer. */
function readLegal(legal) {
  const out = {
    point: new Map(), draw: null, trades: [], commit: new Map(), keep: new Map(), give: new Map(),
    starts: [], other: new Map(),
  };
  for (const text of legal) {
    const w = text.split(/\s+/);
    switch (w[0]) {
      case 'point': out.point.set(Number(w[1]), text); break;
      case 'draw': out.draw = text; break;
      case 'trade': out.trades.push({ seats: w.slice(1).map(Number), text }); break;
      case 'commit': out.commit.set(w[1], text); break;
      case 'keep': out.keep.set(w[1], text); break;
      case 'give': out.give.set(w[2], text); break;
      case 'start': out.starts.push({ low: lineNumber(w[1]), high: lineNumber(w[2]), text }); break;
      default: out.other.set(text, text);
    }
  }
  return out;
}

// The six phases of a turn, as the rules number them.
const PHASES = [
  ['1', 'Draw or trade'],
  ['2', 'Elder Signs'],
  ['3', 'Yellow Sign check'],
  ['4', 'Sequence'],
  ['5', 'Line 316'],
  ['6', 'Next player'],
];
const PHASE_INDEX = {
  'draw-or-trade': [0], 'trade-commit': [0], 'trade-keep': [0], 'trade-give': [0],
  'elder-sign': [1], sequencing: [3], 'finish-the-play': [4], interrupt: [4], 'player-turn': [1, 2, 3, 4],
};

function ensureStyles(h) {
  if (document.querySelector(`link[data-game="${ID}"]`)) return;
  document.head.append(h('link', { rel: 'stylesheet', href: `/games/${ID}.css`, dataset: { game: ID } }));
}

export function render(ctx) {
  const { h, cards, view } = ctx;
  ensureStyles(h);
  const n = ctx.players ?? view.players;
  const names = displayNames(ctx.names, n);
  const me = ctx.seat;
  const who = (s) => (s === me ? 'you' : names[s]);
  const Who = (s) => (s === me ? 'You' : names[s]);
  const legal = ctx.legal ?? [];
  const L = readLegal(legal);
  const phase = view.phase;
  const over = phase === 'over' || ctx.status === 'finished';
  const toAct = view.to_act ?? [];
  const player = view.player;
  const trade = view.trade;
  const mySeat = me === null || me === undefined ? null : view.seats[me];
  const hand = mySeat?.hand ?? [];

  // Selections kept across redraws, cleared when the turn or phase moves on.
  const mem = (ctx.memory[ID] ??= {});
  const key = `${view.turns}/${phase}/${player}`;
  if (mem.key !== key) {
    mem.key = key;
    mem.traders = new Set();
    mem.seq = new Set();
  }

  const button = (text, label, cls = '') => h('button', {
    type: 'button', class: `reading-the-play-action ${cls}`.trim(), dataset: { action: text }, onclick: () => ctx.act(text),
  }, label);
  const drawCard = (id, extra = {}) => cards.card(id, cardOpts(h, id, extra));
  const playCard = (id, text, label) => {
    const el = drawCard(id, { onClick: () => ctx.act(text), label });
    el.dataset.action = text;
    return el;
  };

  // ---- the prompt: which phase, and what this seat is asked ---------------------------------
  const actions = [];
  let prompt = '';
  let promptWho = null;
  const myTurnNow = me !== null && toAct.includes(me) && !ctx.replay;

  const tradeable = new Set(L.trades.flatMap((t) => t.seats));
  const tradeText = () => {
    const want = [...mem.traders].sort((a, b) => a - b).join(' ');
    return L.trades.find((t) => t.seats.join(' ') === want)?.text ?? null;
  };
  const tradeBar = h('div', { class: 'reading-the-play-trade-bar' });
  const drawTradeBar = () => {
    const text = tradeText();
    const chosen = [...mem.traders].sort((a, b) => a - b);
    const preview = chosen.length
      ? (text
        ? `${listNames(chosen.map((s) => names[s]))} and you each put one card in the pool face down; you keep one and give one back to each.`
        : 'That set of Traders is not possible now.')
      : 'To trade, choose one or more Traders on the table.';
    tradeBar.replaceChildren(
      h('p', { class: 'reading-the-play-preview', 'aria-live': 'polite' }, preview),
      h('button', {
        type: 'button', class: 'primary reading-the-play-action', disabled: !text, dataset: { action: text ?? '' },
        onclick: () => text && ctx.act(text),
      }, text ? `Confirm the trade with ${listNames(chosen.map((s) => names[s]))}` : 'Confirm the trade'),
    );
    for (const b of ctx.el.querySelectorAll('[data-trader]')) {
      b.setAttribute('aria-pressed', String(mem.traders.has(Number(b.dataset.trader))));
    }
  };
  for (const s of [...mem.traders]) if (!tradeable.has(s)) mem.traders.delete(s);

  switch (phase) {
    case 'vote':
      promptWho = null;
      if (L.point.size) {
        prompt = 'Point at another player. The player most pointed at becomes the first Player.';
        // In the action area (the phone's dock), not on the seats: all of them within reach.
        for (const [s, text] of L.point) actions.push(button(text, `Point at ${names[s]}`, 'primary'));
      }
      else if (view.my_vote !== null && view.my_vote !== undefined) prompt = `You point at ${names[view.my_vote]}. Waiting for ${listNames(toAct.map(who))}.`;
      else prompt = `The players point at each other to choose the first Player. Waiting for ${listNames(toAct.map(who))}.`;
      if (view.tied_votes) prompt += ` ${plural(view.tied_votes, 'tied vote')} so far${view.tied_votes >= 2 ? '; after the third, the lot decides among the tied' : ''}.`;
      break;
    case 'draw-or-trade':
      promptWho = player;
      if (player === me && legal.length) {
        prompt = L.trades.length && L.draw ? 'Draw the top card, or choose Traders and trade.'
          : L.draw ? 'Draw the top card (you cannot trade now).' : 'Choose Traders and trade (the deck is empty).';
        if (L.draw) actions.push(button(L.draw, 'Draw a card', 'primary'));
        if (L.trades.length) actions.push(tradeBar);
      } else prompt = `${Who(player)} ${player === me ? 'draw' : 'draws'} or trades.`;
      break;
    case 'trade-commit': {
      promptWho = player;
      const traders = trade?.traders ?? [];
      if (L.commit.size) {
        prompt = player === me
          ? 'Put one of your cards in the pool face down (never a Yellow Sign): click it in your hand.'
          : `${names[player]} is trading with you: put one card in the pool face down. Click it in your hand.`;
      } else if (trade?.my_card) {
        prompt = `Your card is in the pool. Waiting for ${listNames(toAct.map(who))}.`;
      } else {
        prompt = `${Who(player)} ${player === me ? 'trade' : 'trades'} with ${listNames(traders.map(who))}. Waiting for ${listNames(toAct.map(who))} to put a card in.`;
      }
      break;
    }
    case 'trade-keep':
      promptWho = player;
      prompt = L.keep.size
        ? `Keep one card from the pool${[...L.keep.keys()].every((k) => k === YELLOW) ? ': there is a Yellow Sign in it, so you must keep a Yellow Sign' : ''}. Click it.`
        : `${Who(player)} ${player === me ? 'choose' : 'chooses'} a card to keep from the pool.`;
      break;
    case 'trade-give': {
      promptWho = player;
      const next = trade?.to_receive?.[0];
      prompt = L.give.size
        ? `Give ${names[next]} one card from the pool: click it.`
        : `${Who(player)} ${player === me ? 'hand' : 'hands'} the pooled cards back${next !== undefined ? `; next to receive: ${who(next)}` : ''}.`;
      break;
    }
    case 'elder-sign':
      promptWho = player;
      prompt = 'You hold an Elder Sign and a Yellow Sign. Play the Elder Sign to remove both from the game?';
      if (L.other.has('play elder-sign')) actions.push(button('play elder-sign', 'Play an Elder Sign (cancel a Yellow Sign)', 'primary'));
      if (L.other.has('decline elder-sign')) actions.push(button('decline elder-sign', 'Keep the Elder Sign'));
      break;
    case 'sequencing':
      promptWho = player;
      if (L.starts.length) {
        const forced = !L.other.has('decline sequence');
        prompt = forced
          ? 'You hold a run of three or more Lines: you must start your Sequence with a whole run. Select its cards in your hand.'
          : 'You may start your Sequence with a whole run of consecutive Lines: select its cards in your hand.';
      } else prompt = 'Your Sequence.';
      if (L.other.has('decline sequence')) actions.push(button('decline sequence', 'Do not start a Sequence'));
      break;
    case 'finish-the-play':
      promptWho = player;
      prompt = 'You hold Line 316. Reveal it to end the play (another player may answer with Line 315), or hold it.';
      if (L.other.has('reveal pair')) actions.push(button('reveal pair', 'Reveal Lines 315 and 316 together', 'primary'));
      if (L.other.has('reveal')) actions.push(button('reveal', 'Reveal Line 316', L.other.has('reveal pair') ? '' : 'primary'));
      if (L.other.has('hold')) actions.push(button('hold', 'Hold Line 316'));
      break;
    case 'interrupt':
      promptWho = player;
      if (L.other.has('interrupt') || L.other.has('pass')) {
        prompt = L.other.has('interrupt')
          ? `${names[player]} revealed Line 316. Answer with your Line 315 to stop the end of the play, or pass.`
          : `${names[player]} revealed Line 316. The play ends unless someone answers with Line 315. Pass.`;
        if (L.other.has('interrupt')) actions.push(button('interrupt', 'Play Line 315 (interrupt)', 'primary'));
        if (L.other.has('pass')) actions.push(button('pass', 'Pass'));
      } else {
        prompt = player === me
          ? `You revealed Line 316. Waiting for ${listNames(toAct.map(who))} to answer.`
          : `${names[player]} revealed Line 316.${view.my_answer ? ` You answered: ${view.my_answer}.` : ''} Waiting for ${listNames(toAct.map(who))}.`;
      }
      break;
    case 'player-turn':
      promptWho = player;
      prompt = `${names[player]} plays Elder Signs, checks Yellow Signs, builds a Sequence, and may reveal Line 316.`;
      break;
    case 'deal':
    case 'lot':
    case 'shuffle':
      prompt = 'Shuffling and dealing…';
      break;
    default:
      break;
  }
  if (over) prompt = endText(view, names, me);

  const phaseTrack = PHASE_INDEX[phase] && player !== null && player !== undefined && !over
    ? h('ol', { class: 'reading-the-play-phases', 'aria-label': `Phases of ${player === me ? 'your' : `${names[player]}'s`} turn` },
      PHASES.map(([num, label], i) => {
        const on = PHASE_INDEX[phase].includes(i);
        return h('li', { class: on ? 'reading-the-play-phase-on' : '', 'aria-current': on ? 'step' : null }, h('span', { class: 'reading-the-play-phase-num' }, num), ' ', label);
      }))
    : null;

  const promptBox = h('section', {
    class: `reading-the-play-prompt${myTurnNow ? ' reading-the-play-prompt-mine' : ''}${over ? ' reading-the-play-prompt-over' : ''}`,
    'aria-label': over ? 'The end of the play' : 'What happens now',
  },
  phaseTrack,
  h('p', { class: 'reading-the-play-prompt-text' },
    promptWho !== null && promptWho !== undefined && !over
      ? h('strong', {}, promptWho === me ? 'Your turn' : `${names[promptWho]} is the Player`, ': ')
      : null,
    prompt));

  // ---- each seat: hand, Sequence, role ------------------------------------------------------
  const seatPanel = (sv) => {
    const s = sv.seat;
    const mine = s === me;
    const badges = [];
    if (player === s && !over) badges.push(h('span', { class: 'reading-the-play-badge reading-the-play-badge-player' }, 'Player'));
    if (trade?.traders?.includes(s)) badges.push(h('span', { class: 'reading-the-play-badge' }, 'Trader'));
    if (toAct.includes(s) && !over) badges.push(h('span', { class: 'reading-the-play-badge reading-the-play-badge-act' }, 'to act'));
    if (phase === 'trade-commit' && trade?.committed?.includes(s)) badges.push(h('span', { class: 'reading-the-play-badge' }, 'card in'));
    if (phase === 'interrupt' && view.answered?.includes(s)) badges.push(h('span', { class: 'reading-the-play-badge' }, 'answered'));
    if (over && view.winners?.includes(s)) badges.push(h('span', { class: 'reading-the-play-badge reading-the-play-badge-win' }, 'winner'));
    if (view.final_round_ends_after === s && !over) badges.push(h('span', { class: 'reading-the-play-badge' }, 'last turn'));

    const vote = view.votes?.[s];
    const voteLine = (phase === 'vote' || view.turns === 0) && vote !== null && vote !== undefined
      ? h('p', { class: 'reading-the-play-note' }, `Pointed at ${who(vote)}`) : null;

    // The hand: own cards face up (drawn below), others as backs plus the cards this seat has
    // seen go there.
    let handPart = null;
    if (!mine) {
      const known = sv.known ?? [];
      const backs = Math.max(0, sv.hand_size - known.length);
      const shown = Math.min(backs, 6);
      handPart = h('div', { class: 'reading-the-play-hand-other' },
        h('div', { class: 'reading-the-play-fan', role: 'img', 'aria-label': `${names[s]}'s hand: ${plural(sv.hand_size, 'card')}`, title: `${plural(sv.hand_size, 'card')} in hand` },
          Array.from({ length: shown }, () => {
            const b = cards.cardBack('face-down card', { small: true });
            b.setAttribute('aria-hidden', 'true');
            b.removeAttribute('role');
            return b;
          }),
          backs > shown ? h('span', { class: 'reading-the-play-more', 'aria-hidden': 'true' }, `+${backs - shown}`) : null),
        h('span', { class: 'reading-the-play-count' }, plural(sv.hand_size, 'card')),
        known.length ? cards.cardRow(`Cards you know ${names[s]} holds`, known.map((id) => drawCard(id, { small: true }))) : null,
        known.length ? h('span', { class: 'reading-the-play-note' }, 'known to you') : null);
    }

    const seq = sv.sequence ?? [];
    const seqPart = h('div', { class: 'reading-the-play-seq' },
      h('div', { class: 'reading-the-play-seq-head' },
        h('span', { class: 'reading-the-play-label' }, 'Sequence'),
        h('span', { class: 'reading-the-play-score', title: 'Score: the most cards of one stanza in the Sequence' }, `score ${sv.score ?? sequenceScore(seq)}`)),
      seq.length
        ? cards.cardRow(`${mine ? 'Your' : `${names[s]}'s`} Sequence, low to high`, seq.map((id) => drawCard(id, { small: !mine })))
        : h('p', { class: 'reading-the-play-empty' }, 'not started'),
      seq.length && !over ? h('p', { class: 'reading-the-play-note' }, seqEnds(seq)) : null);

    // Actions on the seat itself: choosing it as a Trader.
    const seatActions = [];
    if (tradeable.has(s)) {
      seatActions.push(h('button', {
        type: 'button', class: 'reading-the-play-toggle', 'aria-pressed': String(mem.traders.has(s)), dataset: { trader: String(s) },
        onclick: () => {
          if (mem.traders.has(s)) mem.traders.delete(s); else mem.traders.add(s);
          drawTradeBar();
        },
      }, `Trade with ${names[s]}`));
    }

    return h('section', {
      class: `reading-the-play-seat${mine ? ' reading-the-play-seat-me' : ''}${player === s && !over ? ' reading-the-play-seat-player' : ''}${toAct.includes(s) && !over ? ' reading-the-play-seat-acting' : ''}`,
      'aria-label': mine ? 'Your place' : `${names[s]}'s place`,
    },
    h('header', { class: 'reading-the-play-seat-head' }, h('span', { class: 'reading-the-play-seat-name' }, mine ? `${names[s]} (you)` : names[s]), badges),
    voteLine,
    handPart,
    seqPart,
    seatActions.length ? h('div', { class: 'reading-the-play-seat-actions' }, seatActions) : null);
  };

  // ---- the middle of the table ----------------------------------------------------------------
  const removed = view.removed ?? [];
  const yellowOut = removed.filter((c) => c === YELLOW).length;
  const elderOut = removed.filter((c) => c === ELDER).length;
  const yellowMine = hand.filter((c) => c === YELLOW).length;
  const yellowTrack = h('div', { class: 'reading-the-play-yellow', role: 'group', 'aria-label': 'The Yellow Signs' },
    h('span', { class: 'reading-the-play-label' }, 'Yellow Signs'),
    h('span', { class: 'reading-the-play-pips', role: 'img', 'aria-label': `${yellowOut} of ${YELLOW_TOTAL} out of the game${mySeat ? `, ${yellowMine} in your hand` : ''}` },
      Array.from({ length: YELLOW_TOTAL }, (_, i) => {
        const state = i < yellowOut ? 'out' : i < yellowOut + yellowMine ? 'mine' : 'unseen';
        return h('span', { class: `reading-the-play-pip reading-the-play-pip-${state}`, 'aria-hidden': 'true', title: { out: 'out of the game', mine: 'in your hand', unseen: 'deck or hands' }[state] }, yellowGlyph());
      })),
    h('span', { class: 'reading-the-play-note' }, `${yellowOut} out${mySeat ? `, ${yellowMine} in your hand` : ''}; three in the Player's hand and everyone loses`),
    h('span', { class: 'reading-the-play-note' }, `Elder Signs played: ${elderOut} of ${ELDER_TOTAL}`));

  const deck = h('div', { class: 'reading-the-play-deck' },
    view.deck > 0
      ? cards.cardBack(`Deck: ${plural(view.deck, 'card')}`)
      : h('span', { class: 'reading-the-play-deck-empty', role: 'img', 'aria-label': 'Deck: empty' }, 'empty'),
    h('span', { class: 'reading-the-play-label' }, `Deck ${view.deck}`));

  const turnInfo = h('div', { class: 'reading-the-play-turninfo' },
    h('span', {}, `Turn ${view.turns + (over ? 0 : 1)}${view.turn_limit ? ` of at most ${view.turn_limit}` : ''}`),
    view.final_round_ends_after !== null && view.final_round_ends_after !== undefined && !over
      ? h('span', { class: 'reading-the-play-final' }, `Final round: the play ends after ${who(view.final_round_ends_after)}${view.final_round_ends_after === me ? 'r' : "'s"} turn`)
      : null);

  const faceUp = view.face_up
    ? h('div', { class: 'reading-the-play-faceup' }, h('span', { class: 'reading-the-play-label' }, `Revealed by ${who(player)}`), drawCard(view.face_up))
    : null;

  let pool = null;
  // Keeping or giving a pool card is this seat's choice: the pool goes in the phone's dock.
  const poolInDock = (phase === 'trade-keep' && L.keep.size > 0) || (phase === 'trade-give' && L.give.size > 0);
  if (trade && !over) {
    let poolCards;
    if (trade.pool) {
      // The Player sees the pool (sorted, so nobody's card can be told apart).
      poolCards = trade.pool.map((id) => {
        if (phase === 'trade-keep' && L.keep.has(id)) return playCard(id, L.keep.get(id), `Keep ${cardLabel(id)}`);
        if (phase === 'trade-give' && L.give.has(id)) {
          const to = trade.to_receive?.[0];
          return playCard(id, L.give.get(id), `Give ${cardLabel(id)} to ${names[to]}`);
        }
        return drawCard(id, { small: true, extra: null });
      });
    } else {
      poolCards = Array.from({ length: trade.pool_size }, () => cards.cardBack('face-down card in the pool', { small: true }));
    }
    pool = h('section', { class: 'reading-the-play-pool', 'aria-label': 'The trade' },
      h('p', { class: 'reading-the-play-label' }, `Trade: ${who(trade.player)} with ${listNames(trade.traders.map(who))}`),
      poolCards.length
        ? cards.cardRow('The trade pool', poolCards)
        : h('p', { class: 'reading-the-play-empty' }, 'no card in the pool yet'),
      trade.my_card ? h('p', { class: 'reading-the-play-note' }, 'Your card in the pool: ', drawCard(trade.my_card, { small: true })) : null,
      phase === 'trade-give' && trade.to_receive?.length
        ? h('p', { class: 'reading-the-play-note' }, `Still to receive a card: ${listNames(trade.to_receive.map(who))}`) : null);
  }

  const removedArea = h('div', { class: 'reading-the-play-removed' },
    h('span', { class: 'reading-the-play-label' }, 'Removed from the game'),
    removed.length
      ? cards.cardRow('Removed from the game', removed.map((id) => drawCard(id, { small: true })))
      : h('p', { class: 'reading-the-play-empty' }, 'nothing yet'));

  const stage = h('section', { class: 'reading-the-play-stage', 'aria-label': 'The middle of the table' },
    h('div', { class: 'reading-the-play-stage-row' }, deck, yellowTrack, removedArea, faceUp),
    turnInfo,
    poolInDock ? null : pool);

  // ---- your hand ------------------------------------------------------------------------------
  let handArea = null;
  if (mySeat) {
    const order = (id) => lineNumber(id) ?? (id === YELLOW ? 10000 : 10001);
    const sorted = [...hand].sort((a, b) => order(a) - order(b));
    let handCards;
    if (phase === 'sequencing' && L.starts.length) {
      handCards = cards.selectableCards({
        cards: sorted,
        label: 'Your hand: select a run to start your Sequence',
        selection: mem.seq,
        cardOpts: (id) => cardOpts(h, id),
        toAction: (sel) => startFor(sel, L.starts),
        preview: (sel, action) => startPreview(sel, action, L.starts),
        confirmLabel: (action) => {
          const st = L.starts.find((x) => x.text === action);
          return `Start the Sequence ${st.low}–${st.high}`;
        },
        act: ctx.act,
      });
      const runs = h('p', { class: 'reading-the-play-note' }, `Runs you can start with: ${L.starts.map((x) => (x.low === x.high ? `${x.low}` : `${x.low}–${x.high}`)).join(', ')}`);
      handCards = h('div', {}, handCards, runs);
    } else if (phase === 'trade-commit' && L.commit.size) {
      handCards = cards.cardRow('Your hand', sorted.map((id) => (L.commit.has(id)
        ? playCard(id, L.commit.get(id), `Put ${cardLabel(id)} in the pool`)
        : drawCard(id, { onClick: () => {}, disabled: true, label: `${cardLabel(id)} (cannot be traded)` }))));
    } else {
      handCards = sorted.length ? cards.cardRow('Your hand', sorted.map((id) => drawCard(id))) : h('p', { class: 'reading-the-play-empty' }, 'no cards');
    }
    handArea = h('section', { class: 'reading-the-play-hand', 'aria-label': 'Your hand' },
      h('div', { class: 'reading-the-play-seq-head' },
        h('span', { class: 'reading-the-play-label' }, `Your hand (${hand.length})`),
        yellowMine ? h('span', { class: `reading-the-play-warn${yellowMine >= 2 ? ' reading-the-play-warn-high' : ''}` }, `${plural(yellowMine, 'Yellow Sign')} in hand`) : null),
      handCards);
  }

  const others = [];
  for (let k = 1; k <= n; k++) {
    const s = ((me ?? -1) + k + n) % n;
    if (s !== me) others.push(view.seats[s]);
  }
  if (me === null || me === undefined) others.sort((a, b) => a.seat - b.seat);

  ctx.el.replaceChildren(h('div', { class: 'reading-the-play', dataset: { step: String(ctx.step), names: JSON.stringify(names) } },
    promptBox,
    h('div', { class: 'reading-the-play-others' }, others.map(seatPanel)),
    stage,
    mySeat ? h('div', { class: 'reading-the-play-mine' }, seatPanel(mySeat)) : null));

  // The hand and the buttons go in the action area, the dock of a phone-sized page.
  const live = actions.length && !ctx.replay;
  if (handArea || live || (poolInDock && pool)) {
    ctx.actionsEl.replaceChildren(h('div', { class: 'reading-the-play reading-the-play-dock' },
      poolInDock ? pool : null,
      handArea,
      live ? h('div', { class: 'action-list reading-the-play-actions' }, actions) : null));
    if (live && actions.includes(tradeBar)) drawTradeBar();
  }
}

/** Seat names, with the seat number added where two seats share a name (three random bots). */
function displayNames(given, n) {
  const raw = Array.from({ length: n }, (_, i) => given?.[i] ?? `Seat ${i + 1}`);
  return raw.map((name, i) => (raw.filter((x) => x === name).length > 1 ? `${name} (seat ${i + 1})` : name));
}

/** "Next: Line 292 above, Line 288 below" for a Sequence, in the Line Numbers that exist. */
function seqEnds(seq) {
  const lo = lineNumber(seq[0]);
  const hi = lineNumber(seq.at(-1));
  const parts = [];
  if (LINE.has(lo - 1)) parts.push(`${lo - 1} below`);
  if (LINE.has(hi + 1)) parts.push(`${hi + 1} above`);
  return parts.length ? `Grows with ${parts.join(' or ')}` : 'complete at both ends';
}

/** The `start` text whose run is exactly the selected cards, or null. */
function startFor(sel, starts) {
  const nums = sel.map(lineNumber);
  if (!nums.length || nums.some((x) => x === null)) return null;
  nums.sort((a, b) => a - b);
  const st = starts.find((x) => x.low === nums[0] && x.high === nums.at(-1));
  if (!st || nums.length !== st.high - st.low + 1) return null;
  return st.text;
}

function startPreview(sel, action, starts) {
  if (action) {
    const st = starts.find((x) => x.text === action);
    const ids = [];
    for (let k = st.low; k <= st.high; k++) ids.push(`line-${k}`);
    return `A Sequence of ${plural(ids.length, 'card')}, ${st.low}–${st.high}: scores ${sequenceScore(ids)}.`;
  }
  if (!sel.length) return 'Select the cards of a run.';
  if (sel.some((id) => lineNumber(id) === null)) return 'Signs cannot join a Sequence.';
  const nums = sel.map(lineNumber).sort((a, b) => a - b);
  if (nums.includes(MAX_LINE)) return 'Line 316 never starts a Sequence; it can only be revealed.';
  const st = starts.find((x) => nums[0] >= x.low && nums.at(-1) <= x.high);
  if (st) return `Take the whole run ${st.low}–${st.high}.`;
  return 'Not a run you can start with.';
}

/** The end of the play in words, naming seats (names keep their own capitals). */
function endText(view, names, me) {
  const nameOf = (s) => (s === me ? 'you' : names[s]);
  const cap = (t) => (/^(you|the) /.test(t) ? `${t[0].toUpperCase()}${t.slice(1)}` : t);
  const result = (view.result ?? '').replace(/seat (\d+)/g, (_, s) => nameOf(Number(s)));
  const winners = view.winners ?? [];
  if (/everyone loses/.test(result)) {
    const m = /^(.*?) revealed/.exec(result);
    return `Everyone loses: ${m ? m[1] : 'the Player'} held three Yellow Signs at the check. Nobody wins.`;
  }
  const how = result ? `${cap(result)}.` : 'The play is over.';
  if (!winners.length) return `${how} Nobody wins: no one has a Sequence that scores.`;
  const best = view.seats[winners[0]]?.score ?? 0;
  const w = winners.map(nameOf);
  const verb = winners.length > 1 ? 'share the win' : (winners[0] === me ? 'win' : 'wins');
  return `${how} ${cap(`${listNames(w)} ${verb} `)}with a score of ${best}.`;
}
