// The table page (/play/{id} for a seat, /watch/{id} for spectators): the shell around a game
// module. It keeps the connection, the header (whose turn, seats, clocks, scores), the action
// area, the log, the end-of-game summary, resigning, rematches and the replay; the game area is
// drawn by web/games/<game>.js when there is one, else by the generic renderer.

import { h, replace, plural } from './dom.js';
import * as cards from './cards.js';
import * as generic from './generic.js';
import { Connection } from './connection.js';
import * as alerts from './alerts.js';
import * as presence from './presence.js';
import { drawMenu } from './menu.js';
import { markLastMove } from './lastmove.js';
import { openRules, choiceHelpButton } from './rules.js';
import * as rematch from './rematch.js';
import * as pass from './pass.js';

const [, mode, tableId] = location.pathname.split('/');
const spectating = mode === 'watch';
const tokenKey = `parlour.token.${tableId}`;

/** The seat's token: taken out of the address (so it stays out of the history and of shared
 * screenshots) into this tab's sessionStorage, with localStorage as a fallback for new tabs. */
function takeToken() {
  if (spectating) return null;
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get('token');
  if (fromUrl) {
    sessionStorage.setItem(tokenKey, fromUrl);
    localStorage.setItem(tokenKey, fromUrl);
    params.delete('token');
    const rest = params.toString();
    history.replaceState(null, '', location.pathname + (rest ? `?${rest}` : '') + location.hash);
    return fromUrl;
  }
  return sessionStorage.getItem(tokenKey) ?? localStorage.getItem(tokenKey);
}

// Pass and play: several people's seats on this device (web/pass.js); the token is the shown seat's.
const local = spectating ? null : pass.localSeats(tableId);
let token = local ? null : takeToken();
// Its `origin` is the server's public address once the welcome tells it.
const seatLink = token ? { table: tableId, token, origin: null } : null;
drawMenu(document.getElementById('menu'), seatLink, [
  h('button', { type: 'button', 'aria-haspopup': 'dialog', onclick: () => { if (gameEntry()) openRules(gameEntry(), page.summary.options); } }, 'How to play'),
]);

const $ = (id) => document.getElementById(id);
const ui = {
  title: $('game-title'),
  turn: $('turn'),
  conn: $('connection'),
  alert: $('alert'),
  seats: $('seats'),
  game: $('game'),
  actions: $('actions'),
  actionsSection: $('actions-section'),
  summary: $('summary'),
  controls: $('controls'),
  replayBar: $('replay-bar'),
  log: $('log'),
};

const page = {
  summary: null, // the table summary (welcome)
  seat: null, // this connection's seat, null for spectators
  state: null, // the newest `state`
  log: [], // [{text, kind: 'game' | 'notice'}]
  notices: [],
  clockAt: 0, // performance.now() when the newest clock arrived
  module: null,
  moduleName: '',
  games: [],
  pending: false, // an `act` was sent and its answer has not come
  confirmResign: false,
  rematch: null, // a new table's id
  offer: null, // the open rematch offer (`rematch-offer`)
  accepted: false, // this page accepted a rematch offer
  replay: null, // {data, index, seat} while replaying
  memory: {}, // kept across renders for the game module (a selection being built)
  hint: null, // {step, action}: the solver's answer to `hint`
};

/** The names people read, in seat order: the server's label ("Greedy bot 2"), or else the
 * person's name or the bot's spec. */
function names() {
  return (page.summary?.seats ?? []).map((s, i) => s.label || (s.kind === 'bot' ? `${s.name} bot` : s.name) || `Seat ${i + 1}`);
}

/** Whether this table's game has a solver that gives hints (it offers the `solver` bot). */
function hintable() {
  return page.games.find((g) => g.id === page.summary?.game)?.bots?.includes('solver') ?? false;
}

/** This table's game as GET /api/games lists it (its options with their help), once known. */
function gameEntry() {
  return page.games.find((g) => g.id === page.summary?.game) ?? null;
}

function gameName(id) {
  return page.games.find((g) => g.id === id)?.name ?? id;
}

