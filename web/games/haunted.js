// Haunted's table: every seat's three lines (Setting, Focus, Hidden Terror stacked as on the
// table), the stockpile and the discard pile in the middle, this seat's hand as card buttons, the
// turn's phase and window named as the rules name them, and a prompt for every choice the engine
// asks. Playing a card is two taps: the card in hand, then one of the highlighted lines.

import { h, plural } from '../dom.js';

export const ownActions = true;

if (!document.querySelector('link[data-game="haunted"]')) {
  document.head.append(h('link', { rel: 'stylesheet', href: '/games/haunted.css', dataset: { game: 'haunted' } }));
}

// ---- the deck ---------------------------------------------------------------------------------

const TYPES = {
  setting: { word: 'Setting', colour: '#1d5fa8' },
  focus: { word: 'Focus', colour: '#8a5a00' },
  terror: { word: 'Hidden Terror', colour: '#8e1b1b' },
  event: { word: 'Event', colour: '#6a3d9a' },
  action: { word: 'Action', colour: '#2e6b1f' },
  acquaintance: { word: 'Acquaintance', colour: '#4f4b44' },
};

// The cards as printed come from the engine's card data (GET /api/games/{id}/cards): names,
// what each Setting accepts and each Focus summons, what removes or cancels a card, the support
// cards' words and the scoring values. This page only puts them into sentences.
const CARDS = await fetch('/api/games/haunted/cards')
  .then((r) => (r.ok ? r.json() : null))
  .catch(() => null);
const CARD = new Map((CARDS?.cards ?? []).map((c) => [c.id, c]));
const KIND_NAMES = new Map((CARDS?.kinds ?? []).map((k) => [k.id, k.name]));
const COMPLETE_LINE = CARDS?.complete_line ?? '?';
const CARD_IN_LINE = CARDS?.card_in_line ?? '?';

/** Every card id of the deck. */
export const CARD_IDS = [...CARD.keys()];

const nameOf = (id) => CARD.get(id)?.name ?? KIND_NAMES.get(id) ?? String(id).replaceAll('-', ' ');
const names = (ids) => ids.map(nameOf).join(', ');
/** `a, b or c`. */
const either = (ids) => (ids.length < 2 ? names(ids) : `${names(ids.slice(0, -1))} or ${nameOf(ids.at(-1))}`);

/** {name, type, short, full} of a card id. */
export function info(id) {
  const c = CARD.get(id);
  if (!c) return { name: nameOf(id), type: 'event', short: '', full: String(id) };
  if (c.type === 'setting') {
    return {
      name: c.name, type: 'setting', short: `Accepts ${names(c.accepts)}.`,
      full: `Setting: starts an unstarted line. Accepts these Focuses: ${names(c.accepts)}. While alone on its line it is removed by ${either(c.removed_by)}.`,
    };
  }
  if (c.type === 'focus') {
    return {
      name: c.name, type: 'focus', short: `Summons ${names(c.summons)}.`,
      full: `Focus: played on a line whose top card is a Setting that accepts it (${names(c.accepted_by)}). Summons ${names(c.summons)}. On top of a line it is removed by ${either(c.removed_by)}.`,
    };
  }
  if (c.type === 'terror') {
    return {
      name: c.name, type: 'terror', short: 'Ends a line whose Focus summons it.',
      full: `Hidden Terror: played on a line whose top card is a Focus that summons it (${names(c.summoned_by)}). It is pending until its owner's defence window ends, then the line is complete (${COMPLETE_LINE} points). While pending it is cancelled by ${either(c.removed_by)}.${c.provenance === 'designed' ? ' (A designed stand-in for a card missing from the scan.)' : ''}`,
    };
  }
  return { name: c.name, type: c.type, short: c.short, full: `${TYPES[c.type].word}. ${c.full}` };
}

// ---- small helpers ----------------------------------------------------------------------------

function cardTitle(id) {
  const i = info(id);
  return `${i.name} (${TYPES[i.type].word}). ${i.full}`;
}

// Break points for the long words of card names, so a name wraps inside a narrow card.
const BREAKS = {
  Archaeological: 'Archaeo-logical', Enlightening: 'Enlighten-ing', Conversation: 'Conver-sation',
  Curiosities: 'Curiosi-ties', Inspiration: 'Inspi-ration', Transformation: 'Transfor-mation',
  Hallucination: 'Halluci-nation', Compartment: 'Compart-ment', Disembodied: 'Disem-bodied',
  Refreshments: 'Refresh-ments', Acquaintance: 'Acquain-tance',
};
const soft = (name) => name.split(' ').map((w) => (BREAKS[w] ? BREAKS[w].replace('-', '\u00ad') : w)).join(' ');

