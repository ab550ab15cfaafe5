// The lobby: choose a game, its players, options and seats; create the table; hand out the join
// links. Tables created here are kept in localStorage (the server shows seat tokens only once)
// and listed with their live status.

import { h, replace, plural } from './dom.js';
import { openRules, rulesButton } from './rules.js';
import { keepLocal } from './pass.js';

const STORE = 'parlour.tables';
const $ = (id) => document.getElementById(id);
let games = [];

const BOT_LABELS = {
  random: 'random moves',
  greedy: 'greedy',
  'ismcts:easy': 'easy',
  'ismcts:medium': 'medium',
  'ismcts:hard': 'hard',
  solver: 'solver',
};

function botLabel(spec) {
  return `Bot: ${BOT_LABELS[spec] ?? spec}`;
}

function saved() {
  try { return JSON.parse(localStorage.getItem(STORE)) ?? []; } catch { return []; }
}

function save(list) {
  localStorage.setItem(STORE, JSON.stringify(list));
}

function current() {
  return games.find((g) => g.id === $('game').value);
}

// ---- the form ---------------------------------------------------------------------------------

function optionField(o, players) {
  const id = `opt-${o.id}`;
  const help = h('p', { class: 'help', id: `${id}-help` }, o.help);
  const common = { id, name: o.id, 'aria-describedby': `${id}-help`, dataset: { kind: o.kind } };
  let input;
  switch (o.kind) {
    case 'flag':
      input = h('input', { ...common, type: 'checkbox', checked: !!o.default });
      return h('div', { class: 'field field-check' }, input, h('label', { for: id }, o.id.replaceAll('_', ' ')), help);
    case 'int':
      input = h('input', { ...common, type: 'number', min: o.min, max: o.max, step: 1, value: String(o.default), inputmode: 'numeric' });
      break;
    case 'choice':
      input = h('select', common, o.choices.map((c) => h('option', { value: c, selected: c === o.default }, c.replaceAll('_', ' '))));
      break;
    case 'seat':
      input = h('select', common, h('option', { value: 'random' }, 'random'),
        Array.from({ length: players }, (_, i) => h('option', { value: String(i) }, `Seat ${i + 1}`)));
      break;
    default:
      input = h('input', { ...common, type: 'text', value: String(o.default ?? '') });
  }
  return h('div', { class: 'field' }, h('label', { for: id }, o.id.replaceAll('_', ' ')), input, help);
}

function seatField(i, g, previous) {
  const kindId = `seat-${i}-kind`;
  const nameId = `seat-${i}-name`;
  const kind = previous?.kind ?? (i === 0 ? 'human' : (g.bots.includes('greedy') ? 'greedy' : g.bots[0]));
  const name = h('input', {
    id: nameId, type: 'text', maxlength: 40, required: true, autocomplete: 'off',
    value: previous?.name ?? (i === 0 ? 'You' : `Player ${i + 1}`), 'aria-label': `Seat ${i + 1} name`,
  });
  const select = h('select', { id: kindId, 'aria-label': `Seat ${i + 1}` },
    h('option', { value: 'human', selected: kind === 'human' }, 'Person'),
    g.bots.map((b) => h('option', { value: b, selected: kind === b }, botLabel(b))));
  const row = h('div', { class: 'seat-field', dataset: { seat: String(i) } },
    h('span', { class: 'seat-label' }, `Seat ${i + 1}`), select, name);
  const sync = () => {
    name.hidden = select.value !== 'human';
    row.classList.toggle('seat-bot', name.hidden);
  };
  select.addEventListener('change', sync);
  sync();
  return row;
}

function drawForm() {
  const g = current();
  if (!g) return;
  replace($('game-summary'), g.summary, ' ', h('span', { class: 'muted' },
    g.min_players === g.max_players ? plural(g.min_players, 'player') : `${g.min_players}–${g.max_players} players`),
  rulesButton(`How to play ${g.name}`, () => openRules(g, request().options, 'The options chosen for this table')));
  const players = $('players');
  const keep = Number(players.value);
  replace(players, Array.from({ length: g.max_players - g.min_players + 1 }, (_, k) => {
    const n = g.min_players + k;
    return h('option', { value: String(n) }, plural(n, 'player'));
  }));
  players.value = String(keep >= g.min_players && keep <= g.max_players && players.dataset.game === g.id ? keep : g.default_players);
  players.dataset.game = g.id;
  drawOptions();
  drawSeats();
}

function drawOptions() {
  const g = current();
  const n = Number($('players').value);
  const fs = $('options');
  replace(fs, h('legend', {}, 'Options'),
    g.options.length ? g.options.map((o) => optionField(o, n)) : h('p', { class: 'help' }, 'This game has no options.'));
}

function drawSeats() {
  const g = current();
  const n = Number($('players').value);
  const fs = $('seats');
  const previous = [...fs.querySelectorAll('.seat-field')].map((el) => ({
    kind: el.querySelector('select').value,
    name: el.querySelector('input').value,
  }));
  replace(fs, h('legend', {}, 'Who sits where'),
    Array.from({ length: n }, (_, i) => seatField(i, g, fs.dataset.game === g.id ? previous[i] : null)));
  fs.dataset.game = g.id;
}

function request() {
  const g = current();
  const options = {};
  for (const o of g.options) {
    const el = $(`opt-${o.id}`);
    let v;
    if (o.kind === 'flag') v = el.checked;
    else if (o.kind === 'int') v = Number(el.value);
    else v = el.value;
    if (v !== o.default) options[o.id] = v;
  }
  const seats = [...$('seats').querySelectorAll('.seat-field')].map((el) => {
    const kind = el.querySelector('select').value;
    return kind === 'human' ? { human: { name: el.querySelector('input').value.trim() } } : { bot: kind };
  });
  return { game: g.id, options, seats };
}