function showAlert(text) {
  replace(ui.alert, text ?? '');
  ui.alert.hidden = !text;
}

// The phone's docked bars (style.css) lie over the table: their heights pad the page's scrolling,
// so a control scrolled into view (the keyboard focus) is not left under them.
const bars = new ResizeObserver(() => {
  const root = document.documentElement.style;
  root.setProperty('--status-h', `${ui.turn.parentElement.offsetHeight}px`);
  root.setProperty('--dock-h', `${ui.actionsSection.offsetHeight}px`);
});
bars.observe(ui.turn.parentElement);
bars.observe(ui.actionsSection);

// ---- the connection -------------------------------------------------------------------------

let conn = null;
let passPlay = null;
if (local) {
  passPlay = new pass.PassAndPlay({ table: tableId, seats: local, onStatus, onMessage, clear: clearPrivate, names });
} else if (!spectating && !token) {
  showAlert('This page needs the seat\'s link (with its token). Ask the table\'s creator for it, or watch instead.');
  replace(ui.turn, h('a', { href: `/watch/${tableId}` }, 'Watch this table'));
} else {
  conn = new Connection({ table: tableId, token, onStatus, onMessage });
}

function onStatus(status, detail) {
  ui.conn.dataset.status = status;
  replace(ui.conn, {
    connecting: 'connecting…',
    open: 'connected',
    reconnecting: 'reconnecting…',
    closed: 'disconnected',
  }[status]);
  if (status === 'closed' && detail) showAlert(detail);
  draw();
}

/** Pass and play: takes the shown seat's private view (game, actions, log, replay) off the page
 * before the device goes to the next person; the public header stays. */
function clearPrivate() {
  Object.assign(page, { state: null, log: [...page.notices], memory: {}, hint: null, replay: null, pending: false, confirmResign: false });
  for (const el of [ui.game, ui.actions, ui.log, ui.summary, ui.replayBar]) el.replaceChildren();
  ui.summary.hidden = true;
}

fetch('/api/games').then((r) => r.json()).then((g) => { page.games = g; drawHeader(); }).catch(() => {});

async function loadModule(game) {
  if (page.moduleName === game) return;
  page.moduleName = game;
  try {
    page.module = await import(`/games/${encodeURIComponent(game)}.js`);
  } catch (e) {
    if (!String(e).includes('Failed to fetch')) console.warn(`games/${game}.js failed to load; using the generic table`, e);
    page.module = generic;
  }
  draw();
}

function onMessage(msg) {
  switch (msg.type) {
    case 'welcome':
      if (passPlay) ({ conn, token } = passPlay);
      page.summary = msg.table;
      page.seat = msg.seat;
      if (seatLink) seatLink.origin = msg.public_url ?? null;
      page.rematch = msg.table.rematch ?? page.rematch;
      // The welcome's log is everything so far; notices are not part of it and are kept.
      page.log = msg.log.map((text) => ({ text, kind: 'game' }));
      page.log.push(...page.notices);
      document.title = `${gameName(msg.table.game)} · parlour`;
      loadModule(msg.table.game);
      presence.joined(conn, msg.seat);
      break;
    case 'state':
      if (passPlay?.check(msg)) return;
      page.state = msg;
      page.pending = false;
      page.clockAt = performance.now();
      if (page.summary) {
        page.summary.status = msg.status;
        page.summary.step = msg.step;
        // Play starts only once every person has joined.
        if (msg.status !== 'waiting') for (const s of page.summary.seats) s.joined = true;
      }
      for (const text of msg.events) page.log.push({ text, kind: 'game' });
      if (msg.status !== 'playing') page.confirmResign = false;
      showAlert('');
      alerts.setTurn(page.seat !== null && msg.status === 'playing' && msg.to_act.includes(page.seat),
        gameName(page.summary?.game), names()[page.seat] ?? '');
      break;
    case 'presence':
      presence.update(msg);
      break;
    case 'rejected':
      page.pending = false;
      showAlert(`Not accepted: ${msg.reason}`);
      if (msg.code === 'stale') conn?.send({ type: 'view' });
      break;
    case 'notice': {
      const n = { text: msg.text, kind: 'notice' };
      page.notices.push(n);
      page.log.push(n);
      break;
    }
    case 'hint':
      page.hint = { step: msg.step, action: msg.action };
      break;
    case 'rematch-offer':
      page.offer = rematch.openOffer(msg);
      if (!page.offer) page.accepted = false;
      break;
    case 'rematch':
      page.rematch = msg.table;
      // Only a seat that accepted moves; the others are offered the way there.
      if (page.seat !== null && token && (page.accepted || rematch.accepted(page.offer, page.seat))) {
        goToRematch();
        return;
      }
      break;
    default:
      return;
  }
  draw();
}