/** A card of the hand or a prompt: a button when `onClick` is given. */
function bigCard(id, { label, onClick, pressed, disabled, action, select } = {}) {
  const i = info(id);
  const t = TYPES[i.type];
  const body = [
    h('span', { class: 'haunted-band', style: `background:${t.colour}`, 'aria-hidden': 'true' }),
    h('span', { class: 'haunted-name', 'aria-hidden': 'true' }, soft(i.name)),
    h('span', { class: 'haunted-type', style: `color:${t.colour}`, 'aria-hidden': 'true' }, t.word),
    h('span', { class: 'haunted-short', 'aria-hidden': 'true' }, i.short),
  ];
  const cls = `haunted-card haunted-${i.type}${pressed ? ' haunted-selected' : ''}`;
  if (onClick) {
    return h('button', {
      type: 'button', class: cls, title: cardTitle(id), 'aria-label': label ?? i.name,
      'aria-pressed': pressed === undefined ? null : String(!!pressed), disabled: !!disabled, onclick: onClick,
      dataset: { card: id, ...(action ? { action } : {}), ...(select ? { select: '1' } : {}) },
    }, body);
  }
  return h('span', { class: cls, role: 'img', title: cardTitle(id), 'aria-label': label ?? `${i.name}, ${t.word}`, dataset: { card: id } }, body);
}

/** A card in a line: a strip with its name, so three fit in a narrow column. */
function stripCard(id, { fresh, pending } = {}) {
  const i = info(id);
  const t = TYPES[i.type];
  const marks = [fresh ? 'new this turn' : null, pending ? 'pending' : null].filter(Boolean);
  // A plain list item (a list may hold only those), named by hidden text for screen readers.
  return h('li', {
    class: `haunted-strip haunted-${i.type}${pending ? ' haunted-pending' : ''}`,
    title: cardTitle(id),
    dataset: { card: id },
  },
  h('span', { class: 'visually-hidden' }, `${i.name}, ${t.word}${marks.length ? `, ${marks.join(', ')}` : ''}`),
  h('span', { class: 'haunted-strip-band', style: `background:${t.colour}`, 'aria-hidden': 'true' }),
  h('span', { class: 'haunted-strip-name', 'aria-hidden': 'true' }, soft(i.name)),
  marks.length ? h('span', { class: 'haunted-strip-mark', 'aria-hidden': 'true' }, marks.join(' · ')) : null);
}

/** A compact card button (a choice among many, such as the discard pile). */
function chipCard(id, { label, action, onClick }) {
  const i = info(id);
  const t = TYPES[i.type];
  return h('button', {
    type: 'button', class: `haunted-chip haunted-${i.type}`, title: cardTitle(id), 'aria-label': label,
    onclick: onClick, dataset: { card: id, action },
  },
  h('span', { class: 'haunted-strip-band', style: `background:${t.colour}`, 'aria-hidden': 'true' }),
  h('span', { class: 'haunted-strip-name', 'aria-hidden': 'true' }, i.name),
  h('span', { class: 'haunted-chip-type', style: `color:${t.colour}`, 'aria-hidden': 'true' }, t.word));
}

function back(label) {
  return h('span', { class: 'haunted-back', role: 'img', 'aria-label': label, title: label });
}

function lineRef(text) {
  const m = /^p(\d+)\.l(\d+)$/.exec(text);
  return m ? { owner: Number(m[1]), slot: Number(m[2]) } : null;
}

/** The phase and window from the view's phase text. */
function phaseOf(text) {
  let m;
  if (text === 'turn start') return { step: 0, name: 'Turn start' };
  if (text.startsWith('phase 1')) return { step: 1, name: 'Phase 1: attack' };
  if ((m = /^phase 2 \(defence window of seat (\d+)\)/.exec(text))) return { step: 2, name: 'Phase 2: defence round', window: Number(m[1]), kind: 'defence window' };
  if ((m = /^phase 3 \(own-line window of seat (\d+)\)/.exec(text))) return { step: 3, name: 'Phase 3: own-line round', window: Number(m[1]), kind: 'own-line window' };
  if (text.startsWith('phase 4')) return { step: 4, name: 'Phase 4: discard' };
  if (text.startsWith('phase 5')) return { step: 5, name: 'Phase 5: refill' };
  if (text === 'game over') return { step: 6, name: 'Game over' };
  return { step: -1, name: text.charAt(0).toUpperCase() + text.slice(1) };
}

const STEPS = ['Turn start', '1 Attack', '2 Defence round', '3 Own-line round', '4 Discard', '5 Refill'];