async function create(e) {
  e.preventDefault();
  const err = $('create-error');
  err.hidden = true;
  const req = request();
  const res = await fetch('/api/tables', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(req),
  }).catch(() => null);
  const body = res ? await res.json().catch(() => ({})) : {};
  if (!res || res.status !== 201) {
    replace(err, `The table was not created: ${body.error ?? 'the server did not answer'}`);
    err.hidden = false;
    return;
  }
  const entry = {
    id: body.table,
    game: req.game,
    created: Date.now(),
    spectate: body.spectate,
    // Absolute links at the server's public address, when it tells one.
    spectateUrl: body.spectate_url ?? null,
    seats: body.seats.map((s) => ({ seat: s.seat, name: s.name, token: s.token, url: s.url ?? null })),
  };
  save([entry, ...saved().filter((t) => t.id !== entry.id)]);
  showCreated(entry);
  drawMine();
}

// ---- links ------------------------------------------------------------------------------------

function playLink(t, s) {
  return s.url ?? `${location.origin}/play/${t.id}?token=${s.token}`;
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Select and copy the link';
  }
  setTimeout(() => { button.textContent = 'Copy link'; }, 2000);
}

function seatLinks(t) {
  return h('ul', { class: 'links' }, t.seats.map((s) => {
    const link = playLink(t, s);
    const copyButton = h('button', { type: 'button', 'aria-label': `Copy seat ${s.seat + 1} link (${s.name})`, onclick: () => copy(link, copyButton) }, 'Copy link');
    return h('li', {},
      h('span', { class: 'link-name' }, `Seat ${s.seat + 1}: ${s.name}`),
      h('input', { type: 'text', readonly: true, value: link, 'aria-label': `Seat ${s.seat + 1} join link`, onfocus: (e) => e.target.select() }),
      h('span', { class: 'link-actions' }, copyButton,
        h('a', { class: 'button-link primary', href: `/play/${t.id}?token=${s.token}`, target: '_blank', rel: 'noopener' }, `Play as ${s.name}`)));
  }));
}

function showCreated(t) {
  const g = games.find((x) => x.id === t.game);
  replace($('created-body'),
    h('p', {}, `${g?.name ?? t.game}: hand each person their link. Anyone may watch at `,
      h('a', { href: t.spectate }, t.spectateUrl ?? `${location.origin}${t.spectate}`), '.'),
    t.seats.length ? seatLinks(t) : h('p', {}, 'Only bots play: ', h('a', { href: t.spectate }, 'watch them'), '.'),
    t.seats.length > 1 ? h('p', {}, 'Or pass one device around: ',
      h('button', { type: 'button', class: 'primary', onclick: () => { keepLocal(t.id, t.seats); location.assign(`/play/${t.id}`); } },
        `Pass and play: ${t.seats.map((s) => s.name).join(', ')} on this device`)) : null);
  $('created').hidden = false;
  $('created').scrollIntoView({ block: 'start' });
}

// ---- the creator's tables ---------------------------------------------------------------------

async function drawMine() {
  const list = saved();
  const mine = $('mine');
  if (!list.length) {
    replace(mine, h('p', { class: 'muted' }, 'None yet.'));
    return;
  }
  const rows = await Promise.all(list.map(async (t) => {
    const r = await fetch(`/api/tables/${t.id}`).catch(() => null);
    const s = r?.ok ? await r.json() : null;
    return { t, s, gone: r?.status === 404 };
  }));
  const section = (title, items) => items.length ? [h('h3', {}, title), h('ul', { class: 'tables' }, items.map(tableRow))] : [];
  replace(mine,
    section('Open', rows.filter((x) => x.s && x.s.status !== 'finished')),
    section('Finished', rows.filter((x) => x.s?.status === 'finished')),
    section('Not reachable', rows.filter((x) => !x.s)));
}

function tableRow({ t, s, gone }) {
  const g = games.find((x) => x.id === t.game);
  let status = gone ? 'no longer on this server' : 'not reachable now';
  if (s) {
    if (s.status === 'waiting') status = `waiting for ${s.seats.filter((x) => !x.joined).map((x) => x.name).join(', ')}`;
    else if (s.status === 'playing') status = `playing, step ${s.step}`;
    else if (s.outcome) status = `finished: ${s.outcome.scores.join(' · ')}`;
  }
  const forget = () => { save(saved().filter((x) => x.id !== t.id)); drawMine(); };
  return h('li', { class: 'table-row' },
    h('div', {}, h('strong', {}, g?.name ?? t.game), ' ', h('span', { class: 'muted' }, new Date(t.created).toLocaleString())),
    h('div', { class: 'muted' }, status),
    h('div', { class: 'link-actions' },
      t.seats.map((seat) => h('a', { class: 'button-link', href: `/play/${t.id}?token=${seat.token}` }, `Play as ${seat.name}`)),
      h('a', { class: 'button-link', href: t.spectate }, 'Watch'),
      h('button', { type: 'button', onclick: () => showCreated(t) }, 'Links'),
      h('button', { type: 'button', 'aria-label': `Forget this ${g?.name ?? t.game} table`, onclick: forget }, 'Forget')));
}

// ---- start ------------------------------------------------------------------------------------

async function start() {
  games = await (await fetch('/api/games')).json();
  replace($('game'), games.map((g) => h('option', { value: g.id }, g.name)));
  $('game').addEventListener('change', drawForm);
  $('players').addEventListener('change', () => { drawOptions(); drawSeats(); });
  $('create').addEventListener('submit', create);
  drawForm();
  drawMine();
}

start();