function goToRematch() {
  if (!page.rematch) return;
  if (passPlay) pass.keepLocal(page.rematch, local);
  if (page.seat !== null && token) {
    // The rematch keeps every seat's token: carry it over without putting it in the address.
    sessionStorage.setItem(`parlour.token.${page.rematch}`, token);
    localStorage.setItem(`parlour.token.${page.rematch}`, token);
    location.assign(`/play/${page.rematch}`);
  } else {
    location.assign(`/watch/${page.rematch}`);
  }
}

function sendRematch(msg) {
  if (msg.type === 'rematch') page.accepted = true;
  // On one device, everyone on it accepts together.
  if (passPlay && msg.type === 'rematch') passPlay.sendAll(msg);
  else conn?.send(msg);
}

function act(text) {
  if (page.replay || page.pending || !page.state) return;
  if (conn?.send({ type: 'act', action: text, step: page.state.step })) {
    page.pending = true;
    draw();
  } else {
    showAlert('Not connected: the action was not sent. Reconnecting…');
  }
}

// ---- drawing ---------------------------------------------------------------------------------

function draw() {
  drawHeader();
  drawGame();
  drawSummary();
  drawControls();
  drawLog();
}

/** The state shown: the live one, or the replay's current step. */
function shown() {
  if (page.replay) {
    const { data, index } = page.replay;
    const s = data.steps[index];
    const last = index === data.steps.length - 1;
    return {
      step: s.step,
      status: last ? data.status : 'playing',
      view: s.view,
      to_act: s.to_act,
      legal: [],
      scores: s.scores,
      outcome: last ? data.outcome : null,
      clock: null,
      seat: data.seat,
    };
  }
  const st = page.state;
  if (!st) return null;
  return { ...st, scores: st.outcome?.scores ?? viewScores(st.view), seat: page.seat };
}

/** Running scores, where the game's view has them (`scores`: one number per seat). */
function viewScores(view) {
  const n = page.summary?.players ?? 0;
  // A module may say where its view keeps them (Queen of Scots: each seat's `total`).
  const s = page.module?.scores?.(view) ?? view?.scores ?? view?.totals ?? view?.score;
  if (Array.isArray(s) && s.length === n && s.every((x) => typeof x === 'number')) return s;
  return null;
}

function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const sec = String(total % 60).padStart(2, '0');
  return `${m}:${sec}`;
}

/** A seat's clock now: the bank when the state was sent, counted down while it runs. */
function clockMs(seat) {
  const c = page.state?.clock;
  if (!c || page.replay) return null;
  const base = c.remaining_ms?.[seat];
  if (typeof base !== 'number') return null;
  const running = (c.running ?? []).includes(seat) && page.state.status === 'playing';
  return running ? base - (performance.now() - page.clockAt) : base;
}