/** The legal texts sorted by what they are. */
function classify(legal) {
  const out = { plays: new Map(), discards: new Map(), picks: [], sets: [], players: [], lines: [], simple: [] };
  for (const text of legal) {
    const w = text.split(' ');
    if (w[0] === 'play') {
      if (!out.plays.has(w[1])) out.plays.set(w[1], []);
      out.plays.get(w[1]).push({ text, line: lineRef(w[2]), curse: w[3] === 'curse' });
    } else if (w[0] === 'discard') out.discards.set(w[1], text);
    else if (w[0] === 'pick') out.picks.push({ text, card: w[1] });
    else if (w[0] === 'cards') out.sets.push({ text, cards: w[1] === '-' ? [] : w.slice(1) });
    else if (w[0] === 'player') out.players.push({ text, seat: Number(w[1]) });
    else if (w[0] === 'line') out.lines.push({ text, line: lineRef(w[1]) });
    else out.simple.push(text);
  }
  return out;
}

// ---- prompts ----------------------------------------------------------------------------------

/** What each prompt asks, in words: a title, an explanation, and the verb for its card choices. */
function promptText(prompt, v, who) {
  const resolving = v.resolving.length ? info(v.resolving.at(-1)).name : null;
  const by = resolving ? `${resolving}: ` : '';
  switch (prompt) {
    case 'lose-acquaintance':
      return { title: 'Discard an Acquaintance', text: `${by}${who.you ? 'you discard' : `${who.name} discards`} one Acquaintance of ${who.you ? 'your' : 'their'} choice from hand.`, verb: 'Discard' };
    case 'urchin-loot':
      return { title: 'Urchin Thief: choose the loot', text: 'Choose an Action or Acquaintance in hand to discard; the Urchin Thief then lodges in that hand (it can only leave it as the discard of phase 4).', verb: 'Discard' };
    case 'forfeit-give':
      return { title: 'Forfeit: give a replacement', text: 'You took a card at random from the player on your right. Give them a replacement: a card from your hand (not the one taken), or any card from the discard pile, after which you discard one card so your hand size stays the same.', verb: 'Give' };
    case 'forfeit-trim':
      return { title: 'Forfeit: discard one card', text: 'You gave a card from the discard pile, so now discard one card from your hand (it may be the card you took).', verb: 'Discard' };
    case 'advantage-keep':
      return { title: 'Advantage: keep a drawn card?', text: 'You drew the two cards shown privately. Keep one of them (you will then discard a card from your hand, and the other drawn card is discarded), or keep neither.', verb: 'Keep' };
    case 'advantage-discard':
      return { title: 'Advantage: discard a card', text: 'Discard one card from your hand to make room for the card you kept (not the kept card).', verb: 'Discard' };
    case 'refreshments-keep':
      return { title: 'Refreshments: which cards to keep', text: 'You are looking at the top two cards of the stockpile. Select the ones to keep (none, one or both); for each card kept you then discard one card from your hand. Cards not kept are discarded.', verb: 'Keep' };
    case 'refreshments-discard':
      return { title: 'Refreshments: discard to make room', text: 'Discard one card from your hand for a card you kept.', verb: 'Discard' };
    case 'take-acquaintance':
      return { title: 'Take an Acquaintance', text: `${by}take one Acquaintance of your choice from the discard pile into your hand.`, verb: 'Take' };
    case 'hidden-compartment-draw':
      return { title: 'Hidden Compartment: remove the brick?', text: 'Yes makes a test draw: an essential card discards one of your smallest lines entirely; a support card may move the smallest line of another player into one of your unstarted slots. No discards the Hidden Compartment with no effect.', yes: 'Yes, remove the brick (test draw)', no: 'No, leave it (no effect)' };
    case 'choose-tied-line':
      return { title: 'Choose a line (tie)', text: `${by}several lines tie for the ${resolving === 'Garrotted' ? 'largest' : 'smallest'} size. Choose the one the effect applies to.`, verb: 'Choose' };
    case 'receive-slot':
      return { title: 'Hidden Compartment: receiving slot', text: 'A line is moving to you, cards and all. Choose which of your unstarted slots receives it.', verb: 'Put the line in' };
    case 'choose-focus-line':
      return { title: 'Chance Find: remove a Focus', text: 'Choose which of your lines loses the Focus on top of it.', verb: 'Remove the Focus of' };
    case 'activate-focus-terror':
      return { title: 'Activate Focus: choose the terror', text: 'Choose a Hidden Terror from the discard pile; it is placed on the line as a pending terror (its owner may still cancel it in their window).', verb: 'Place' };
    case 'attacked-donate':
      return { title: 'Attacked!: donate a Setting', text: 'You are the first player holding a Setting: choose one of your Settings to place on an unstarted line of the attacked player.', verb: 'Place' };
    case 'attacked-line':
      return { title: 'Attacked!: choose the line', text: "Choose which of the attacked player's unstarted lines receives your Setting.", verb: 'Place the Setting on' };
    case 'attacked-replace':
      return { title: 'Attacked!: take a card', text: 'Take one card of your choice from the discard pile into your hand.', verb: 'Take' };
    case 'blood-letting-give':
      return { title: 'Blood Letting: give cards', text: 'Select cards from your hand to give to your left neighbour; they then give you as many back from the cards they held before.', verb: 'Give' };
    case 'blood-letting-return':
      return { title: 'Blood Letting: give cards back', text: 'Your right neighbour gave you cards. Select as many cards from the hand you held before to give them in return.', verb: 'Give' };
    case 'well-wishing-ask':
      return { title: 'Well-wishing Stranger: ask a player', text: 'Name a player not yet asked. If they hold an Action they must give you one; then you give them a card of your choice.', verb: 'Ask' };
    case 'well-wishing-give':
      return { title: 'Well-wishing Stranger: give an Action', text: 'You were asked and you hold an Action: give one of your choice to the player who asked.', verb: 'Give' };
    case 'well-wishing-return':
      return { title: 'Well-wishing Stranger: give a card back', text: 'You received an Action. Give the player who gave it one card of your choice from your hand (the Action may go back).', verb: 'Give' };
    case 'lap-choose-opponent':
      return { title: 'Lap of the Gods: choose an opponent', text: 'Three essential cards were revealed: the opponent you name discards their whole hand and draws as many cards.', verb: 'Choose' };
    case 'lap-keep':
      return { title: 'Lap of the Gods: keep the taken card?', text: 'You took a card at random (shown if you may see it). Keep it by discarding one of your own cards, or discard the taken card.', verb: 'Discard', none: 'Discard the taken card', yes: 'Keep it without discarding' };
    case 'test-draw-discard':
      return { title: 'Test draw: discard a card', text: 'The test card went into your hand: discard one card.', verb: 'Discard' };
    default:
      return { title: prompt ? prompt.replaceAll('-', ' ') : 'Your choice', text: '', verb: 'Choose' };
  }
}