function drawHeader() {
  const s = page.summary;
  replace(ui.title, s ? gameName(s.game) : 'Table');
  const view = shown();
  if (!s || !view) return;
  const n = names();
  const toAct = view.to_act ?? [];
  let turn;
  if (page.replay) {
    turn = `Replay as ${n[page.replay.data.seat] ?? `Seat ${page.replay.data.seat + 1}`}: step ${view.step} of ${page.replay.data.steps.at(-1).step}`;
  } else if (view.status === 'waiting') {
    const missing = s.seats.filter((x) => !x.joined).map((x) => x.label || x.name);
    turn = `Waiting for ${missing.join(', ') || 'the players'} to join`;
  } else if (view.status === 'finished') {
    const o = view.outcome;
    const own = page.module?.outcomeText?.(view.view);
    if (o?.resigned !== undefined && o?.resigned !== null) turn = `Finished: ${n[o.resigned]} resigned`;
    else if (own) turn = `Finished: ${own}`;
    else if (o?.winners?.length) turn = `Finished: ${o.winners.map((w) => n[w]).join(' and ')} ${o.winners.length > 1 ? 'win' : 'wins'}`;
    else turn = 'Finished';
  } else if (page.seat !== null && toAct.includes(page.seat)) {
    const others = toAct.filter((x) => x !== page.seat).map((x) => n[x]);
    turn = others.length ? `Your turn (with ${others.join(', ')})` : 'Your turn';
    if (passPlay) turn = turn.replace('Your turn', `Your turn, ${n[page.seat]}`);
  } else if (toAct.length) {
    turn = `Waiting for ${toAct.map((x) => n[x]).join(', ')}`;
  } else {
    turn = 'Dealing…';
  }
  const legal = page.replay || page.pending ? [] : (view.legal ?? []);
  replace(ui.turn, turn, legal.length && gameEntry() ? choiceHelpButton(gameEntry(), legal, s.options) : null);
  presence.drawNotice($('presence-notice'));
  ui.turn.classList.toggle('your-turn', !page.replay && view.status === 'playing' && toAct.includes(page.seat));

  replace(ui.seats, s.seats.map((seat) => {
    const i = seat.seat;
    const acting = view.status === 'playing' && toAct.includes(i);
    const ms = clockMs(i);
    const score = view.scores?.[i];
    // A game that words its own ending (a solo score) has no winner to badge.
    const winner = view.status === 'finished' && view.outcome?.winners?.includes(i) && !page.module?.outcomeText;
    return h('li', {
      class: `seat${acting ? ' acting' : ''}${i === view.seat ? ' me' : ''}`,
      'aria-current': acting ? 'true' : null,
    },
    h('span', { class: 'seat-name' }, n[i], i === view.seat ? ' (you)' : ''),
    acting ? h('span', { class: 'badge' }, 'to act') : null,
    winner ? h('span', { class: 'badge win' }, 'winner') : null,
    seat.kind === 'human' && !seat.joined ? h('span', { class: 'badge muted' }, 'not joined') : presence.badge(i),
    score !== undefined && score !== null ? h('span', { class: 'seat-score', title: 'score' }, plural(score, 'pt')) : null,
    ms !== null ? h('span', { class: `clock${ms < 30000 ? ' low' : ''}`, dataset: { seat: String(i) }, role: 'timer', 'aria-label': `${n[i]}'s clock` }, clockText(ms)) : null);
  }));
}

// Clocks tick locally between states.
setInterval(() => {
  for (const el of ui.seats.querySelectorAll('.clock')) {
    const ms = clockMs(Number(el.dataset.seat));
    if (ms !== null) {
      el.textContent = clockText(ms);
      el.classList.toggle('low', ms < 30000);
    }
  }
  if (page.seat !== null && !page.replay) alerts.clockTick(clockMs(page.seat), gameName(page.summary?.game), names()[page.seat] ?? '');
}, 250);

function context(view) {
  const live = !page.replay;
  const legal = live && !page.pending ? (view.legal ?? []) : [];
  return {
    view: view.view,
    legal,
    seat: view.seat,
    players: page.summary.players,
    names: names(),
    step: view.step,
    status: view.status,
    toAct: view.to_act ?? [],
    outcome: view.outcome ?? null,
    scores: view.scores ?? null,
    options: page.summary.options,
    memory: page.memory,
    replay: !live,
    hint: live && view.seat !== null && hintable() ? {
      /** Asks the server's solver for this seat's move; `action` is set once it answers. */
      ask: () => conn?.send({ type: 'hint' }),
      action: page.hint?.step === view.step ? page.hint.action : null,
    } : null,
    act: live ? act : () => {},
    el: ui.game,
    actionsEl: ui.actions,
    /** Draws `texts` (default: every legal action) as buttons in the action area. */
    actionButtons: (texts = legal) => actionButtons(texts),
    cards,
    h,
    generic,
  };
}

function actionButtons(texts) {
  replace(ui.actions, texts.length
    ? h('div', { class: 'action-list' }, texts.map((t) => h('button', { type: 'button', class: 'action', onclick: () => act(t) }, t)))
    : null);
}

/** What identifies a focused control across a redraw: its card, its name, or its text. */
function focusKey(el) {
  if (!el || el === document.body || !el.closest('#game, #actions')) return null;
  return el.dataset.card ?? el.getAttribute('aria-label') ?? el.textContent;
}

/** Focuses the redrawn control matching `key`, so keyboard players keep their place. */
function refocus(key) {
  if (key === null || document.activeElement?.closest('#game, #actions')) return;
  const found = [...document.querySelectorAll('#game button, #actions button, #game input, #game select')]
    .find((el) => focusKey(el) === key);
  found?.focus();
}

function drawGame() {
  const view = shown();
  if (!view || !page.summary || !page.module) return;
  const focused = focusKey(document.activeElement);
  const ctx = context(view);
  ui.game.dataset.step = String(view.step);
  ui.actions.replaceChildren();
  try {
    page.module.render(ctx);
  } catch (e) {
    console.error(`games/${page.moduleName}.js failed to draw this view`, e);
    generic.render(ctx);
  }
  markLastMove(ui.game, view.step);
  if (!page.module.ownActions || page.module === generic) actionButtons(ctx.legal);
  const waiting = !page.replay && view.seat !== null && ctx.toAct.includes(view.seat) && view.status === 'playing';
  if (!ui.actions.childElementCount) {
    replace(ui.actions, h('p', { class: 'muted' },
      page.replay ? 'A replay: nothing to play.'
        : page.pending ? 'Sent…'
          : waiting ? 'Choose on the table.'
            : view.seat === null ? 'You are watching.' : 'Nothing to do now.'));
  }
  ui.actionsSection.classList.toggle('your-turn', waiting && !page.pending);
  // Nothing is left to play: on a phone the hand need not stay docked over the table.
  ui.actionsSection.classList.toggle('at-rest', view.status === 'finished' || Boolean(page.replay));
  refocus(focused);
}