// ---- render -----------------------------------------------------------------------------------

let last = null;

export function render(ctx) {
  last = ctx;
  const { view: v, legal, seat } = ctx;
  // Two bots may share a name: tell them apart by seat.
  const plain = ctx.names;
  ctx = { ...ctx, names: plain.map((nm, i) => (plain.filter((x) => x === nm).length > 1 ? `${nm} (seat ${i + 1})` : nm)) };
  const mem = (ctx.memory.haunted ??= { sel: null, step: null });
  const c = classify(legal);
  if (mem.selStep !== ctx.step || (mem.sel && !c.plays.has(mem.sel))) mem.sel = null;
  mem.selStep = ctx.step;
  const seatName = (i) => (i === seat ? 'you' : (ctx.names[i] ?? `Seat ${i + 1}`));
  const owner = (i) => (i === seat ? 'your' : `${ctx.names[i] ?? `Seat ${i + 1}`}'s`);
  const phase = phaseOf(v.phase);
  const me = seat !== null && seat !== undefined && !v.sits_out ? seat : null;
  const prompt = v.prompt;
  const promptOwner = prompt ? v.to_act[0] : null;
  const pt = prompt ? promptText(prompt, v, { you: promptOwner === seat, name: ctx.names[promptOwner] }) : null;
  const selPlays = mem.sel ? c.plays.get(mem.sel) : [];

  // Which line gets which button: a play target of the selected card, or a `line` answer.
  const lineButtons = new Map();
  const addLineButton = (line, btn) => {
    const k = `${line.owner}.${line.slot}`;
    if (!lineButtons.has(k)) lineButtons.set(k, []);
    lineButtons.get(k).push(btn);
  };
  for (const p of selPlays) {
    const nm = info(mem.sel).name;
    const modal = selPlays.some((x) => x.curse) || mem.sel === 'psychic' || mem.sel === 'pleasant-company';
    const mode = modal ? (p.curse ? ' (curse)' : ' (remove)') : '';
    const label = `Play ${nm} on ${owner(p.line.owner)} line ${p.line.slot + 1}${mode}`;
    addLineButton(p.line, h('button', {
      type: 'button', class: 'primary haunted-target', 'aria-label': label, title: label,
      dataset: { action: p.text }, onclick: () => { mem.sel = null; ctx.act(p.text); },
    }, `${modal ? (p.curse ? 'Curse' : 'Remove on') : 'Play on'} ${owner(p.line.owner)} line ${p.line.slot + 1}`));
  }
  for (const l of c.lines) {
    const verb = pt?.verb ?? 'Choose';
    const label = `${verb} ${owner(l.line.owner)} line ${l.line.slot + 1}`;
    addLineButton(l.line, h('button', {
      type: 'button', class: 'primary haunted-target', 'aria-label': label, title: label,
      dataset: { action: l.text }, onclick: () => ctx.act(l.text),
    }, `${verb} ${owner(l.line.owner)} line ${l.line.slot + 1}`));
  }

  // ---- the phase strip
  const active = v.active;
  const windowText = phase.window !== undefined
    ? `${phase.window === seat ? 'your' : `${ctx.names[phase.window]}'s`} ${phase.kind}` : null;
  const statusLine = v.over
    ? (v.loser !== null && v.loser !== undefined
      ? `${ctx.names[v.loser]} ${v.loser === seat ? '(you) ' : ''}completed ${v.tiebreak ? 'a line' : 'every line'} and lost. Lowest score wins.`
      : 'The round limit ended the game: everyone is scored, lowest wins.')
    : `${active === seat ? 'Your' : `${ctx.names[active]}'s`} turn · ${phase.name}${windowText ? ` · ${windowText}` : ''}`;
  const strip = h('div', { class: 'haunted-status' },
    h('ol', { class: 'haunted-phases', 'aria-label': 'Turn phases' },
      STEPS.map((s, i) => h('li', { class: i === phase.step ? 'current' : '', 'aria-current': i === phase.step ? 'step' : null }, s))),
    h('p', { class: 'haunted-now' }, statusLine),
    prompt && promptOwner !== seat && !ctx.replay
      ? h('p', { class: 'haunted-waiting' }, `Waiting for ${ctx.names[promptOwner]}: ${pt.title}.`) : null,
    v.tiebreak ? h('p', { class: 'haunted-note' }, `Tie-break short game ${v.tiebreak.game} among ${v.tiebreak.seats.map((s) => ctx.names[s]).join(', ')}: the first complete line loses.${v.sits_out ? ' You sit it out.' : ''}`) : null,
    v.revealed.length ? h('div', { class: 'haunted-shown' }, h('span', {}, 'Revealed: '), v.revealed.map((id) => bigCard(id))) : null,
    v.resolving.length ? h('div', { class: 'haunted-shown' }, h('span', {}, 'Resolving: '), v.resolving.map((id) => bigCard(id))) : null);

  // ---- seats: others first, then the piles, then this seat's lines and hand (as on a table)
  const order = [];
  const n = v.players;
  const base = me ?? 0;
  for (let k = 1; k <= n; k++) order.push((base + k) % n);
  const others = me === null ? order : order.filter((i) => i !== me);
  const need = v.tiebreak ? 1 : 3;

  const seatPanel = (i) => {
    const lines = v.lines[i];
    const complete = lines.filter((l) => l.complete).length;
    const acting = v.to_act.includes(i);
    const out = v.tiebreak && !v.tiebreak.seats.includes(i);
    return h('section', {
      class: `haunted-seat${i === active ? ' haunted-active' : ''}${acting ? ' haunted-acting' : ''}${i === seat ? ' haunted-mine' : ''}`,
      'aria-label': `${i === seat ? 'Your' : `${ctx.names[i]}'s`} lines`,
    },
    h('header', { class: 'haunted-seat-head' },
      h('h3', {}, ctx.names[i] ?? `Seat ${i + 1}`, i === seat ? ' (you)' : ''),
      i === active ? h('span', { class: 'haunted-badge' }, i === seat ? 'your turn' : 'their turn') : null,
      acting ? h('span', { class: 'haunted-badge haunted-badge-act' }, 'to act') : null,
      h('span', { class: 'haunted-meta' }, back(`${v.hand_sizes[i]} cards in hand`), `×${v.hand_sizes[i]}`),
      h('span', { class: 'haunted-meta', title: `score: ${COMPLETE_LINE} per complete line, ${CARD_IN_LINE} per card in an incomplete line; lowest wins` }, plural(v.scores[i], 'pt')),
      h('span', { class: 'haunted-meta' }, `${complete}/${need} complete`),
      v.skips[i] ? h('span', { class: 'haunted-badge haunted-badge-skip' }, `misses ${v.skips[i] === 1 ? 'next turn' : `${v.skips[i]} turns`}`) : null,
      out ? h('span', { class: 'haunted-badge' }, 'sits out') : null),
    h('div', { class: 'haunted-lines' }, lines.map((l, slot) => {
      const targets = lineButtons.get(`${i}.${slot}`) ?? [];
      const state = l.complete ? 'complete' : l.pending ? 'pending terror' : l.cards.length ? 'started' : 'unstarted';
      return h('div', {
        class: `haunted-line${l.complete ? ' haunted-complete' : ''}${l.pending ? ' haunted-line-pending' : ''}${targets.length ? ' haunted-targetable' : ''}`,
        role: 'group', 'aria-label': `${i === seat ? 'Your' : `${ctx.names[i]}'s`} line ${slot + 1}, ${state}`,
      },
      h('div', { class: 'haunted-line-head' },
        h('span', {}, `Line ${slot + 1}`),
        l.complete ? h('span', { class: 'haunted-tag haunted-tag-complete' }, 'complete') : null,
        l.pending ? h('span', { class: 'haunted-tag haunted-tag-pending' }, 'pending') : null,
        l.used && phase.step === 1 ? h('span', { class: 'haunted-tag', title: 'already received a card in phase 1' }, 'used') : null),
      l.cards.length
        ? h('ol', { class: 'haunted-stack' }, l.cards.map((id, j) => stripCard(id, {
          fresh: l.fresh[j] && (phase.step === 1 || phase.step === 2),
          pending: l.pending && j === l.cards.length - 1 && info(id).type === 'terror',
        })))
        : h('p', { class: 'haunted-empty' }, l.complete ? 'counted complete' : 'unstarted'),
      // Its buttons are in the action area (the phone's dock), where the hand is.
      targets.length ? h('span', { class: 'haunted-tag haunted-tag-target' }, 'choose it below') : null);
    })));
  };

  const topDiscard = v.discard.at(-1);
  const piles = h('section', { class: 'haunted-piles', 'aria-label': 'Stockpile and discard pile' },
    h('div', { class: 'haunted-pile' }, h('span', { class: 'haunted-pile-name' }, 'Stockpile'), back(`stockpile, ${v.stock} cards`), h('span', {}, `${v.stock} cards`)),
    h('div', { class: 'haunted-pile' }, h('span', { class: 'haunted-pile-name' }, 'Discard pile'),
      topDiscard ? bigCard(topDiscard, { label: `top of the discard pile: ${info(topDiscard).name}` }) : h('span', { class: 'haunted-empty' }, 'empty'),
      h('span', {}, `${v.discard.length} cards`)),
    v.discard.length > 1
      ? h('details', { class: 'haunted-discard-list' }, h('summary', {}, `Every discarded card (${v.discard.length})`),
        h('ul', {}, [...v.discard].reverse().map((id) => h('li', { title: cardTitle(id), dataset: { card: id } },
          h('span', { class: 'haunted-dot', style: `background:${TYPES[info(id).type].colour}`, 'aria-hidden': 'true' }), info(id).name))))
      : null);

  // ---- the hand
  const pickSet = new Set(c.picks.map((p) => p.card));
  const handPickLabel = (id) => (prompt === 'forfeit-give'
    ? `Give ${info(id).name} from your hand` : `${pt?.verb ?? 'Choose'} ${info(id).name}`);
  let handNode = null;
  const setPrompt = c.sets.length > 0;
  if (me !== null) {
    const hand = v.hand;
    const cardsInHand = hand.map((id) => {
      const nm = info(id).name;
      if (c.plays.has(id)) {
        const pressed = mem.sel === id;
        return bigCard(id, {
          label: nm, pressed, select: true,
          onClick: () => {
            mem.sel = pressed ? null : id;
            rerender(mem.sel ? '.haunted-target' : `[data-card="${id}"]`);
          },
        });
      }
      if (c.discards.has(id)) {
        return bigCard(id, { label: `Discard ${nm}`, action: c.discards.get(id), onClick: () => ctx.act(c.discards.get(id)) });
      }
      if (pickSet.has(id) && !setPrompt) {
        const text = `pick ${id}`;
        return bigCard(id, { label: handPickLabel(id), action: text, onClick: () => ctx.act(text) });
      }
      return bigCard(id);
    });
    const lodged = v.holds_lodged ? h('p', { class: 'haunted-note' }, 'The Urchin Thief is lodged in your hand: it leaves only as your discard in phase 4.') : null;
    handNode = h('section', { class: 'haunted-hand', 'aria-label': 'Your hand' },
      h('h3', {}, `Your hand (${hand.length})`),
      lodged,
      v.looking_at.length ? h('div', { class: 'haunted-shown' }, h('span', {}, 'You are looking at: '),
        v.looking_at.map((id) => (pickSet.has(id) && !setPrompt ? null : bigCard(id)))) : null,
      setPrompt && !v.looking_at.length
        ? h('p', { class: 'haunted-note' }, 'Your hand is in the prompt: select cards there.')
        : h('div', { class: 'haunted-row', role: 'group', 'aria-label': 'Cards in your hand' }, setPrompt ? hand.map((id) => bigCard(id)) : cardsInHand));
  }

  ctx.el.replaceChildren(h('div', { class: 'haunted', dataset: { step: String(ctx.step) } },
    strip,
    h('div', { class: 'haunted-others' }, others.map(seatPanel)),
    piles,
    me !== null ? seatPanel(me) : null));

  // ---- the action area: the prompt, what the choice means, and the controls not on cards
  const panel = [];
  let cancel = null;
  if (legal.length) {
    let title;
    let text;
    if (prompt) {
      title = pt.title;
      text = pt.text;
    } else if (phase.step === 0) {
      title = 'Turn start';
      text = 'Take a normal turn, or redraw: discard your whole hand and draw a new one instead of a turn (the other players still get their own-line windows).';
    } else if (phase.step === 1) {
      title = 'Phase 1: attack';
      text = "Play cards from your hand onto other players' lines, at most one card on each line this phase: tap a card, then a highlighted line. End the phase when you are done.";
    } else if (phase.step === 2) {
      title = 'Phase 2: your defence window';
      text = 'You may play defensive cards on your own lines against cards that arrived this turn (marked "new this turn"). When this window ends, every pending terror on your lines completes its line.';
    } else if (phase.step === 3) {
      title = 'Phase 3: your own-line window';
      text = 'You may play any cards on your own lines, with no limit per line. A terror you place on yourself completes its line when this window ends.';
    } else if (phase.step === 4) {
      title = 'Phase 4: discard';
      text = 'Discard one card from your hand: tap it.';
    } else {
      title = phase.name;
      text = '';
    }
    panel.push(h('h3', { class: 'haunted-prompt-title' }, title));
    if (text) panel.push(h('p', { class: 'haunted-prompt-text', title: text }, text));

    if (mem.sel) {
      const nm = info(mem.sel).name;
      panel.push(h('p', { class: 'haunted-prompt-sel' }, `${nm} selected: ${info(mem.sel).short} Choose one of the highlighted lines (${selPlays.length} ${selPlays.length === 1 ? 'choice' : 'choices'}).`));
      const id = mem.sel;
      cancel = h('button', {
        type: 'button', 'aria-label': `Cancel: keep ${nm} in hand`,
        onclick: () => { mem.sel = null; rerender(`[data-card="${id}"]`); },
      }, `Cancel ${nm}`);
    } else if (c.plays.size) {
      panel.push(h('p', { class: 'haunted-prompt-sel' }, `${c.plays.size} of your cards can be played now (the highlighted ones in your hand).`));
    }
    if (c.lines.length) panel.push(h('p', { class: 'haunted-prompt-sel' }, 'Choose one of the highlighted lines on the table.'));
    const targetButtons = [...lineButtons.values()].flat();
    if (targetButtons.length) panel.push(h('div', { class: 'haunted-buttons haunted-targets', role: 'group', 'aria-label': 'Lines to choose' }, targetButtons));

    // Cards to pick that are not in the hand: the discard pile, cards looked at, revealed cards.
    const handSet = new Set(v.hand);
    const elsewhere = c.picks.filter((p) => !handSet.has(p.card));
    if (elsewhere.length) {
      const fromDiscard = new Set(v.discard);
      const where = (id) => (v.looking_at.includes(id) ? 'drawn' : fromDiscard.has(id) ? 'from the discard pile' : '');
      const verb = pt?.verb ?? 'Choose';
      const many = elsewhere.length > 4;
      const allDiscard = elsewhere.every((p) => fromDiscard.has(p.card));
      const allLooked = elsewhere.every((p) => v.looking_at.includes(p.card));
      if (allDiscard || allLooked) panel.push(h('p', { class: 'haunted-prompt-from' }, allDiscard ? 'From the discard pile:' : 'The cards you drew:'));
      panel.push(h('div', { class: many ? 'haunted-chips scroll-list' : 'haunted-row', role: 'group', 'aria-label': 'Cards to choose from' },
        elsewhere.map((p) => {
          const w = where(p.card);
          const opts = { label: `${verb} ${info(p.card).name}${w ? ` ${w}` : ''}`, action: p.text, onClick: () => ctx.act(p.text) };
          return many ? chipCard(p.card, opts) : bigCard(p.card, opts);
        })));
    }
    if (c.picks.some((p) => handSet.has(p.card)) && !setPrompt) {
      panel.push(h('p', { class: 'haunted-prompt-sel' }, `${elsewhere.length ? 'Or tap' : 'Tap'} one of the highlighted cards in your hand.`));
    }

    // A choice of several cards: select them, see what it means, confirm.
    if (setPrompt) {
      const pool = [...new Set(c.sets.flatMap((s) => s.cards))];
      const fromLook = pool.every((id) => v.looking_at.includes(id)) && v.looking_at.length;
      const cardsShown = fromLook ? v.looking_at : v.hand;
      const sizes = [...new Set(c.sets.map((s) => s.cards.length))].sort();
      const verb = pt?.verb ?? 'Choose';
      mem.set ??= new Set();
      if (mem.setStep !== ctx.step) { mem.set.clear(); mem.setStep = ctx.step; }
      const bar = h('div', { class: 'haunted-selection' });
      const preview = h('p', { class: 'haunted-preview', 'aria-live': 'polite' });
      const confirm = h('button', { type: 'button', class: 'primary' }, 'Confirm');
      const row = h('div', { class: 'haunted-row', role: 'group', 'aria-label': `Select the cards to ${verb.toLowerCase()}` });
      const redraw = () => {
        const sel = cardsShown.filter((id) => mem.set.has(id));
        const want = [...sel].sort().join(' ');
        const match = c.sets.find((s) => [...s.cards].sort().join(' ') === want);
        row.replaceChildren(...cardsShown.map((id) => bigCard(id, {
          label: pool.includes(id) ? info(id).name : `${info(id).name} (cannot be chosen)`,
          pressed: mem.set.has(id), select: true, disabled: !pool.includes(id),
          onClick: () => {
            if (mem.set.has(id)) mem.set.delete(id); else mem.set.add(id);
            redraw();
            row.querySelector(`[data-card="${CSS.escape(id)}"]`)?.focus();
          },
        })));
        const names2 = sel.map((id) => info(id).name).join(' and ');
        const allowed = sizes.map(String).join(' or ');
        if (match) {
          preview.textContent = prompt === 'refreshments-keep'
            ? (sel.length ? `Keep ${names2}; you will then discard ${sel.length} ${sel.length === 1 ? 'card' : 'cards'} from your hand.` : 'Keep nothing: both cards are discarded.')
            : `${verb} ${names2 || 'nothing'}.`;
        } else {
          preview.textContent = `Select ${allowed} ${sizes.length === 1 && sizes[0] === 1 ? 'card' : 'cards'}${sel.length ? ` (${sel.length} selected)` : ''}.`;
        }
        confirm.textContent = match ? (match.cards.length ? `Confirm: ${verb.toLowerCase()} ${names2}` : (prompt === 'refreshments-keep' ? 'Confirm: keep nothing' : 'Confirm: nothing')) : 'Confirm';
        confirm.setAttribute('aria-label', confirm.textContent);
        confirm.disabled = !match;
        confirm.dataset.action = match ? match.text : '';
        confirm.onclick = () => match && ctx.act(match.text);
      };
      redraw();
      bar.append(row, h('div', { class: 'haunted-buttons' }, preview, confirm));
      panel.push(bar);
    }

    // Everything else: named buttons.
    const buttons = cancel ? [cancel] : [];
    for (const p of c.players) {
      const label = `${pt?.verb ?? 'Choose'} ${ctx.names[p.seat]}`;
      buttons.push(h('button', { type: 'button', class: 'primary', 'aria-label': label, dataset: { action: p.text }, onclick: () => ctx.act(p.text) }, label));
    }
    for (const t of c.simple) {
      let label;
      let cls = '';
      switch (t) {
        case 'begin': label = 'Take a normal turn'; cls = 'primary'; break;
        case 'redraw': label = 'Redraw: new hand, no turn'; break;
        case 'pass':
          label = phase.step === 1 ? 'End phase 1 (attack)'
            : phase.step === 2 ? 'End my defence window'
              : phase.step === 3 ? 'End my own-line window'
                : phase.step === 4 ? 'Keep every card (no discard)' : 'Pass';
          break;
        case 'yes': label = pt?.yes ?? 'Yes'; cls = 'primary'; break;
        case 'no': label = pt?.no ?? 'No'; break;
        case 'none': label = pt?.none ?? (prompt === 'advantage-keep' ? 'Keep neither drawn card' : 'Keep nothing'); break;
        default: label = t;
      }
      buttons.push(h('button', { type: 'button', class: cls, 'aria-label': label, dataset: { action: t }, onclick: () => ctx.act(t) }, label));
    }
    if (buttons.length) panel.push(h('div', { class: 'haunted-buttons' }, buttons));
  }
  // The hand and the prompt go in the action area, the dock of a phone-sized page.
  // When the choice is made in the prompt (a set of cards), the prompt comes first.
  const promptNode = panel.length ? h('div', { class: 'haunted-prompt' }, panel) : null;
  const dock = (setPrompt ? [promptNode, handNode] : [handNode, promptNode]).filter(Boolean);
  ctx.actionsEl.replaceChildren(...(dock.length ? [h('div', { class: 'haunted-dock' }, dock)] : []));
}

/** Draws again after a local change (a card selected), then focuses `selector`. */
function rerender(selector) {
  if (!last) return;
  last.actionsEl.replaceChildren();
  render(last);
  const el = document.querySelector(`#game ${selector}, #actions ${selector}`);
  el?.focus();
}