function drawSummary() {
  const view = shown();
  const o = view?.outcome;
  ui.summary.hidden = !(view?.status === 'finished' && o);
  if (ui.summary.hidden) return;
  const n = names();
  const own = page.module?.outcomeText?.(view.view);
  const order = [...o.scores.keys()].sort((a, b) => o.scores[b] - o.scores[a]);
  replace(ui.summary,
    h('h2', {}, 'Game over'),
    o.resigned !== undefined && o.resigned !== null ? h('p', {}, `${n[o.resigned]} resigned; the scores are those when the game stopped.`) : null,
    h('table', { class: 'scores' },
      h('caption', { class: 'visually-hidden' }, 'Final scores'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Score'), h('th', { scope: 'col' }, 'Result'))),
      h('tbody', {}, order.map((i) => h('tr', { class: o.winners.includes(i) && !own ? 'winner' : '' },
        h('th', { scope: 'row' }, n[i], i === view.seat ? ' (you)' : ''),
        h('td', { class: 'num', dataset: { seat: String(i) } }, o.scores[i]),
        h('td', {}, o.resigned === i ? 'resigned' : (own ?? (o.winners.includes(i) ? 'winner' : ''))))))));
}

function drawControls() {
  const st = page.state;
  const items = [];
  if (page.replay) {
    ui.controls.replaceChildren();
    drawReplayBar();
    return;
  }
  ui.replayBar.hidden = true;
  if (st && page.seat !== null && st.status !== 'finished') {
    if (page.confirmResign) {
      items.push(h('span', { class: 'confirm' }, 'Resign and lose this game?',
        h('button', { type: 'button', class: 'danger', onclick: () => { conn?.send({ type: 'resign' }); page.confirmResign = false; draw(); } }, 'Yes, resign'),
        h('button', { type: 'button', onclick: () => { page.confirmResign = false; draw(); } }, 'Keep playing')));
    } else {
      items.push(h('button', { type: 'button', onclick: () => { page.confirmResign = true; draw(); } }, 'Resign…'));
    }
  }
  if (st?.status === 'finished') {
    items.push(h('button', { type: 'button', onclick: startReplay }, 'Replay'));
    if (page.rematch) {
      items.push(h('button', { type: 'button', class: 'primary', onclick: goToRematch }, page.seat !== null ? 'Go to the rematch' : 'Watch the rematch'));
    } else {
      items.push(...rematch.controls({ offer: page.offer, seat: page.seat, names: names(), send: sendRematch }));
    }
  }
  items.push(h('a', { href: '/', class: 'button-link' }, 'Lobby'));
  replace(ui.controls, items);
}

function drawLog() {
  let lines = page.log;
  if (page.replay) {
    lines = page.replay.data.steps.slice(0, page.replay.index + 1).flatMap((s) => s.events.map((text) => ({ text, kind: 'game' })));
  }
  const atEnd = ui.log.scrollHeight - ui.log.scrollTop - ui.log.clientHeight < 40;
  replace(ui.log, lines.map((l) => h('li', { class: `log-${l.kind}` }, l.text)));
  if (atEnd || page.replay) ui.log.scrollTop = ui.log.scrollHeight;
}

// ---- replay ----------------------------------------------------------------------------------

async function startReplay(seat) {
  const s = typeof seat === 'number' ? seat : (page.seat ?? 0);
  const own = page.seat !== null && s === page.seat && token;
  const url = own ? `/api/tables/${tableId}/replay` : `/api/tables/${tableId}/replay?seat=${s}`;
  const r = await fetch(url, own ? { headers: { Authorization: `Bearer ${token}` } } : {});
  if (!r.ok) {
    showAlert(`The replay could not be loaded: ${(await r.json().catch(() => ({}))).error ?? r.status}`);
    return;
  }
  const data = await r.json();
  page.replay = { data, index: page.replay?.index !== undefined ? Math.min(page.replay.index, data.steps.length - 1) : 0 };
  draw();
}

function goTo(i) {
  const max = page.replay.data.steps.length - 1;
  page.replay.index = Math.max(0, Math.min(max, i));
  draw();
}

function drawReplayBar() {
  ui.replayBar.hidden = false;
  const { data, index } = page.replay;
  const max = data.steps.length - 1;
  const n = names();
  const slider = h('input', {
    type: 'range', min: 0, max, value: String(index), 'aria-label': 'Replay step',
    oninput: (e) => goTo(Number(e.target.value)),
  });
  replace(ui.replayBar,
    h('button', { type: 'button', onclick: () => goTo(0), disabled: index === 0 }, 'First'),
    h('button', { type: 'button', onclick: () => goTo(index - 1), disabled: index === 0 }, 'Previous'),
    slider,
    h('button', { type: 'button', onclick: () => goTo(index + 1), disabled: index === max }, 'Next'),
    h('button', { type: 'button', onclick: () => goTo(max), disabled: index === max }, 'Last'),
    h('label', {}, 'Seen by ',
      h('select', { onchange: (e) => startReplay(Number(e.target.value)) },
        n.map((name, i) => h('option', { value: String(i), selected: i === data.seat }, name)))),
    h('button', { type: 'button', class: 'primary', onclick: () => { page.replay = null; draw(); } }, 'Back to the table'));
}

document.addEventListener('keydown', (e) => {
  if (!page.replay || e.target.closest('input, select, textarea')) return;
  if (e.key === 'ArrowLeft') goTo(page.replay.index - 1);
  if (e.key === 'ArrowRight') goTo(page.replay.index + 1);
});
